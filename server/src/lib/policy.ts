import type { RequestHandler } from 'express';
import type { Role } from '../generated/prisma/enums';
import { forbidden, unauthorized } from './errors';

/**
 * The permission table of CONTRACT.md §3, in one place. `any`: on every record; `own`: only on the
 * caller's own records (the route checks ownership with `scopeAllows`). A role not listed is denied.
 */
type Grant = 'any' | 'own';
type Actor = Role | 'anonymous';

const STAFF = { author: 'any', editor: 'any', admin: 'any', super_admin: 'any' } as const;
const EDITORS = { editor: 'any', admin: 'any', super_admin: 'any' } as const;
const ADMINS = { admin: 'any', super_admin: 'any' } as const;
const SIGNED_IN = { user: 'any', ...STAFF } as const;

export const PERMISSIONS = {
  'articles:list-all': { author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'articles:read-draft': { author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'articles:create': STAFF,
  'articles:edit': { author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'articles:publish': EDITORS,
  'articles:delete': ADMINS,
  'uploads:create': STAFF,
  'categories:manage': EDITORS,
  'breaking-news:list-all': STAFF,
  'breaking-news:create': STAFF,
  'breaking-news:edit': { author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'breaking-news:publish': EDITORS,
  'breaking-news:delete': EDITORS,
  'comments:create': SIGNED_IN,
  'comments:edit': { user: 'own', author: 'own', editor: 'own', admin: 'own', super_admin: 'own' },
  'comments:delete': { user: 'own', author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'comments:list-all': { author: 'own', editor: 'any', admin: 'any', super_admin: 'any' },
  'views:list': STAFF,
  'stats:read': STAFF,
  'users:manage': ADMINS,
} as const satisfies Record<string, Partial<Record<Actor, Grant>>>;

export type Permission = keyof typeof PERMISSIONS;

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

export function grantFor(role: Actor, permission: Permission): Grant | undefined {
  return (PERMISSIONS[permission] as Partial<Record<Actor, Grant>>)[role];
}

/** May `user` act on a record owned by `ownerId` under `permission`? */
export function allows(user: AuthUser | undefined, permission: Permission, ownerId?: string): boolean {
  const grant = grantFor(user?.role ?? 'anonymous', permission);
  if (grant === 'any') return true;
  return grant === 'own' && !!user && ownerId !== undefined && ownerId === user.id;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
    /** The grant the caller holds for the route's permission, set by requirePermission. */
    grant?: Grant;
  }
}

/** Route guard: 401 without a valid session, 403 when the role holds no grant for `permission`. */
export function requirePermission(permission: Permission): RequestHandler & { permission: string } {
  const guard: RequestHandler = (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    const grant = grantFor(req.user.role, permission);
    if (!grant) return next(forbidden());
    req.grant = grant;
    next();
  };
  return Object.assign(guard, { permission });
}

/** Route guard for any signed-in user. */
export const requireUser: RequestHandler = function requireUser(req, _res, next) {
  next(req.user ? undefined : unauthorized());
};

/** Explicitly public: states in the route table that no guard is intended. */
export const publicRoute: RequestHandler = function publicRoute(_req, _res, next) {
  next();
};

/** Throws 403 unless the caller may act on a record of `ownerId` (after requirePermission). */
export function requireOwnership(user: AuthUser | undefined, permission: Permission, ownerId: string): void {
  if (!allows(user, permission, ownerId)) throw user ? forbidden() : unauthorized();
}

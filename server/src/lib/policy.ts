import type { RequestHandler } from 'express';
import type { Role } from '../generated/prisma/enums';
import { forbidden, unauthorized } from './errors';

import { grantFor as grantForWire, PERMISSIONS, type Grant, type Permission } from '../../../shared/permissions';
import { roleToWire } from './wire';

/** The permission table lives in shared/permissions.ts, so the client shows only what this enforces. */
export { PERMISSIONS, type Permission };

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

/** The grant of a database role (or of nobody signed in) for `permission`. */
export function grantFor(role: Role | 'anonymous', permission: Permission): Grant | undefined {
  return grantForWire(role === 'anonymous' ? role : roleToWire(role), permission);
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

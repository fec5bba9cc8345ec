import type { Request, RequestHandler } from 'express';
import type { Role } from '../generated/prisma/enums';
import { forbidden, unauthorized } from './errors';

import { grantFor as grantForWire, PERMISSIONS, type Grant, type Permission } from '#shared/permissions';
import { roleToWire } from './wire';

/** The permission table lives in shared/permissions.ts, so the client shows only what this enforces. */
export { PERMISSIONS, type Permission };

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The account's address is proven (a code, a reset, or staff who created it); one-step sign-ups are not. */
  emailVerified: boolean;
  /** The address the request came from (as the trusted balancer says): the audit log's "from where". */
  ip: string;
}

/** The grant of a database role (or of nobody signed in) for `permission`. */
export function grantFor(role: Role | 'anonymous', permission: Permission): Grant | undefined {
  return grantForWire(role === 'anonymous' ? role : roleToWire(role), permission);
}

/** Whose a record is: one owner, or several (an article's author and co-authors). */
type Owners = string | readonly string[];

/** May `user` act on a record owned by `owners` under `permission`? */
export function allows(user: AuthUser | undefined, permission: Permission, owners?: Owners): boolean {
  const grant = grantFor(user?.role ?? 'anonymous', permission);
  if (grant === 'any') return true;
  if (grant !== 'own' || !user || owners === undefined) return false;
  return typeof owners === 'string' ? owners === user.id : owners.includes(user.id);
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
    /** The grant the caller holds for the route's permission, set by requirePermission. */
    grant?: Grant;
  }
}

/** A guard that lets only signed-in callers through: the route's handler then receives a typed `user`. */
export type SignedInGuard = RequestHandler & { readonly signedIn: true };

export function isSignedInGuard(guard: RequestHandler | RequestHandler[]): guard is SignedInGuard {
  return !Array.isArray(guard) && 'signedIn' in guard && guard.signedIn === true;
}

/** The caller behind a signed-in guard (which has already answered 401 without one). */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Route guard: 401 without a valid session, 403 when the role holds no grant for `permission`. */
export function requirePermission(permission: Permission): SignedInGuard & { permission: string } {
  const guard: RequestHandler = (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    const grant = grantFor(req.user.role, permission);
    if (!grant) return next(forbidden());
    req.grant = grant;
    next();
  };
  return Object.assign(guard, { permission, signedIn: true as const });
}

/** Route guard for any signed-in user. */
const anySignedInUser: RequestHandler = function requireUser(req, _res, next) {
  next(req.user ? undefined : unauthorized());
};
export const requireUser: SignedInGuard = Object.assign(anySignedInUser, { signedIn: true as const });

/** Explicitly public: states in the route table that no guard is intended. */
export const publicRoute: RequestHandler = function publicRoute(_req, _res, next) {
  next();
};

/** Throws 403 unless the caller may act on a record of `owners` (after requirePermission). */
export function requireOwnership(user: AuthUser | undefined, permission: Permission, owners: Owners): void {
  if (!allows(user, permission, owners)) throw user ? forbidden() : unauthorized();
}

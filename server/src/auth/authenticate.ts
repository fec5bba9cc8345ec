import type { RequestHandler } from 'express';
import type { AppContext } from '../context';
import { findSession, verifyToken } from './tokens.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads `Authorization: Bearer`, checks the signature, then the session row and the user in one
 * query. A missing, expired, revoked or suspended token leaves `req.user` unset: public routes treat
 * the caller as anonymous and guarded routes answer 401.
 */
export function authenticate({ db, jwtSecret }: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const claims = verifyToken(header.slice(7).trim(), jwtSecret);
    if (!claims || !UUID.test(claims.jti)) return next();
    const session = await findSession(db, claims.jti);
    if (!session || session.expiresAt <= new Date() || session.user.suspended || session.user.id !== claims.sub) return next();
    const { id, name, email, role, emailVerifiedAt } = session.user;
    req.user = {
      id,
      name,
      email,
      role,
      sessionId: claims.jti,
      emailVerified: emailVerifiedAt !== null,
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    };
    next();
  };
}

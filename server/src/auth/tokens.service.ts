import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AppContext } from '../context';
import type { Db } from '../db/client';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

let key: { secret: string; object: KeyObject } | undefined;
/**
 * The secret as a key, made once: given a string, jsonwebtoken's verify first tries to read it as a PEM public key,
 * and that failure cost ~0.4 ms of CPU on every signed-in request (the reports' benchmark profile, 2026-11-28).
 */
function keyOf(secret: string): KeyObject {
  if (key?.secret !== secret) key = { secret, object: createSecretKey(Buffer.from(secret)) };
  return key.object;
}

/** Issues a JWT whose `jti` is a Session row: deleting the row revokes the token (docs/spec/CONTRACT.md §2). */
export async function issueToken(ctx: Pick<AppContext, 'db' | 'jwtSecret'>, user: { id: string; role: string }): Promise<string> {
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
  const session = await ctx.db.session.create({ data: { userId: user.id, expiresAt } });
  return jwt.sign({ sub: user.id, role: user.role }, keyOf(ctx.jwtSecret), {
    algorithm: 'HS256',
    expiresIn: TOKEN_TTL_SECONDS,
    jwtid: session.id,
  });
}

/** Revokes every token of a user (password reset, suspension). */
export async function revokeAllSessions(db: Pick<Db, 'session'>, userId: string): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

/** A token's session with its user, read in one query (auth/authenticate.ts); null when there is none (the token was revoked). */
export function findSession(db: Pick<Db, 'session'>, id: string) {
  return db.session.findUnique({
    where: { id },
    select: {
      expiresAt: true,
      user: { select: { id: true, name: true, email: true, role: true, suspended: true, emailVerifiedAt: true } },
    },
  });
}

export interface TokenClaims {
  sub: string;
  jti: string;
}

export function verifyToken(token: string, secret: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return null;
    return { sub: claims.sub, jti: claims.jti };
  } catch {
    return null;
  }
}

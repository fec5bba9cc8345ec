import type { Db } from '../db/client';

const DAY_MS = 24 * 3_600_000;

/**
 * Deletes rows that can no longer matter: expired sessions (their tokens are expired too), e-mail codes
 * a day past their expiry, and rate-limit windows that have closed. Idempotent, so several app servers
 * may run it at once.
 */
export async function sweepExpired(db: Db, now = new Date()) {
  const [sessions, codes, limits] = await db.$transaction([
    db.session.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.emailCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } }),
    db.rateLimit.deleteMany({ where: { resetAt: { lt: now } } }),
  ]);
  return { sessions: sessions.count, codes: codes.count, rateLimits: limits.count };
}

/** Runs the sweep now and then every `intervalMs`; returns a stop function. Failures are logged, never thrown. */
export function scheduleSweep(db: Db, onError: (err: unknown) => void, intervalMs = 3_600_000): () => void {
  const run = () => void sweepExpired(db).catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

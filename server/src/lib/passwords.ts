import bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { passwordTooLong } from '../../../shared/schemas/auth';
import { serviceUnavailable } from './errors';

/** CONTRACT.md §5: bcrypt with cost 12 or more. */
export const BCRYPT_COST = 12;

/**
 * bcrypt runs on libuv's thread pool (4 threads by default), the pool that also reads every file that
 * express.static serves. At most HASH_CONCURRENCY hashes run at once, so a burst of logins waits here, in
 * this queue, instead of in front of every file read; past HASH_QUEUE_MAX waiting the answer is 503 rather
 * than a wait without end. docs/decisions/012-login-limits.md.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_MAX = 100;
const BUSY = 'The server is busy. Please try again in a moment.';

/**
 * Whose work a hash is: the client's network (`clientNetwork(req)`) for a request that is not signed in,
 * `staffRequester(id)` for a signed-in staff member, SERVER for the server's own work (start-up, seeding).
 */
export type Requester = string;
export const SERVER: Requester = 'server';
export const staffRequester = (userId: string): Requester => `user:${userId}`;

let running = 0;
let started = 0;
const queue: (() => void)[] = [];

type StartWatcher = (start: { requester: Requester; startedAhead: number }) => void;
const watchers = new Set<StartWatcher>();

/**
 * Called as each hash starts, with how many others started between its joining the queue and its start.
 * For tests and diagnostics: it shows who overtakes whom. Returns the unsubscribe.
 */
export function watchHashStarts(watcher: StartWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function begin(requester: Requester, queuedAt: number): void {
  for (const watch of watchers) watch({ requester, startedAhead: started - queuedAt });
  started++;
}

async function withHashSlot<T>(requester: Requester, work: () => Promise<T>): Promise<T> {
  const queuedAt = started;
  if (running < HASH_CONCURRENCY) running++;
  else if (queue.length >= HASH_QUEUE_MAX) throw serviceUnavailable(BUSY);
  else await new Promise<void>((resolve) => queue.push(resolve));
  begin(requester, queuedAt);
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never dips while others wait.
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes run and wait right now (for the health of the pool, and its tests). */
export const hashingLoad = () => ({ running, waiting: queue.length });

/** The schemas refuse passwords past bcrypt's 72 bytes; reaching here with one is a bug, not a truncation. */
export async function hashPassword(password: string, requester: Requester): Promise<string> {
  if (passwordTooLong(password)) throw new Error('refusing to hash a password longer than bcrypt reads');
  return withHashSlot(requester, () => bcrypt.hash(password, BCRYPT_COST));
}

/**
 * bcrypt compares only the first 72 bytes of a password: callers that accept a password refuse longer ones
 * (`passwordTooLong`), and login tells such a match apart (auth.service.ts).
 */
export const verifyPassword = (password: string, hash: string, requester: Requester): Promise<boolean> =>
  withHashSlot(requester, () => bcrypt.compare(password, hash));

/** A random password that satisfies the sign-up rule (upper, lower, digit, special). */
export function randomPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

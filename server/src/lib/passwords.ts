import bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { passwordTooLong } from '#shared/schemas/password';
import { serviceUnavailable, tooManyRequests, type HttpError } from './errors';

/** docs/spec/CONTRACT.md §5: bcrypt with cost 12 or more. */
export const BCRYPT_COST = 12;

/**
 * bcrypt runs on libuv's thread pool (4 threads by default), the pool that also reads every file that
 * express.static serves. At most HASH_CONCURRENCY hashes run at once, so a burst of logins waits here, in
 * this queue, instead of in front of every file read. At most HASH_QUEUE_MAX wait, whoever they are for.
 * docs/decisions/012-login-limits.md, 041-fair-password-hashing.md.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_MAX = 100;
const BUSY = 'The server is busy. Please try again in a moment.';
const OVER_SHARE = 'Too many requests at once. Please try again in a moment.';

/**
 * Whose work a hash is, so that the queue can share its slots fairly: the client's network
 * (`clientNetwork(req)`) for a request that is not signed in, `staffRequester(id)` for a signed-in staff
 * member, SERVER for the server's own work (start-up, seeding).
 */
export type Requester = string;
export const SERVER: Requester = 'server';
export const staffRequester = (userId: string): Requester => `user:${userId}`;

interface Waiter {
  start: () => void;
  refuse: (error: HttpError) => void;
  /** Arrival order, which settles ties. */
  seq: number;
  /** `started` when it joined: how many hashes started ahead of it is the difference. */
  queuedAt: number;
}

/** A requester with checks running or waiting; forgotten as soon as it has neither. */
interface Line {
  waiting: Waiter[];
  running: number;
  /** Checks started since it last had none running or waiting. */
  served: number;
}

let running = 0;
let waiting = 0;
let started = 0;
let arrivals = 0;
const lines = new Map<Requester, Line>();

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

function begin(requester: Requester, line: Line, queuedAt: number): void {
  line.running++;
  line.served++;
  for (const watch of watchers) watch({ requester, startedAhead: started - queuedAt });
  started++;
}

/**
 * A full queue drops the newest waiter of the longest line: the newcomer itself (429) when its requester's line
 * would be the longest, another requester's newest otherwise (429 to that one). Only when every line holds a
 * single waiter, and the newcomer would open one more, is the server truly full (503).
 */
function makeRoom(requester: Requester): void {
  const own = (lines.get(requester)?.waiting.length ?? 0) + 1;
  let longest: Waiter[] = [];
  for (const line of lines.values()) if (line.waiting.length > longest.length) longest = line.waiting;
  if (own >= longest.length) throw own === 1 ? serviceUnavailable(BUSY) : tooManyRequests(OVER_SHARE, 1);
  waiting--;
  longest.pop()!.refuse(tooManyRequests(OVER_SHARE, 1));
}

function lineOf(requester: Requester): Line {
  let line = lines.get(requester);
  if (!line) lines.set(requester, (line = { waiting: [], running: 0, served: 0 }));
  return line;
}

function waitTurn(requester: Requester): Promise<void> {
  if (waiting >= HASH_QUEUE_MAX) makeRoom(requester);
  return new Promise<void>((start, refuse) => {
    lineOf(requester).waiting.push({ start, refuse, seq: arrivals++, queuedAt: started });
    waiting++;
  });
}

/** Whether `a` goes before `b`: served fewer checks, else fewer waiting, else arrived first. */
function ahead(a: Line, b: Line): boolean {
  if (a.served !== b.served) return a.served < b.served;
  if (a.waiting.length !== b.waiting.length) return a.waiting.length < b.waiting.length;
  return a.waiting[0]!.seq < b.waiting[0]!.seq;
}

/**
 * A free slot goes to the requester served least since it became busy: requesters with checks waiting take
 * turns, one check each, and a newcomer goes ahead of any flood however deep. Among requesters served alike, the
 * one asking for less goes first, so even at the start of a flood, before any of its networks has been served,
 * a single login is not behind one check of each. The slot passes straight on, so `running` never dips while
 * others wait.
 */
function passSlot(): void {
  let next: [Requester, Line] | undefined;
  for (const entry of lines) if (entry[1].waiting.length && (!next || ahead(entry[1], next[1]))) next = entry;
  if (!next) {
    running--;
    return;
  }
  const [requester, line] = next;
  const waiter = line.waiting.shift()!;
  waiting--;
  begin(requester, line, waiter.queuedAt);
  waiter.start();
}

async function withHashSlot<T>(requester: Requester, work: () => Promise<T>): Promise<T> {
  if (running < HASH_CONCURRENCY) {
    running++;
    begin(requester, lineOf(requester), started);
  } else await waitTurn(requester);
  try {
    return await work();
  } finally {
    const line = lines.get(requester)!;
    line.running--;
    passSlot();
    if (!line.running && !line.waiting.length) lines.delete(requester);
  }
}

/** How many hashes run and wait right now, and for how many requesters (for the health of the pool, and its tests). */
export const hashingLoad = () => ({ running, waiting, requesters: lines.size });

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

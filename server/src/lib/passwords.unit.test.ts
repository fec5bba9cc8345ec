import bcrypt from 'bcrypt';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { HASH_CONCURRENCY, HASH_QUEUE_MAX, hashingLoad, verifyPassword, watchHashStarts, type Requester } from './passwords';

// The queue does not care what it runs: cost 4 keeps a hundred checks quick.
const cheap = bcrypt.hashSync('cheap', 4);
const starts: { requester: Requester; startedAhead: number }[] = [];
watchHashStarts((start) => starts.push(start));

/** Queues one check per requester, in order, within one tick (nothing starts or ends in between). */
const check = (...requesters: Requester[]) => requesters.map((r) => verifyPassword('cheap', cheap, r).then(() => r));
const times = (n: number, requester: Requester) => Array<Requester>(n).fill(requester);
const statusOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? 'checked' : outcome.reason instanceof HttpError ? outcome.reason.status : 'crashed';

afterEach(() => {
  expect(hashingLoad()).toEqual({ running: 0, waiting: 0, requesters: 0 });
  starts.length = 0;
});

describe('the password hashing queue', () => {
  it('serves the requester served least first, the one with fewer waiting among equals: a newcomer goes ahead of deep lines', async () => {
    expect(HASH_CONCURRENCY).toBe(2);
    const early = check(...times(7, 'A'), 'B', 'B', 'C');
    // A's first two took the free slots. D arrives last, while they run: the order of arrival is settled before any
    // slot frees, whichever of the two hashes ends first (waiting for one of them to end raced the other one).
    const late = check('D');
    await Promise.all([...early, ...late]);
    // When a slot frees, C and D (served none, one waiting each, in their order) go ahead of B (served none, two
    // waiting), and A's rest (served two already) last.
    expect(starts.map((s) => s.requester).join('')).toBe('AACDBBAAAAA');
    // Of the checks that started after D arrived, only C's (which arrived before it) went ahead of it.
    expect(starts.find((s) => s.requester === 'D')?.startedAhead).toBe(1);
  });

  it('lets two deep lines take turns once they have been served alike', async () => {
    await Promise.all(check(...times(4, 'A'), ...times(4, 'B')));
    expect(starts.map((s) => s.requester).join('')).toBe('AABBABAB');
  });

  it('when the waiting room is full, turns away the newest waiter of the longest line with 429, so a newcomer still gets in', async () => {
    const flood = check(...times(HASH_CONCURRENCY + HASH_QUEUE_MAX - 1, 'A'), 'B');
    expect(hashingLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_MAX, requesters: 2 });
    const newcomer = check('C');
    // A's line is still the longest, and A's own next one would only lengthen it: refused at once.
    const more = check('A');
    // B has one waiting; its second makes room at A's expense.
    const second = check('B');
    expect(hashingLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_MAX, requesters: 3 });

    const outcomes = (await Promise.allSettled([...flood, ...newcomer, ...more, ...second])).map(statusOf);
    expect(outcomes.filter((s) => s === 429)).toHaveLength(3);
    expect(outcomes.filter((s) => s === 'checked')).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE_MAX);
    // The two places given up were A's newest; the newcomer and B's second were checked.
    expect(outcomes.slice(-5)).toEqual([429, 'checked', 'checked', 429, 'checked']);
    expect(outcomes.at(-5 - 1)).toBe(429);
    const refusal = (await Promise.allSettled(check(...times(HASH_CONCURRENCY + HASH_QUEUE_MAX + 1, 'A')))).at(-1);
    expect(refusal?.status === 'rejected' && (refusal.reason as HttpError).headers).toEqual({ 'Retry-After': '1' });
  });

  it('answers 503 only when every waiting requester holds a single place and yet another one arrives', async () => {
    const running = check(...times(HASH_CONCURRENCY, 'R'));
    const everyone = check(...Array.from({ length: HASH_QUEUE_MAX }, (_, i) => `net-${i}`));
    const [stranger, again] = [check('net-new'), check('net-0')];
    const [strangerOutcome, againOutcome] = await Promise.all([Promise.allSettled(stranger), Promise.allSettled(again)]);
    expect(statusOf(strangerOutcome[0]!)).toBe(503);
    expect(statusOf(againOutcome[0]!)).toBe(429);
    expect((await Promise.allSettled([...running, ...everyone])).every((o) => o.status === 'fulfilled')).toBe(true);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../server/src/auth/auth.service';
import { hashingLoad, watchHashStarts, type Requester } from '../../server/src/lib/passwords';
import { uniqueEmail } from '../helpers/auth';
import { createTestApp } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';

/**
 * Issue 22, item 7: wrong logins from 10 networks, each under every per-network limit, filled the password
 * hashing queue; the owner's login from another network waited 23 s or got 503. Replayed against the real app,
 * each network speaking through X-Forwarded-For (TRUST_PROXY=loopback).
 */
const { app, db } = await createTestApp({ TRUST_PROXY: 'loopback' });
const server = http.createServer(app).listen(0, '127.0.0.1');
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function login(network: string, email: string, password: string) {
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': network },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { message: string }, retryAfter: res.headers.get('retry-after') };
}

// About a hundred real bcrypt checks at the production cost: generous time on a loaded machine.
it("checks the owner's password next, ahead of 10 networks' queued guesses, and answers nobody 503", { timeout: 180_000 }, async () => {
  const owner = await createUser(db, { role: 'super-admin' });
  const attackers = Array.from({ length: 10 }, (_, i) => `10.22.7.${i + 1}`);
  const ownerNetwork = '10.22.8.1';
  const starts: { requester: Requester; startedAhead: number }[] = [];
  const unwatch = watchHashStarts((start) => starts.push(start));

  // Each network at its per-minute attempt limit, all at once, each guess for another address (so that no
  // address+network pair nears its failure limit either).
  const attack = attackers.flatMap((network) =>
    Array.from({ length: LOGIN_LIMITS.attemptsPerIp }, () => login(network, uniqueEmail('guess'), 'Wrong-Pass#1')),
  );
  // The flood is under way: the queue is full of guesses, and a round's worth of them has started.
  const deadline = Date.now() + 60_000;
  while ((hashingLoad().waiting < 90 || starts.length < attackers.length) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  expect(hashingLoad().waiting).toBeGreaterThanOrEqual(90);
  const unserved = attackers.filter((network) => !starts.some((s) => s.requester === network)).length;

  const signIn = await login(ownerNetwork, owner.email, TEST_PASSWORD);
  const guesses = await Promise.all(attack);
  unwatch();

  expect(signIn.status, signIn.body.message).toBe(200);
  // Served least, the owner's network waited only for attacking networks that had had no check yet (usually
  // none), never for the guesses queued ahead of it.
  expect(starts.find((s) => s.requester === ownerNetwork)?.startedAhead).toBeLessThanOrEqual(unserved);

  expect(guesses.filter((g) => g.status === 503)).toEqual([]);
  // Past the waiting room's bound, each network's newest guesses are the ones turned away, at once.
  const refused = guesses.filter((g) => g.status === 429);
  expect(guesses.filter((g) => g.status !== 401 && g.status !== 429)).toEqual([]);
  for (const g of refused) {
    expect(g.body.message).toBe('Too many requests at once. Please try again in a moment.');
    expect(g.retryAfter).toBe('1');
  }
  expect(hashingLoad()).toEqual({ running: 0, waiting: 0, requesters: 0 });
});

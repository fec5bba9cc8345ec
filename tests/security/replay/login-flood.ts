/**
 * Issue 22, item 7, measured: how long the owner's login takes while 10 networks send wrong passwords at their
 * limits. Not a test (its figures depend on the machine): `npx tsx tests/security/replay/login-flood.ts`, with
 * GUESSES=<n> for another number of guesses per network than its 30 attempts a minute (the red team sent 11).
 *
 * Builds what is stale, starts the production build (server/dist/main.js) on an embedded PostgreSQL in a
 * temporary folder with TRUST_PROXY=loopback (each network speaks through X-Forwarded-For), signs the
 * super-admin in once alone, then fires every network's guesses at once and signs in from an 11th network 1 s
 * into the flood and every 3 s after, while it lasts. Beside each sign-in, a request that costs one database
 * query and no hashing (a code check for an address without a code) shows how busy the rest of the server is.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_LIMITS } from '../../../server/src/auth/auth.service';
import { freePort } from '../../../server/src/db/embedded';
import { ROOT, startServer, waitReady } from '../../helpers/server-process';

const NETWORKS = 10;
const GUESSES = Number(process.env.GUESSES ?? LOGIN_LIMITS.attemptsPerIp);
const OWNER = { email: 'owner@flood.test', password: 'Owner-Flood#2026' };

const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-login-flood-'));
// The embedded PostgreSQL may run as another user (as root, the server drops to one for it).
chmodSync(dir, 0o755);
const port = await freePort();
const run = startServer(
  {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    TRUST_PROXY: 'loopback',
    SUPERADMIN_EMAIL: OWNER.email,
    SUPERADMIN_PASSWORD: OWNER.password,
  },
  ['--enable-source-maps', 'server/dist/main.js'],
);

async function post(path: string, network: string, body: object) {
  const began = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': network },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - began };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  await waitReady(port, run.exited).catch((error: unknown) => {
    console.error(run.output());
    throw error;
  });
  await post('/login', '10.22.9.1', OWNER);
  const alone = await post('/login', '10.22.9.2', OWNER);
  console.log(`owner's login, alone: ${seconds(alone.ms)} (${alone.status})`);

  const began = performance.now();
  let guess = 0;
  const attack = Array.from({ length: NETWORKS }, (_, n) => `10.22.7.${n + 1}`).flatMap((network) =>
    Array.from({ length: GUESSES }, () => post('/login', network, { email: `guess-${++guess}@flood.test`, password: 'Wrong-Pass#1' })),
  );
  let flooding = true;
  const answered = Promise.all(attack).finally(() => (flooding = false));
  console.log(`owner's login from an 11th network while ${NETWORKS} networks send ${attack.length} wrong passwords at once:`);
  for (let at = 1_000; flooding; at += 3_000) {
    await new Promise((r) => setTimeout(r, at - (performance.now() - began)));
    if (!flooding) break;
    const probe = post('/verify-otp', '10.22.8.2', { email: 'nobody@flood.test', otp: '123456' });
    const owner = await post('/login', '10.22.8.1', OWNER);
    console.log(`  at ${at / 1000} s: ${seconds(owner.ms)} (${owner.status}); a one-query request: ${Math.round((await probe).ms)} ms`);
  }
  const counts = new Map<number, number>();
  for (const { status } of await answered) counts.set(status, (counts.get(status) ?? 0) + 1);
  const tally = [...counts].map(([status, n]) => `${status} × ${n}`).join(', ');
  console.log(`the wrong passwords: ${tally}, the last answered after ${seconds(performance.now() - began)}`);
} finally {
  run.child.kill('SIGTERM');
  await run.exited;
  rmSync(dir, { recursive: true, force: true });
}

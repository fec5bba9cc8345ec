import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded';
import { ROOT, startServer, waitReady } from '../helpers/server-process';

const temp: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-lifecycle-'));
  chmodSync(dir, 0o755);
  temp.push(dir);
  return dir;
}
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * Ready, and ready as this server: its own log says so. The port's /readyz alone can be another process's: a port found
 * free may be taken by another test's server before this one listens, and a stop sent then would land mid-start.
 */
async function ownReady(port: number, run: ReturnType<typeof startServer>) {
  await waitReady(port, run.exited);
  const deadline = Date.now() + 60_000;
  while (!run.output().includes('is ready at')) {
    if (Date.now() > deadline) throw new Error(`the server on port ${port} is not this one:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process lifecycle', () => {
  it('starts on an embedded PostgreSQL, keeps data across restarts, and SIGTERM stops it and PostgreSQL', async () => {
    const dir = tempDir();
    const env = { DATA_DIR: path.join(dir, 'data'), UPLOAD_DIR: path.join(dir, 'uploads'), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    const pidFile = path.join(dir, 'data/pg/postmaster.pid');

    const port1 = await freePort();
    const first = startServer({ ...env, PORT: String(port1) });
    await ownReady(port1, first);
    expect(existsSync(pidFile)).toBe(true);
    first.child.kill('SIGTERM');
    const stop = await Promise.race([first.exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(stop, first.output()).toEqual({ code: 0, signal: null });
    // PostgreSQL removes its pid file when it has shut down.
    expect(existsSync(pidFile)).toBe(false);

    const port2 = await freePort();
    const second = startServer({ ...env, PORT: String(port2) });
    await ownReady(port2, second);
    // The super-admin created by the first start is still there: the second start creates none.
    expect(first.output()).toContain('super-admin created');
    expect(second.output()).not.toContain('super-admin created');
    // Ctrl-C: SIGINT to the whole group, the embedded PostgreSQL included.
    process.kill(-second.child.pid!, 'SIGINT');
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    expect(existsSync(pidFile)).toBe(false);
  }, 180_000);

  it('exits non-zero with one clear line when DATABASE_URL cannot be reached', async () => {
    const port = await freePort();
    const dir = tempDir();
    const run = startServer({
      DATABASE_URL: `postgresql://nobody:secret@127.0.0.1:${port}/none`,
      DATA_DIR: dir,
      UPLOAD_DIR: dir,
      PORT: String(await freePort()),
    });
    const { code } = await run.exited;
    expect(code).toBe(1);
    const lines = run
      .output()
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('chronicle:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Cannot connect to the database at postgresql:\/\/nobody:\*\*\*@127\.0\.0\.1/);
    expect(run.output()).not.toContain('secret');
  }, 60_000);

  it('exits non-zero with one clear line when the port is in use', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const dir = tempDir();
      const run = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), UPLOAD_DIR: dir });
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.output()).toContain(`chronicle: port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('exits non-zero with one clear line on an invalid setting', async () => {
    const run = startServer({ PORT: 'not-a-port' });
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.output()).toMatch(/chronicle: Invalid configuration: PORT/);
  }, 30_000);
});

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after it are state, ppid.
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);
}

/** Running, and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitGone(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && pids.some(alive)) await new Promise((r) => setTimeout(r, 50));
  return pids.filter(alive);
}

/**
 * Issue 9, item 8: `npm start` is scripts/start.mjs, which runs the built server, which runs the embedded
 * PostgreSQL. Whatever part of that tree a signal reaches, the whole tree stops gracefully (about a second on a quiet machine),
 * and the next start on the same DATA_DIR succeeds.
 */
describe('stopping the npm start tree', () => {
  const dir = tempDir();
  const env = { DATA_DIR: path.join(dir, 'data'), UPLOAD_DIR: path.join(dir, 'uploads'), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  const pidFile = path.join(dir, 'data/pg/postmaster.pid');

  beforeAll(() => {
    // start.mjs builds what is stale; doing it once here keeps each start below short.
    const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'ignore', timeout: 240_000 });
    expect(build.status).toBe(0);
  }, 300_000);

  async function startTree(extra: Record<string, string> = {}) {
    const port = await freePort();
    const run = startServer({ ...env, ...extra, PORT: String(port) }, ['scripts/start.mjs']);
    await waitReady(port, run.exited);
    const [server] = childrenOf(run.child.pid!);
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(server).toBeGreaterThan(0);
    expect(childrenOf(server!)).toContain(postmaster);
    return { ...run, port, pids: { start: run.child.pid!, server: server!, postmaster } };
  }

  /**
   * How long a stop may take here: a graceful stop of the server and PostgreSQL takes about a second, but while the
   * other API suites load both cores it has taken past 5 s (ci-50). What is asserted is that everything stops by
   * itself, not how fast.
   */
  const STOP_WAIT_MS = 20_000;

  const cases: [NodeJS.Signals, 'start' | 'server' | 'postmaster' | 'group'][] = [];
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    for (const target of ['start', 'server', 'postmaster', 'group'] as const)
      // SIGHUP tells PostgreSQL to reload its configuration, not to stop.
      if (!(signal === 'SIGHUP' && target === 'postmaster')) cases.push([signal, target]);

  it.each(cases)(
    '%s to %s stops the whole tree, and the next start succeeds',
    async (signal, target) => {
      const tree = await startTree();
      const all = Object.values(tree.pids);
      if (target === 'group') process.kill(-tree.pids.start, signal);
      else process.kill(tree.pids[target], signal);
      expect(await waitGone(all, STOP_WAIT_MS)).toEqual([]);
      expect(await tree.exited, tree.output()).toEqual({ code: 0, signal: null });
      expect(existsSync(pidFile)).toBe(false);
      expect(tree.output()).not.toContain('chronicle:');
    },
    120_000,
  );

  /**
   * A terminal's Ctrl-C stops PostgreSQL at once, beside the server: a job still running fails, and graphile-worker
   * records that without waiting for the record (ci-53 saw it with the minutely digest), which then cannot reach the
   * database. The stop is still clean. The job here is a sign-up's mail to an SMTP server that never answers.
   */
  it('SIGINT to group while a job runs stops the whole tree cleanly', async () => {
    let connected: () => void;
    const mailing = new Promise<void>((resolve) => (connected = resolve));
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const tree = await startTree({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const asked = await fetch(`http://127.0.0.1:${tree.port}/api/auth/signup/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.com' }),
      });
      expect(asked.status).toBe(200);
      await mailing;
      process.kill(-tree.pids.start, 'SIGINT');
      expect(await waitGone(Object.values(tree.pids), STOP_WAIT_MS)).toEqual([]);
      expect(await tree.exited, tree.output()).toEqual({ code: 0, signal: null });
      expect(existsSync(pidFile)).toBe(false);
      expect(tree.output()).not.toContain('chronicle:');
      // The mail was still being sent: the stop cut it, and its record could not be written.
      expect(tree.output()).toMatch(/Failed task \d+ \(send-mail/);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 120_000);

  // What pm2, supervisord and systemd send to the process they started (docs/decisions/017).
  it('SIGTERM to the real `npm start` process stops the whole tree', async () => {
    const port = await freePort();
    const run = startServer({ ...env, PORT: String(port) }, []);
    await waitReady(port, run.exited);
    const tree = descendants(run.child.pid!);
    // npm's shell, start.mjs, the server, the postmaster and its workers.
    expect(tree.length).toBeGreaterThanOrEqual(4);
    process.kill(run.child.pid!, 'SIGTERM');
    expect(await waitGone([run.child.pid!, ...tree], STOP_WAIT_MS)).toEqual([]);
    expect(existsSync(pidFile)).toBe(false);
  }, 120_000);

  it('recovers from a lock left by a process that is gone or is not PostgreSQL, and says so', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    for (const pid of [gone, process.pid]) {
      writeFileSync(pidFile, `${pid}\n${path.join(dir, 'data/pg')}\n`);
      const tree = await startTree();
      expect(tree.output()).toContain(`removing the stale lock ${pidFile}: process ${pid} is`);
      process.kill(tree.pids.start, 'SIGTERM');
      expect(await tree.exited, tree.output()).toEqual({ code: 0, signal: null });
    }
  }, 120_000);

  it('a PostgreSQL left running on the DATA_DIR is named in plain words, and the start after it is stopped succeeds', async () => {
    const tree = await startTree();
    // What a kill -9 of the app leaves: PostgreSQL running on the data directory, with nobody to stop it.
    process.kill(tree.pids.server, 'SIGKILL');
    process.kill(tree.pids.start, 'SIGKILL');
    await tree.exited;
    expect(alive(tree.pids.postmaster)).toBe(true);
    try {
      const blocked = startServer({ ...env, PORT: String(await freePort()) }, ['scripts/start.mjs']);
      expect((await blocked.exited).code).toBe(1);
      expect(blocked.output()).toContain(
        `chronicle: PostgreSQL (pid ${tree.pids.postmaster}) is already running on ${path.join(dir, 'data/pg')}`,
      );
      expect(blocked.output()).toContain(`kill ${tree.pids.postmaster}`);
    } finally {
      process.kill(tree.pids.postmaster, 'SIGINT');
      expect(await waitGone([tree.pids.postmaster], 10_000)).toEqual([]);
    }
    const next = await startTree();
    process.kill(next.pids.start, 'SIGTERM');
    expect(await next.exited, next.output()).toEqual({ code: 0, signal: null });
  }, 120_000);
});

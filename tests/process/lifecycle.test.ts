import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded';

/** The real server process (server/src/main.ts through tsx), as an operator starts it. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // Its own process group, so a test can signal the group as a terminal's Ctrl-C does.
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SUPERADMIN_PASSWORD: 'Lifecycle#2026', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function waitReady(port: number, exited: Promise<unknown>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

const temp: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-lifecycle-'));
  chmodSync(dir, 0o755);
  temp.push(dir);
  return dir;
}
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('server process lifecycle', () => {
  it('starts on an embedded PostgreSQL, keeps data across restarts, and SIGTERM stops it and PostgreSQL', async () => {
    const dir = tempDir();
    const env = { DATA_DIR: path.join(dir, 'data'), UPLOAD_DIR: path.join(dir, 'uploads'), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    const pidFile = path.join(dir, 'data/pg/postmaster.pid');

    const port1 = await freePort();
    const first = startServer({ ...env, PORT: String(port1) });
    await waitReady(port1, first.exited);
    expect(existsSync(pidFile)).toBe(true);
    first.child.kill('SIGTERM');
    const stop = await Promise.race([first.exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(stop).toEqual({ code: 0, signal: null });
    // PostgreSQL removes its pid file when it has shut down.
    expect(existsSync(pidFile)).toBe(false);

    const port2 = await freePort();
    const second = startServer({ ...env, PORT: String(port2) });
    await waitReady(port2, second.exited);
    // The super-admin created by the first start is still there: the second start creates none.
    expect(first.output()).toContain('super-admin created');
    expect(second.output()).not.toContain('super-admin created');
    // Ctrl-C: SIGINT to the whole group, the embedded PostgreSQL included.
    process.kill(-second.child.pid!, 'SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
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

import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real server process (server/src/main.ts through tsx), as an operator starts it. */
export function startServer(env: Record<string, string>, command = ['--import', 'tsx', 'server/src/main.ts']) {
  // No arguments: `npm start` itself.
  const child = spawn(command.length ? process.execPath : 'npm', command.length ? command : ['start'], {
    cwd: ROOT,
    // Its own process group, so a test can signal the group as a terminal's Ctrl-C does.
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SUPERADMIN_PASSWORD: 'ServerProcess#2026', DATABASE_URL: '', ...env },
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

export async function waitReady(port: number, exited: Promise<unknown>, timeoutMs = 90_000) {
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

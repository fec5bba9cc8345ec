import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server-process';

/**
 * Issue 23: every runner fails loudly. A broken precondition (a binary that is not there, a database that does not
 * answer) makes the runner exit non-zero with its cause among its last lines; an explicit setting is never replaced
 * by another binary. Each case stops before any real work, so the whole file takes seconds.
 */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, tail: output.trimEnd().split('\n').slice(-12).join('\n') }));
  });
}

describe('a runner whose precondition is broken', () => {
  it.each<{ script: string; env: Record<string, string>; cause: string }>([
    { script: 'test:cluster', env: { HAPROXY: '/nonexistent/haproxy' }, cause: 'HAPROXY=/nonexistent/haproxy does not run as HAProxy' },
    { script: 'test:compose', env: { DOCKER: '/nonexistent/docker' }, cause: 'DOCKER=/nonexistent/docker does not run' },
    {
      script: 'test:e2e',
      env: { CHROME_PATH: '/nonexistent/chromium', E2E_PORT: '3989' },
      cause: 'Chromium is not at /nonexistent/chromium',
    },
    { script: 'lighthouse', env: { CHROME_PATH: '/nonexistent/chromium' }, cause: 'Chromium is not at /nonexistent/chromium' },
    { script: 'lighthouse', env: { LIGHTHOUSE_ONLY: 'authors' }, cause: 'LIGHTHOUSE_ONLY=authors names no page of home, article' },
    { script: 'lighthouse', env: { LIGHTHOUSE_RUNS: 'three' }, cause: 'LIGHTHOUSE_RUNS=three is not a number of runs' },
    { script: 'bench', env: { BENCH_DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' }, cause: 'ECONNREFUSED' },
    { script: 'replay', env: { REPLAY_DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' }, cause: 'no PostgreSQL at' },
  ])('npm run $script exits non-zero and says why', { timeout: 120_000 }, async ({ script, env, cause }) => {
    const { code, tail } = await runScript(script, env);
    expect(code, tail).not.toBe(0);
    expect(tail).toContain(cause);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded';
import { codeFrom, startMailbox, uniqueEmail } from '../helpers/auth';
import { emptyDatabase, sqlOnce } from '../helpers/postgres';
import { startServer, waitReady } from '../helpers/server-process';

/**
 * Issue 13, background jobs: an app server with RUN_JOBS=false leaves its mails queued, and the separate
 * `worker` process (`node server/dist/main.js worker`) sends them; it stops cleanly on SIGTERM.
 */
const { url: databaseUrl } = await emptyDatabase('worker');
const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-worker-'));
const mailbox = await startMailbox();
afterAll(async () => {
  await mailbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = {
  DATABASE_URL: databaseUrl.toString(),
  HOST: '127.0.0.1',
  DATA_DIR: dir,
  UPLOAD_DIR: path.join(dir, 'uploads'),
  JWT_SECRET: 'the-app-and-its-workers-share-this-secret',
  SMTP_URL: mailbox.smtpUrl,
  LOG_LEVEL: 'info',
};

describe('the worker process', () => {
  it('sends what an app server with RUN_JOBS=false queued, and stops on SIGTERM', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port), RUN_JOBS: 'false' });
    let worker: ReturnType<typeof startServer> | undefined;
    try {
      await waitReady(port, server.exited, 120_000);
      const email = uniqueEmail('worker');
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/signup/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
      // Queued, not sent: nothing in this process works the queue.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(mailbox.to(email)).toHaveLength(0);
      expect(await sqlOnce(databaseUrl, 'SELECT 1 FROM graphile_worker._private_jobs')).toHaveLength(1);

      worker = startServer(env, ['--import', 'tsx', 'server/src/main.ts', 'worker']);
      const mail = await mailbox.waitFor(email, 1, 60_000);
      const verified = await fetch(`http://127.0.0.1:${port}/api/auth/signup/verify-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, otp: codeFrom(mail) }),
      });
      expect(verified.status).toBe(200);
      expect(worker.output()).toContain('Chronicle News worker is running');

      worker.child.kill('SIGTERM');
      const { code } = await worker.exited;
      expect(code, worker.output()).toBe(0);
      expect(worker.output()).toContain('stopped');
    } finally {
      worker?.child.kill('SIGKILL');
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

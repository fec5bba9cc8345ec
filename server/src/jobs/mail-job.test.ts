import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { until } from '#tests/helpers/until';
import { authPoster, codeFrom, startMailbox, uniqueEmail } from '#tests/helpers/auth';
import { freePort } from '../db/embedded';
import { createLogger } from '../lib/logger';
import { createMailer, type Mail, type Mailer } from '../lib/mailer';
import { runAgain, startJobWorker } from './job-queue.service';
import { MAIL_RETRY, mailKey, mailRetryDelay, openMail, queueMail, sealMail, sendMailTask, type MailRetry } from './mail-job';
import { startJobs } from './tasks';

/**
 * E-mail as background jobs (docs/decisions/036-background-jobs.md), on a real PostgreSQL queue and a real SMTP
 * server: the app's mail server is down when the test starts, and comes up on its port later.
 */
const smtpPort = await freePort();
// Each test starts the workers it needs.
const { app, ctx, db, databaseUrl } = await createTestApp({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  RUN_JOBS: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const post = authPoster(app);

interface JobRow {
  id: string;
  key: string | null;
  attempts: number;
  last_error: string | null;
  payload: string;
}
const jobs = (task = 'send-mail') =>
  db.$queryRaw<JobRow[]>`
    SELECT j.id::text, j.key, j.attempts, j.last_error, j.payload::text
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${task} ORDER BY j.id`;

const failuresOf = (job: Pick<JobRow, 'payload'>) => (JSON.parse(job.payload) as { failures?: number }).failures ?? 0;

const mailTo = (to: string, subject = 'A test mail'): Mail => ({ to, subject, text: subject, html: `<p>${subject}</p>` });
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000);

describe('mail jobs: an SMTP outage delays a code, never loses it', () => {
  const email = uniqueEmail('outage');
  let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;
  let worker: Awaited<ReturnType<typeof startJobs>> | undefined;
  afterAll(async () => {
    await worker?.stop();
    await mailbox?.close();
  });

  it('answers the sign-up at once, keeps retrying while the mail server is down, and delivers a working code once it is back', async () => {
    worker = await startJobs(ctx, databaseUrl);
    const res = await post('/signup/initiate', { email });
    expect(res.status).toBe(200);

    // The first attempt fails (nothing listens on the port) and the mail is queued again for another try.
    const failed = await until('a failed attempt', async () => (await jobs()).find((j) => failuresOf(j) >= 1));
    expect(failed.key).toBe(mailKey(ctx.jwtSecret, 'signup', email));
    expect(JSON.parse(failed.payload)).toMatchObject({ failures: 1, lastError: expect.stringMatching(/^E[A-Z]+$/) });
    // The queue holds the mail sealed: neither the address nor the subject (with its code) in clear, in the payload
    // (with the error kept for the failed attempt) or the key.
    for (const text of [failed.payload, failed.key]) expect(text).not.toContain(email);
    expect(failed.payload).not.toMatch(/verification code|\b\d{6}\b/);
    expect(await db.emailCode.count({ where: { email, purpose: 'signup' } })).toBe(1);

    mailbox = await startMailbox(smtpPort);
    const mail = await mailbox.waitFor(email, 1, 30_000);
    const code = codeFrom(mail);
    expect(failed.payload).not.toContain(code);
    expect((await post('/signup/verify-otp', { email, otp: code })).status).toBe(200);
    // Sent: the job is gone, and it was sent once.
    await until('the job to be gone', async () => (await jobs()).length === 0);
    expect(mailbox.to(email)).toHaveLength(1);
  });
});

describe('mail jobs: the queue', () => {
  it('keeps one waiting mail per key: a newer code replaces the one still waiting', async () => {
    const key = `mail:test:${uniqueEmail()}`;
    await db.$transaction(async (tx) => {
      await queueMail(tx, ctx.jwtSecret, { mail: mailTo('a@example.test', 'first'), expiresAt: inTenMinutes(), key });
      await queueMail(tx, ctx.jwtSecret, { mail: mailTo('a@example.test', 'second'), expiresAt: inTenMinutes(), key });
    });
    const waiting = (await jobs()).filter((j) => j.key === key);
    expect(waiting).toHaveLength(1);
    expect(openMail(ctx.jwtSecret, (JSON.parse(waiting[0]!.payload) as { sealed: string }).sealed)?.subject).toBe('second');
    await db.$executeRaw`SELECT graphile_worker.remove_job(${key})`;
  });

  it('adds nothing when the transaction that asked for the mail rolls back', async () => {
    const key = `mail:test:${uniqueEmail()}`;
    await expect(
      db.$transaction(async (tx) => {
        await queueMail(tx, ctx.jwtSecret, { mail: mailTo('b@example.test'), expiresAt: inTenMinutes(), key });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await jobs()).filter((j) => j.key === key)).toHaveLength(0);
  });

  it('drops a mail whose code expired before the mail server took it, without sending it', async () => {
    const mailbox = await startMailbox();
    const worker = await startJobs({ ...ctx, mailer: createMailer(mailbox.smtpUrl, 'x@chronicle.test', ctx.logger) }, databaseUrl);
    try {
      const stale = uniqueEmail('stale');
      const fresh = uniqueEmail('fresh');
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(stale), expiresAt: new Date(Date.now() - 1_000), key: `mail:test:${stale}` });
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(fresh), expiresAt: inTenMinutes(), key: `mail:test:${fresh}` });
      await until('both jobs to be worked', async () =>
        (await jobs()).every((j) => j.key !== `mail:test:${stale}` && j.key !== `mail:test:${fresh}`),
      );
      await mailbox.waitFor(fresh, 1, 30_000);
      expect(mailbox.to(stale)).toHaveLength(0);
    } finally {
      await worker.stop();
      await mailbox.close();
    }
  });
});

describe('mail jobs: several workers (replicas) share one queue', () => {
  it('runs each job once: 30 mails through three workers arrive once each', async () => {
    const mailbox = await startMailbox();
    const logger = createLogger('silent');
    const counted = (name: string, tally: Map<string, number>): Mailer => {
      const real = createMailer(mailbox.smtpUrl, `${name}@chronicle.test`, logger);
      return {
        async send(mail) {
          tally.set(name, (tally.get(name) ?? 0) + 1);
          await real.send(mail);
        },
        close: () => real.close(),
      };
    };
    const tally = new Map<string, number>();
    const workers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        startJobs({ ...ctx, config: { ...ctx.config, jobConcurrency: 2 }, logger, mailer: counted(name, tally) }, databaseUrl),
      ),
    );
    try {
      const addresses = Array.from({ length: 30 }, () => uniqueEmail('many'));
      const batch = `many-${randomBytes(3).toString('hex')}`;
      await db.$transaction(async (tx) => {
        for (const to of addresses)
          await queueMail(tx, ctx.jwtSecret, { mail: mailTo(to, batch), expiresAt: inTenMinutes(), key: `mail:test:${to}` });
      });
      for (const to of addresses) await mailbox.waitFor(to, 1, 30_000);
      await until('the queue to drain', async () => (await jobs()).every((j) => !addresses.some((to) => j.key === `mail:test:${to}`)));
      const received = mailbox.mails.filter((m) => m.subject === batch);
      expect(received).toHaveLength(30);
      expect(new Set(received.flatMap((m) => m.to)).size).toBe(30);
      // Each job was tried once, by one of the workers.
      expect([...tally.values()].reduce((a, b) => a + b, 0)).toBe(30);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await mailbox.close();
    }
  });
});

/**
 * Issue 22, item 9: graphile-worker's back-off (e^attempts seconds) tried again 636 s after a 4-minute outage
 * began, past the code's 10 minutes. A failed send now queues the mail again itself, after the task's own delay.
 */
describe('mail jobs: tries again soon after a failed send, until the code expires', () => {
  /** A worker whose mails go to `smtpUrl`, with short delays between tries. */
  async function mailWorker(smtpUrl: string, retry: MailRetry) {
    const logger = createLogger('silent');
    const mailer = createMailer(smtpUrl, 'x@chronicle.test', logger);
    const none = async () => {};
    return startJobWorker({
      connectionString: databaseUrl,
      logger,
      tasks: {
        'send-mail': sendMailTask({ ...ctx, logger, mailer, retry }),
        'image-variants': none,
        sweep: none,
        'publish-due': none,
        'empty-trash': none,
        'roll-up-reads': none,
        'newsletter-send': none,
        'newsletter-digests': none,
      },
      pollIntervalMs: 50,
    });
  }

  interface Try {
    id: string;
    failures: number;
    lastError?: string;
    /** How long after it was queued the job was due, by the database's clock. */
    waitMs: number;
  }
  /** Every waiting job of `key`, with the delay it was queued with. */
  const tries = async (key: string) =>
    (
      await db.$queryRaw<{ id: string; payload: string; wait_ms: number }[]>`
        SELECT id::text, payload::text, (extract(epoch FROM run_at - created_at) * 1000)::float8 AS wait_ms
        FROM graphile_worker._private_jobs WHERE key = ${key}`
    ).map((row): Try => {
      const { failures = 0, lastError } = JSON.parse(row.payload) as { failures?: number; lastError?: string };
      return { id: row.id, failures, lastError, waitMs: row.wait_ms };
    });

  it('retries a code mail within the chosen delay while the mail server refuses it, and delivers it once the server is back', async () => {
    const retry = { firstMs: 100, capMs: 400 };
    const port = await freePort();
    const to = uniqueEmail('refused');
    const key = `mail:test:${to}`;
    const worker = await mailWorker(`smtp://127.0.0.1:${port}`, retry);
    let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;
    try {
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(to), expiresAt: inTenMinutes(), key });
      // Nothing listens on the port: the server refuses every try. Every try is seen on its way.
      const seen = new Map<string, Try>();
      const watch = async () => {
        for (const t of await tries(key)) seen.set(t.id, t);
        return [...seen.values()];
      };
      await until('three failed tries', async () => (await watch()).some((t) => t.failures >= 3));
      mailbox = await startMailbox(port);
      await mailbox.waitFor(to, 1, 30_000);
      await until('the job to be gone', async () => (await watch(), (await tries(key)).length === 0));

      const retried = [...seen.values()].filter((t) => t.failures >= 1);
      expect(Math.max(...retried.map((t) => t.failures))).toBeGreaterThanOrEqual(3);
      for (const t of retried) {
        // Each try was due no later than the delay's cap after the failure before it.
        expect(t.waitMs, `try after failure ${t.failures}`).toBeGreaterThan(0);
        expect(t.waitMs, `try after failure ${t.failures}`).toBeLessThanOrEqual(retry.capMs);
        // The mail server's error code, never its words.
        expect(t.lastError).toMatch(/^E[A-Z]+$/);
      }
      expect(mailbox.to(to)).toHaveLength(1);
    } finally {
      await worker.stop();
      await mailbox?.close();
    }
  });

  it('drops a mail whose code expires during the outage instead of queueing it again', async () => {
    const port = await freePort();
    const to = uniqueEmail('expiring');
    const key = `mail:test:${to}`;
    const worker = await mailWorker(`smtp://127.0.0.1:${port}`, { firstMs: 100, capMs: 400 });
    try {
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(to), expiresAt: new Date(Date.now() + 1_500), key });
      let failures = 0;
      await until('the mail to be dropped', async () => {
        const waiting = await tries(key);
        failures = Math.max(failures, ...waiting.map((t) => t.failures));
        return waiting.length === 0;
      });
      // It was tried again while its code was valid, and then no more.
      expect(failures).toBeGreaterThanOrEqual(1);
      expect(await tries(key)).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('leaves a newer mail for the address alone: a mail replaced while it was being sent is not queued again', async () => {
    const to = uniqueEmail('replaced');
    const key = `mail:test:${to}`;
    const payload = (subject: string) => ({
      sealed: sealMail(ctx.jwtSecret, mailTo(to, subject)),
      expiresAt: inTenMinutes().toISOString(),
    });
    const subjectOf = async () =>
      (await db.$queryRaw<{ payload: string }[]>`SELECT payload::text FROM graphile_worker._private_jobs WHERE key = ${key}`).map(
        (r) => openMail(ctx.jwtSecret, (JSON.parse(r.payload) as { sealed: string }).sealed)?.subject,
      );
    // A job as a worker holds it while it runs (no worker runs here).
    const running = async (subject: string) => {
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(to, subject), expiresAt: inTenMinutes(), key });
      const [row] = await db.$queryRaw<{ id: string; max_attempts: number }[]>`
        UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test'
        WHERE key = ${key} RETURNING id::text, max_attempts`;
      return { id: row!.id, key, max_attempts: row!.max_attempts };
    };
    try {
      // Still holding its key: queued again, in its place.
      const first = await running('first');
      expect(await runAgain(db, first, 'send-mail', payload('first, again'), 100)).toBe(true);
      expect(await subjectOf()).toEqual(['first, again']);
      const [again] = await tries(key);
      expect(again!.waitMs).toBeCloseTo(100);

      // A newer code's mail took the key while it ran: the newer one stands.
      await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE key = ${key} OR locked_by = 'test'`;
      const older = await running('older');
      await queueMail(db, ctx.jwtSecret, { mail: mailTo(to, 'newer'), expiresAt: inTenMinutes(), key });
      expect(await runAgain(db, older, 'send-mail', payload('older, again'), 100)).toBe(false);
      expect(await subjectOf()).toEqual(['newer']);
    } finally {
      await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE key = ${key} OR locked_by = 'test'`;
    }
  });

  it('waits between half and all of a doubling step, never more than 30 s by default', () => {
    for (let failures = 1; failures <= 60; failures++) {
      for (const random of [() => 0, () => 0.5, () => 0.999999]) {
        const delay = mailRetryDelay(MAIL_RETRY, failures, random);
        expect(delay).toBeGreaterThanOrEqual(MAIL_RETRY.firstMs / 2);
        expect(delay).toBeLessThanOrEqual(MAIL_RETRY.capMs);
      }
    }
    expect(mailRetryDelay(MAIL_RETRY, 1, () => 0.999999)).toBe(MAIL_RETRY.firstMs);
    expect(mailRetryDelay(MAIL_RETRY, 3, () => 0)).toBe(MAIL_RETRY.firstMs * 2);
    expect(mailRetryDelay(MAIL_RETRY, 40, () => 0)).toBe(MAIL_RETRY.capMs / 2);
  });
});

describe('sealed mails', () => {
  it('opens with the secret that sealed it, and with no other', () => {
    const secret = randomBytes(32).toString('hex');
    const sealed = sealMail(secret, mailTo('c@example.test', '123456 is your code'));
    expect(sealed).not.toContain('123456');
    expect(openMail(secret, sealed)?.subject).toBe('123456 is your code');
    expect(openMail(secret, sealMail(secret, null))).toBeNull();
    expect(() => openMail(randomBytes(32).toString('hex'), sealed)).toThrow();
    expect(() => openMail(secret, `${sealed.slice(0, -2)}AA`)).toThrow();
    // A mail and no mail are the same size sealed: the queue does not tell an account's address from another.
    expect(sealMail(secret, null).length).toBe(sealed.length);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { until } from '#tests/helpers/until';
import { startMailbox, uniqueEmail } from '#tests/helpers/auth';
import { startServer } from '#tests/helpers/server-process';
import { header, startSmtpServer } from '#tests/helpers/smtp-catcher';
import { freePort } from '../db/embedded';
import { startJobWorker } from '../jobs/job-queue.service';
import { createLogger } from '../lib/logger';
import { createMailer, SMTP_CONNECTIONS, type Mailer } from '../lib/mailer';
import { createIssue, RECIPIENT_TRIES, resumeStalled, sendIssueTask } from './delivery.service';
import type { Brand } from './newsletter-mail';

/**
 * Sending an issue (docs/decisions/069-newsletters.md) on a real PostgreSQL queue and real SMTP servers: a mail server
 * that is down when the issue starts, and a worker process killed in the middle of an issue, each end with exactly one
 * message per subscriber.
 */
const smtpPort = await freePort();
const jwtSecret = randomBytes(32).toString('hex');
// Each test starts the workers it needs.
const { db, databaseUrl } = await createTestApp({ RUN_JOBS: 'false', JWT_SECRET: jwtSecret, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });

const brand: Brand = {
  name: 'Chronicle News',
  publicUrl: 'http://chronicle.test',
  accentColor: '#b91c1c',
  logoUrl: null,
  address: '1 Market Square',
};

/** `count` confirmed subscribers of a newsletter of their own, and an issue of it, queued. */
async function issueFor(count: number, label: string) {
  const newsletter = await db.newsletter.create({
    data: { slug: `test-${randomBytes(3).toString('hex')}`, name: `Test ${label}`, kind: 'daily', senderName: 'The Test Desk' },
  });
  const emails = Array.from({ length: count }, () => uniqueEmail(label));
  for (const email of emails) {
    await db.newsletterSubscriber.create({
      data: { email, consentedAt: new Date(), source: 'import', subscriptions: { create: { newsletterId: newsletter.id } } },
    });
  }
  const issueId = await createIssue(db, brand, {
    newsletterId: newsletter.id,
    key: `test:${newsletter.id}`,
    content: { newsletterName: newsletter.name, subject: `The ${label} issue`, intro: 'Hello', articles: [] },
  });
  return { emails, issueId: issueId! };
}

const states = async (issueId: string) =>
  Object.fromEntries(
    (await db.newsletterDelivery.groupBy({ by: ['state'], where: { issueId }, _count: { _all: true } })).map((s) => [
      s.state,
      s._count._all,
    ]),
  );

/**
 * A worker in this process sending issues only, to `smtpUrl` (or through `mailer`, which other mail shares), `rate`
 * messages a second (at 50, one at a time: lanesFor).
 */
function sendingWorker(
  smtpUrl: string,
  { stallSeconds = 60, mailer, rate = 200 }: { stallSeconds?: number; mailer?: Mailer; rate?: number } = {},
) {
  const logger = createLogger('silent');
  const none = async () => {};
  return startJobWorker({
    connectionString: databaseUrl,
    logger,
    tasks: {
      'newsletter-send': sendIssueTask({
        db,
        logger,
        jwtSecret,
        mailer: mailer ?? createMailer(smtpUrl, 'Chronicle <news@chronicle.test>', logger),
        publicUrl: 'http://chronicle.test',
        rate,
        stallSeconds,
        retry: { firstMs: 100, capMs: 400 },
      }),
      'send-mail': none,
      'image-variants': none,
      sweep: none,
      'publish-due': none,
      'empty-trash': none,
      'roll-up-reads': none,
      'newsletter-digests': none,
    },
    pollIntervalMs: 50,
    // One job at a time: an issue is one job; fewer connections beside the other suites' (PostgreSQL's limit is shared).
    concurrency: 1,
  });
}

describe('an issue while the mail server fails for a while', () => {
  it('is retried with back-off and reaches every subscriber once', async () => {
    const { emails, issueId } = await issueFor(30, 'outage');
    const worker = await sendingWorker(`smtp://127.0.0.1:${smtpPort}`);
    await until('a failed try', async () => db.newsletterDelivery.findFirst({ where: { issueId, lastError: { not: null } } }));
    // Meanwhile one reader leaves and one address is suppressed: neither is sent the issue.
    const [left, suppressed] = emails;
    await db.newsletterSubscription.deleteMany({ where: { subscriber: { email: left } } });
    await db.newsletterSubscriber.update({ where: { email: suppressed }, data: { suppressedAt: new Date(), suppressedReason: 'test' } });
    // A run that claimed them before the change drops them as it comes to them; the next run, before it claims.
    await until('both dropped', async () => (await states(issueId)).suppressed === 2);
    const mailbox = await startMailbox(smtpPort);
    try {
      await until('the issue sent', async () => (await db.newsletterIssue.findUniqueOrThrow({ where: { id: issueId } })).status === 'sent');
      expect(await states(issueId)).toEqual({ sent: 28, suppressed: 2 });
      for (const email of emails.slice(2)) expect(mailbox.to(email)).toHaveLength(1);
      expect(mailbox.to(left!)).toHaveLength(0);
      expect(mailbox.to(suppressed!)).toHaveLength(0);
      const mail = mailbox.to(emails[2]!)[0]!;
      expect(header(mail.raw, 'From')).toBe('The Test Desk <news@chronicle.test>');
      expect(mail.body).toContain('You receive Test outage because you subscribed to it on Chronicle News.');
    } finally {
      await worker.stop();
      await mailbox.close();
    }
  });
});

describe('recipients the mail server refuses', () => {
  it('marks a refused address failed and suppresses it, retries one put off a few times, and sends the others', async () => {
    const accepted: string[] = [];
    const smtp = await startSmtpServer(
      (to, accept) => {
        accepted.push(to);
        accept();
      },
      {
        onRecipient: (to) =>
          to.startsWith('refused-')
            ? Object.assign(new Error('No such mailbox'), { responseCode: 550 })
            : to.startsWith('later-')
              ? Object.assign(new Error('Try again later'), { responseCode: 450 })
              : undefined,
      },
    );
    const { emails, issueId } = await issueFor(6, 'refusals');
    const refused = 'refused-' + emails[0]!;
    const later = 'later-' + emails[1]!;
    await db.newsletterSubscriber.update({ where: { email: emails[0] }, data: { email: refused } });
    await db.newsletterSubscriber.update({ where: { email: emails[1] }, data: { email: later } });
    const worker = await sendingWorker(`smtp://127.0.0.1:${smtp.port}`);
    try {
      await until('the issue sent', async () => (await db.newsletterIssue.findUniqueOrThrow({ where: { id: issueId } })).status === 'sent');
    } finally {
      await worker.stop();
      await smtp.close();
    }
    expect(await states(issueId)).toEqual({ sent: 4, failed: 2 });
    expect(accepted.sort()).toEqual(emails.slice(2).sort());
    const rows = await db.newsletterDelivery.findMany({ where: { issueId, state: 'failed' }, include: { subscriber: true } });
    const byEmail = Object.fromEntries(rows.map((r) => [r.subscriber.email, r]));
    expect(byEmail[refused]).toMatchObject({ lastError: '550', attempts: 1 });
    expect(byEmail[refused]!.subscriber.suppressedReason).toBe('The mail server refused the address (550)');
    expect(byEmail[later]).toMatchObject({ lastError: '450', attempts: RECIPIENT_TRIES });
    expect(byEmail[later]!.subscriber.suppressedAt).toBeNull();
  });
});

describe('readers who leave while their batch is being sent', () => {
  it('are not sent the issue, though the batch claimed them before they left', async () => {
    const accepted: string[] = [];
    let release: (() => void) | undefined;
    let reached: (to: string) => void;
    const first = new Promise<string>((resolve) => (reached = resolve));
    // A real SMTP server that holds the first message until the test lets it go, and takes the others.
    const smtp = await startSmtpServer((to, accept) => {
      accepted.push(to);
      if (accepted.length > 1) return accept();
      release = accept;
      reached(to);
    });
    const { emails, issueId } = await issueFor(3, 'leaving');
    const worker = await sendingWorker(`smtp://127.0.0.1:${smtp.port}`, { rate: 50 });
    try {
      const to = await first;
      // The batch holds all three: while the first is with the mail server, one reader leaves, one address is suppressed.
      expect(await states(issueId)).toEqual({ sending: 3 });
      const [left, suppressed] = emails.filter((email) => email !== to);
      await db.newsletterSubscription.deleteMany({ where: { subscriber: { email: left } } });
      await db.newsletterSubscriber.update({ where: { email: suppressed }, data: { suppressedAt: new Date(), suppressedReason: 'test' } });
      release!();
      await until('the issue sent', async () => (await db.newsletterIssue.findUniqueOrThrow({ where: { id: issueId } })).status === 'sent');
      expect(await states(issueId)).toEqual({ sent: 1, suppressed: 2 });
      expect(accepted).toEqual([to]);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
});

describe("an issue while the process's other mail holds every connection to the mail server", () => {
  it('sends nothing that could not start within its claim, and each subscriber once when connections are free', async () => {
    const accepted = new Map<string, number>();
    const held: (() => void)[] = [];
    // A real SMTP server that holds the other mail (to busy-…) until the test lets it go, and takes the issue's.
    const smtp = await startSmtpServer((to, accept) => {
      if (to.startsWith('busy-')) return void held.push(accept);
      accepted.set(to, (accepted.get(to) ?? 0) + 1);
      accept();
    });
    const mailer = createMailer(`smtp://127.0.0.1:${smtp.port}`, 'Chronicle <news@chronicle.test>', createLogger('silent'));
    const other = Array.from({ length: SMTP_CONNECTIONS }, (_, i) =>
      mailer.send({ to: `busy-${i}@example.test`, subject: 'Your code', text: '123456', html: '<p>123456</p>' }),
    );
    await until('every connection taken', async () => held.length === SMTP_CONNECTIONS);
    const { emails, issueId } = await issueFor(5, 'crowded');
    // A 4-second stall: a message starts within a second of its claim, or goes back unsent.
    const worker = await sendingWorker('', { stallSeconds: 4, mailer });
    try {
      await until('a claim put back unsent', async () =>
        db.newsletterDelivery.findFirst({ where: { issueId, state: 'queued', claimedBy: { not: null } } }),
      );
      expect(accepted.size).toBe(0);
      for (const release of held.splice(0)) release();
      await Promise.all(other);
      await until('the issue sent', async () => (await db.newsletterIssue.findUniqueOrThrow({ where: { id: issueId } })).status === 'sent');
    } finally {
      await worker.stop();
      mailer.close();
      await smtp.close();
    }
    expect(await states(issueId)).toEqual({ sent: 5 });
    for (const email of emails) expect(accepted.get(email), email).toBe(1);
    // A claim put back unsent was no try: each recipient counts the one that reached the mail server.
    expect((await db.newsletterDelivery.findMany({ where: { issueId }, select: { attempts: true } })).map((d) => d.attempts)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });
});

describe('an issue whose worker is killed mid-send', () => {
  const children: ReturnType<typeof startServer>[] = [];
  afterAll(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('is taken over after the stall and sends what was not sent, never a message twice', async () => {
    const HOLD_AT = 12;
    const accepted = new Map<string, number>();
    let received = 0;
    let held: (() => void) | undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // A real SMTP server that counts the messages it accepted (a 250 answer) by recipient, and never answers the
    // HOLD_AT-th: the worker is killed while the mail server holds it, so the mail server never took it.
    const smtp = await startSmtpServer((to, accept) => {
      received += 1;
      if (received === HOLD_AT) return held!();
      accepted.set(to, (accepted.get(to) ?? 0) + 1);
      accept();
    });
    const { emails, issueId } = await issueFor(40, 'killed');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-worker-'));
    const worker = startServer(
      {
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // One message at a time with the mail server (lanesFor): the one it holds is the only one in flight.
        NEWSLETTER_SEND_RATE: '50',
        JOB_CONCURRENCY: '1',
        PUBLIC_URL: 'http://chronicle.test',
        DATA_DIR: dataDir,
        UPLOAD_DIR: dataDir,
      },
      ['--import', 'tsx', 'server/src/main.ts', 'worker'],
    );
    children.push(worker);
    try {
      await Promise.race([
        holding,
        worker.exited.then(() => Promise.reject(new Error(`the worker stopped: ${worker.output()}`))),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no message held: ${worker.output()}`)), 45_000)),
      ]);
      worker.child.kill('SIGKILL');
      await worker.exited;
      const before = await states(issueId);
      expect(before.sent).toBe(HOLD_AT - 1);
      expect(before.sending).toBeGreaterThanOrEqual(1);

      // Nothing moves until the stall has passed; then the sweep hands the issue to a live worker.
      expect(await resumeStalled(db, 5)).toBe(0);
      await new Promise((r) => setTimeout(r, 5_500));
      expect(await resumeStalled(db, 5)).toBe(1);
      const live = await sendingWorker(`smtp://127.0.0.1:${smtp.port}`, { stallSeconds: 5 });
      try {
        await until(
          'the issue sent',
          async () => (await db.newsletterIssue.findUniqueOrThrow({ where: { id: issueId } })).status === 'sent',
        );
      } finally {
        await live.stop();
      }
      expect(await states(issueId)).toEqual({ sent: 40 });
      for (const email of emails) expect(accepted.get(email), email).toBe(1);
      expect(accepted.size).toBe(40);
    } finally {
      await smtp.close();
    }
  }, 90_000);
});

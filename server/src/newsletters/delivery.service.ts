import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { addJob, runAgain } from '../jobs/job-queue.service';
import { mailRetryDelay, type MailRetry } from '../jobs/mail-job';
import type { Logger } from '../lib/logger';
import { notFound } from '../lib/errors';
import { MailNotStarted, SMTP_CONNECTIONS, type Mailer } from '../lib/mailer';
import { preferencesToken } from './links';
import { personalize, renderIssue, type Brand, type IssueContent } from './newsletter-mail';

/**
 * Sending an issue (docs/decisions/069-newsletters.md). An issue is a row with its message rendered once; its first send
 * job lists its recipients (one INSERT … SELECT, a row each in NewsletterDelivery, whose primary key — issue and
 * subscriber — is the idempotency key). Each run of the job claims a batch under its own id, reserves the batch's slots
 * in the pace every issue shares, sends each message while its claim stands, marks it sent as soon as the mail server
 * took it, and queues the next run. One job per issue at a time (its key); a worker that dies mid-run leaves its
 * issue's heartbeat still, and the minutely job queues a new run after the stall, which sends what was not marked
 * sent. A message whose server answer was lost with the worker goes again with the same Message-ID.
 */

export interface DeliveryContext {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  jwtSecret: string;
  publicUrl: string;
  /** Messages a second (NEWSLETTER_SEND_RATE). */
  rate: number;
  /** Seconds without progress after which an issue's sending is taken over (NEWSLETTER_STALL_SECONDS). */
  stallSeconds: number;
  /** The delays between tries while the mail server fails (the code mails' unless a test chooses shorter ones). */
  retry?: MailRetry;
}

/** A run sends for about this long, then hands over to the next run (which another replica may take). */
const RUN_MS = 10_000;
/** A mail server failing for this long fails the issue's remaining recipients: they are counted, never dropped unseen. */
const GIVE_UP_MS = 24 * 3_600_000;
/** The pace's memory: time lost to the work between batches within it is made up (reserveSlots). */
const CATCH_UP_MS = 1_000;
/**
 * A message starts within this long of its claim's last renewal, or goes back to the queue unsent: the process's other
 * mail (codes, other issues) may hold every connection, and a message that waited past the stall could be sent twice.
 * The wait and the mail server's longest (MAIL_SERVER_WAIT_MS) together stay within the stall.
 */
const START_WITHIN_MS = 10_000;
/** The mailer's longest wait on the mail server for one message: 10 s to connect, then 30 s of silence (lib/mailer.ts). */
const MAIL_SERVER_WAIT_MS = 40_000;
/** Retries of a failing mail server: from 2 s, doubling, at most a minute apart. */
export const NEWSLETTER_RETRY: MailRetry = { firstMs: 2_000, capMs: 60_000 };

export const sendJobKey = (issueId: string) => `newsletter-send:${issueId}`;

export interface NewIssue {
  newsletterId: string;
  /** At most one issue per key (a digest's day, a breaking headline): a second call with it does nothing. */
  key: string;
  content: IssueContent;
  createdById?: string;
  /** When its sending starts (a special edition sent at a time); at once without it. */
  sendAt?: Date;
}

/** Renders and stores an issue and queues its sending, in one transaction. Returns its id, or null when the key was taken. */
export async function createIssue(db: Db, brand: Brand, issue: NewIssue): Promise<string | null> {
  const { html, text } = await renderIssue(brand, issue.content);
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "NewsletterIssue" ("id", "newsletterId", "key", "subject", "html", "text", "createdById", "sendAt", "heartbeatAt")
      VALUES (gen_random_uuid(), ${issue.newsletterId}::uuid, ${issue.key}, ${issue.content.subject}, ${html}, ${text},
              ${issue.createdById ?? null}::uuid, ${issue.sendAt ?? null}::timestamptz, COALESCE(${issue.sendAt ?? null}::timestamptz, now()))
      ON CONFLICT ("key") DO NOTHING RETURNING "id"`;
    const id = rows[0]?.id;
    // A later issue's heartbeat starts at its time: the minute's sweep does not take it for stalled before then.
    if (id) await addJob(tx, 'newsletter-send', { issueId: id }, { key: sendJobKey(id), maxAttempts: 25, runAt: issue.sendAt });
    return id ?? null;
  });
}

/** The recipients of a queued issue: every subscriber of its newsletter at this moment, suppressed ones as such. */
async function listRecipients(db: Db, issueId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const started = await tx.$queryRaw<{ newsletterId: string }[]>`
      UPDATE "NewsletterIssue" SET "status" = 'sending', "startedAt" = now(), "heartbeatAt" = now()
      WHERE "id" = ${issueId}::uuid AND "status" = 'queued' RETURNING "newsletterId"`;
    const newsletterId = started[0]?.newsletterId;
    if (!newsletterId) return;
    const listed = await tx.$executeRaw`
      INSERT INTO "NewsletterDelivery" ("issueId", "subscriberId", "state")
      SELECT ${issueId}::uuid, s."subscriberId",
             CASE WHEN r."suppressedAt" IS NULL THEN 'queued' ELSE 'suppressed' END::"DeliveryState"
      FROM "NewsletterSubscription" s JOIN "NewsletterSubscriber" r ON r."id" = s."subscriberId"
      WHERE s."newsletterId" = ${newsletterId}::uuid
      ON CONFLICT DO NOTHING`;
    await tx.$executeRaw`UPDATE "NewsletterIssue" SET "recipients" = ${listed} WHERE "id" = ${issueId}::uuid`;
  });
}

interface Claimed {
  subscriberId: string;
  email: string;
}

/**
 * Whether a recipient (delivery `d`'s unless named) left the newsletter, or had the address suppressed, since the issue
 * was listed.
 */
const gone = (newsletterId: string, subscriber = Prisma.sql`d."subscriberId"`) =>
  Prisma.sql`(NOT EXISTS (SELECT 1 FROM "NewsletterSubscription" s WHERE s."subscriberId" = ${subscriber} AND s."newsletterId" = ${newsletterId}::uuid)
    OR EXISTS (SELECT 1 FROM "NewsletterSubscriber" r WHERE r."id" = ${subscriber} AND r."suppressedAt" IS NOT NULL))`;

/** Recipients gone since the issue was listed: not sent. */
const dropGone = (db: Db, issueId: string, newsletterId: string) =>
  db.$executeRaw`
    UPDATE "NewsletterDelivery" d SET "state" = 'suppressed', "lastError" = 'left or suppressed'
    WHERE d."issueId" = ${issueId}::uuid AND d."state" = 'queued' AND ${gone(newsletterId)}`;

/**
 * Up to `limit` recipients still to send, claimed by run `runId`: those queued, fewest tries first, and those a dead
 * run left `sending` (their claim older than the stall). SKIP LOCKED: two runs never claim one recipient at once.
 */
const claim = (db: Db, issueId: string, runId: string, limit: number, stallSeconds: number) =>
  db.$queryRaw<Claimed[]>`
    WITH picked AS (
      SELECT "subscriberId" FROM "NewsletterDelivery"
      WHERE "issueId" = ${issueId}::uuid
        AND ("state" = 'queued' OR ("state" = 'sending' AND "claimedAt" < now() - ${stallSeconds}::int * interval '1 second'))
      ORDER BY "attempts", "subscriberId" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE "NewsletterDelivery" d
    SET "state" = 'sending', "claimedAt" = now(), "claimedBy" = ${runId}::uuid, "attempts" = d."attempts" + 1
    FROM picked, "NewsletterSubscriber" r
    WHERE d."issueId" = ${issueId}::uuid AND d."subscriberId" = picked."subscriberId" AND r."id" = picked."subscriberId"
    RETURNING d."subscriberId", r."email"`;

/**
 * Reserves `count` sending slots after every slot reserved so far, by any run of any issue (NewsletterPace): the
 * milliseconds until the first, by the database's clock. Issues sending at once share the rate. Time the pace lost
 * (a claim, a run's start) is made up within CATCH_UP_MS: the first slots may be due already (a negative wait), so the
 * rate holds over time instead of each pause lowering it.
 */
async function reserveSlots(db: Db, count: number, gapMs: number): Promise<number> {
  const [row] = await db.$queryRaw<{ waitMs: number }[]>`
    WITH p AS (SELECT GREATEST("nextAt", now() - ${CATCH_UP_MS}::int * interval '1 millisecond') AS "start"
               FROM "NewsletterPace" WHERE "id" = 1 FOR UPDATE)
    UPDATE "NewsletterPace" SET "nextAt" = p."start" + ${count * gapMs}::float8 * interval '1 millisecond'
    FROM p WHERE "id" = 1
    RETURNING (extract(epoch FROM p."start" - now()) * 1000)::float8 AS "waitMs"`;
  return row?.waitMs ?? 0;
}

/** Marks the issue sent once no recipient is left to send. */
async function finishIfDone(db: Db, issueId: string): Promise<boolean> {
  const done = await db.$executeRaw`
    UPDATE "NewsletterIssue" SET "status" = 'sent', "finishedAt" = now()
    WHERE "id" = ${issueId}::uuid AND "status" = 'sending'
      AND NOT EXISTS (SELECT 1 FROM "NewsletterDelivery" WHERE "issueId" = ${issueId}::uuid AND ("state" = 'queued' OR "state" = 'sending'))`;
  return done > 0;
}

const payloadSchema = z.object({
  issueId: z.uuid(),
  /** Failed runs in a row (the mail server down), and when the first of them began. */
  failures: z.int().min(0).default(0),
  failingSince: z.number().optional(),
});

/** Tries of one recipient the mail server puts off (4xx on its address) before it is marked failed. */
export const RECIPIENT_TRIES = 5;

/**
 * What a failed send says about whom: a refusal of the recipient's address (the RCPT TO command), permanent (5xx) or
 * not; anything else (a refused login or sender, a connection that failed) is the mail server's trouble, which every
 * message would meet.
 */
function failureOf(err: unknown): { recipient: boolean; permanent: boolean; code: string } {
  const e = err as { command?: unknown; responseCode?: unknown; code?: unknown };
  const status = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const recipient = e.command === 'RCPT TO' || e.code === 'EENVELOPE';
  return { recipient, permanent: status >= 500, code: String(status || e.code || 'error').slice(0, 40) };
}

/**
 * Messages one run has with the mail server at once: one up to 50 a second (a message takes about 10 ms of SQL and SMTP,
 * and a worker killed mid-send may then have left at most one message whose answer it never recorded), more above
 * it, up to the mailer's pooled connections.
 */
export const lanesFor = (rate: number) => Math.min(SMTP_CONNECTIONS, Math.max(1, Math.ceil(rate / 50)));

export function sendIssueTask(ctx: DeliveryContext): Task {
  const { db, mailer, logger } = ctx;
  const retry = ctx.retry ?? NEWSLETTER_RETRY;
  const gap = 1000 / ctx.rate;
  const lanes = lanesFor(ctx.rate);
  // At the default stall (60 s) 10 s; at the least (45 s) 5 s; a test's short stall, a second.
  const startWithin = Math.max(1_000, Math.min(START_WITHIN_MS, ctx.stallSeconds * 1000 - MAIL_SERVER_WAIT_MS));
  const host = new URL(ctx.publicUrl).hostname;

  return async (raw, helpers) => {
    const parsed = payloadSchema.safeParse(raw);
    if (!parsed.success) return void logger.error({ jobId: helpers.job.id }, 'a newsletter-send job with a malformed payload was dropped');
    const { issueId } = parsed.data;
    await listRecipients(db, issueId);
    const issue = await db.newsletterIssue.findUnique({
      where: { id: issueId },
      select: { status: true, subject: true, html: true, text: true, newsletterId: true, newsletter: { select: { senderName: true } } },
    });
    // An issue whose newsletter was deleted meanwhile (a category's digest goes with its category) is not sent on.
    if (!issue?.newsletter || !issue.newsletterId || issue.status !== 'sending') return;
    const { newsletterId } = issue;
    const runId = randomUUID();
    const fromName = issue.newsletter.senderName;
    const until = Date.now() + RUN_MS;
    const mine = (subscriberId: string) =>
      Prisma.sql`"issueId" = ${issueId}::uuid AND "subscriberId" = ${subscriberId}::uuid AND "claimedBy" = ${runId}::uuid`;
    /** What this run claimed and did not send goes back to the queue (the next run, here or elsewhere, sends it). */
    const putBack = (code: string | null, { untried = false } = {}) =>
      db.$executeRaw`UPDATE "NewsletterDelivery" SET "state" = 'queued', "lastError" = ${code},
          "attempts" = CASE WHEN ${untried} THEN GREATEST("attempts" - 1, 0) ELSE "attempts" END
        WHERE "issueId" = ${issueId}::uuid AND "claimedBy" = ${runId}::uuid AND "state" = 'sending'`;
    /** The mail server refused one address: permanently (a hard bounce: suppressed) or for now (tried again later). */
    const refused = async (subscriberId: string, failure: ReturnType<typeof failureOf>) => {
      const tries = await db.$queryRaw<{ attempts: number }[]>`
        UPDATE "NewsletterDelivery"
        SET "state" = (CASE WHEN ${failure.permanent} OR "attempts" >= ${RECIPIENT_TRIES} THEN 'failed' ELSE 'queued' END)::"DeliveryState",
            "lastError" = ${failure.code}
        WHERE ${mine(subscriberId)} RETURNING "attempts"`;
      if (failure.permanent)
        await db.newsletterSubscriber.updateMany({
          where: { id: subscriberId, suppressedAt: null },
          data: { suppressedAt: new Date(), suppressedReason: `The mail server refused the address (${failure.code})` },
        });
      logger.warn(
        { issueId, subscriberId, code: failure.code, attempts: tries[0]?.attempts },
        failure.permanent
          ? 'newsletter: the mail server refused an address; it is suppressed'
          : 'newsletter: the mail server put off an address',
      );
    };
    let beat = 0;
    let claimedNothing = false;
    await dropGone(db, issueId, newsletterId);
    while (Date.now() < until) {
      const batch = await claim(db, issueId, runId, Math.max(1, Math.ceil(ctx.rate)), ctx.stallSeconds);
      if (batch.length === 0) {
        claimedNothing = true;
        break;
      }
      const started = performance.now() + (await reserveSlots(db, batch.length, gap));
      let next = 0;
      let stopped = false;
      let busy = false;
      let serverFailure: string | null = null;
      /** Sends the batch's messages in turn, each at its slot, until none is left or the run must stop. */
      const lane = async () => {
        while (next < batch.length && serverFailure === null && !stopped && !busy) {
          const i = next++;
          const to = batch[i]!;
          if (helpers.abortSignal.aborted) {
            stopped = true;
            return;
          }
          const delay = started + i * gap - performance.now();
          if (delay > 0) await sleep(delay);
          // The claim stands (no run took over meanwhile), and moves on: a run sending slowly is not taken for dead. A
          // reader who left, or an address suppressed, since the batch was claimed is not sent the issue.
          const [held] = await db.$queryRaw<{ state: string }[]>`
            WITH now_gone AS (SELECT ${gone(newsletterId, Prisma.sql`${to.subscriberId}::uuid`)} AS gone)
            UPDATE "NewsletterDelivery" d SET "claimedAt" = now(),
              "state" = (CASE WHEN now_gone.gone THEN 'suppressed' ELSE 'sending' END)::"DeliveryState",
              "lastError" = CASE WHEN now_gone.gone THEN 'left or suppressed' ELSE d."lastError" END
            FROM now_gone WHERE ${mine(to.subscriberId)} AND "state" = 'sending' RETURNING "state"`;
          if (held?.state !== 'sending') continue;
          if (Date.now() - beat > 1000) {
            beat = Date.now();
            await db.$executeRaw`UPDATE "NewsletterIssue" SET "heartbeatAt" = now() WHERE "id" = ${issueId}::uuid`;
          }
          const token = preferencesToken(ctx.jwtSecret, to.subscriberId);
          const mail = personalize(
            { subject: issue.subject, html: issue.html, text: issue.text, fromName },
            {
              email: to.email,
              preferencesUrl: `${ctx.publicUrl}/newsletters/preferences?token=${token}`,
              leaveUrl: `${ctx.publicUrl}/newsletters/preferences?token=${token}&leave=1`,
              unsubscribeUrl: `${ctx.publicUrl}/api/newsletters/unsubscribe?token=${token}`,
              messageId: `<${issueId}.${to.subscriberId}@${host}>`,
            },
          );
          try {
            await mailer.send(mail, { startBy: Date.now() + startWithin });
          } catch (err) {
            if (err instanceof MailNotStarted) {
              // Every connection is taken (this process's other mail): what is left goes back, and the next run goes on.
              busy = true;
              return;
            }
            const failure = failureOf(err);
            if (!failure.recipient) {
              // The mail server is in trouble: the lanes stop, and what is left of the batch goes back.
              serverFailure = failure.code;
              return;
            }
            await refused(to.subscriberId, failure);
            continue;
          }
          await db.$executeRaw`UPDATE "NewsletterDelivery" SET "state" = 'sent', "sentAt" = now(), "lastError" = NULL
            WHERE "issueId" = ${issueId}::uuid AND "subscriberId" = ${to.subscriberId}::uuid`;
        }
      };
      // Every lane ends before the run goes on: one that failed (the database) leaves none sending behind it.
      const ended = await Promise.allSettled(Array.from({ length: Math.min(lanes, batch.length) }, lane));
      const broken = ended.find((e) => e.status === 'rejected');
      if (broken) {
        await putBack(null);
        throw broken.reason;
      }
      if (stopped) {
        await putBack(null);
        throw new Error('the worker stopped mid-issue: the next run goes on');
      }
      if (serverFailure !== null) {
        await putBack(serverFailure);
        return retryLater(helpers, parsed.data, serverFailure);
      }
      if (busy) {
        // None of them reached the mail server: their claim was no try (a recipient's tries count its refusals).
        await putBack(null, { untried: true });
        logger.warn({ issueId }, 'newsletter: no connection to the mail server was free in time; the next run goes on');
        return void (await runAgain(db, helpers.job, 'newsletter-send', { issueId }, 1_000));
      }
    }
    if (await finishIfDone(db, issueId)) return void logger.info({ issueId }, 'newsletter issue sent');
    // Nothing to claim and not done: another run holds the rest (or held it, and will be taken for dead after the stall).
    await runAgain(db, helpers.job, 'newsletter-send', { issueId }, claimedNothing ? ctx.stallSeconds * 1000 : 0);
  };

  async function retryLater(helpers: Parameters<Task>[1], payload: z.infer<typeof payloadSchema>, code: string): Promise<void> {
    const failures = payload.failures + 1;
    const failingSince = payload.failingSince ?? Date.now();
    if (Date.now() - failingSince > GIVE_UP_MS) {
      const failed = await db.$executeRaw`UPDATE "NewsletterDelivery" SET "state" = 'failed', "lastError" = ${code}
        WHERE "issueId" = ${payload.issueId}::uuid AND ("state" = 'queued' OR "state" = 'sending')`;
      await finishIfDone(db, payload.issueId);
      return void logger.error(
        { issueId: payload.issueId, failed, code },
        `newsletter issue: the mail server failed for a day; ${failed} recipients marked failed`,
      );
    }
    const delay = mailRetryDelay(retry, failures);
    await db.$executeRaw`UPDATE "NewsletterIssue" SET "heartbeatAt" = now() + ${delay}::int * interval '1 millisecond' WHERE "id" = ${payload.issueId}::uuid`;
    await runAgain(db, helpers.job, 'newsletter-send', { issueId: payload.issueId, failures, failingSince }, delay);
    logger.warn(
      { issueId: payload.issueId, failures, code, retryInMs: delay },
      `newsletter issue: the mail server failed (${code}); sending again in ${Math.ceil(delay / 1000)} s`,
    );
  }
}

/**
 * Queues a run for every issue whose sending stands still (a worker died mid-run: its job stays locked for hours), and
 * for queued ones without a run. Graphile-worker adds a new job when the key's job is locked: the dead run's is left.
 */
export async function resumeStalled(db: Db, stallSeconds: number): Promise<number> {
  const stalled = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "NewsletterIssue"
    WHERE "status" IN ('queued', 'sending') AND "newsletterId" IS NOT NULL
      AND COALESCE("heartbeatAt", "createdAt") < now() - ${stallSeconds}::int * interval '1 second'`;
  for (const { id } of stalled) {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "NewsletterIssue" SET "heartbeatAt" = now() WHERE "id" = ${id}::uuid`;
      await addJob(tx, 'newsletter-send', { issueId: id }, { key: sendJobKey(id), maxAttempts: 25 });
    });
  }
  return stalled.length;
}

/** An issue and its recipients by state: how its sending goes (the dashboard's progress). */
const issueSelect = {
  id: true,
  newsletterId: true,
  subject: true,
  status: true,
  recipients: true,
  createdAt: true,
  sendAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** Issues with their recipients by state: two statements however many issues (the dashboard's newest twenty). */
export async function issuesProgress(db: Db, query: { ids?: string[]; newest?: number }) {
  // Not the issues of a deleted newsletter, which the hourly sweep deletes (newsletters-admin.service.ts).
  const issues = (
    await db.newsletterIssue.findMany({
      where: { newsletterId: { not: null }, ...(query.ids ? { id: { in: query.ids } } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...(query.newest ? { take: query.newest } : {}),
      select: issueSelect,
    })
  ).filter((issue): issue is typeof issue & { newsletterId: string } => issue.newsletterId !== null);
  const states = issues.length
    ? await db.newsletterDelivery.groupBy({
        by: ['issueId', 'state'],
        where: { issueId: { in: issues.map((i) => i.id) } },
        _count: { _all: true },
      })
    : [];
  return issues.map((issue) => {
    const counts = { queued: 0, sending: 0, sent: 0, failed: 0, suppressed: 0 };
    for (const s of states) if (s.issueId === issue.id) counts[s.state] = s._count._all;
    return {
      ...issue,
      counts,
      createdAt: issue.createdAt.toISOString(),
      sendAt: issue.sendAt?.toISOString() ?? null,
      startedAt: issue.startedAt?.toISOString() ?? null,
      finishedAt: issue.finishedAt?.toISOString() ?? null,
    };
  });
}

export async function issueProgress(db: Db, id: string) {
  const [issue] = await issuesProgress(db, { ids: [id] });
  if (!issue) throw notFound('Newsletter issue not found');
  return issue;
}

import type { Task } from 'graphile-worker';
import type { AppContext } from '../context';
import type { PoolOptions } from '../db/client';
import { variantsTask } from '../media/image-variants';
import { sweepTask } from '../maintenance/sweep.service';
import { startJobWorker, type JobName, type JobWorker } from './job-queue.service';
import { sendMailTask } from './mail-job';
import { publishDueTask } from '../scheduling/scheduling.service';
import { emptyTrash } from '../articles/articles.service';
import { forgetOldReads, rollUpReads } from '../reports/rollup.service';
import { resumeStalled, sendIssueTask } from '../newsletters/delivery.service';
import { makeDueDigests } from '../newsletters/digests.service';
import { brandOf } from '../newsletters/subscriptions.service';
import { currentSite } from '../settings/settings.service';

/** What the tasks use: the app's context, or the parts of it a `worker` process builds. */
export type JobsContext = Pick<AppContext, 'config' | 'db' | 'logger' | 'mailer' | 'jwtSecret' | 'cache' | 'storage'>;

/** Empties the trash of what is past its 30 days. */
const emptyTrashTask =
  (ctx: JobsContext): Task =>
  async () => {
    const deleted = await emptyTrash(ctx);
    if (deleted) ctx.logger.info({ deleted }, 'articles deleted for good from the trash');
  };

/** Rolls the reading events up into the reports' daily sums, then forgets what privacy says to (docs/decisions/068-reports.md). */
const rollUpReadsTask =
  (ctx: JobsContext): Task =>
  async () => {
    try {
      const { days } = await rollUpReads(ctx.db, { logger: ctx.logger });
      if (days.length > 0) ctx.logger.debug({ days }, 'reading events rolled up');
    } finally {
      // Even when the roll-up fails: the day's salt and the expired events go on time (docs/privacy.md).
      const forgotten = await forgetOldReads(ctx.db);
      if (forgotten.events > 0 || forgotten.salts > 0) ctx.logger.debug(forgotten, 'reading data past its time deleted');
    }
  };

/** Makes the newsletters' digests that are due, and takes over any issue whose sending stands still (docs/decisions/069-newsletters.md). */
const newsletterDigestsTask =
  (ctx: JobsContext): Task =>
  async () => {
    const resumed = await resumeStalled(ctx.db, ctx.config.newsletterStallSeconds);
    if (resumed) ctx.logger.warn({ resumed }, 'newsletter issues whose sending stood still were taken over');
    const site = await currentSite(ctx.db, ctx.cache);
    const made = await makeDueDigests(ctx.db, await brandOf(ctx), site.timeZone, new Date(), (newsletterId, err) =>
      ctx.logger.error({ err, newsletterId }, 'a newsletter digest could not be made; the others were'),
    );
    if (made.length) ctx.logger.info({ issues: made }, 'newsletter digests made and queued');
  };

/** Every job's task, built on the context. */
function tasks(ctx: JobsContext): Record<JobName, Task> {
  return {
    'send-mail': sendMailTask(ctx),
    'image-variants': variantsTask(ctx),
    sweep: sweepTask(ctx),
    'publish-due': publishDueTask(ctx),
    'empty-trash': emptyTrashTask(ctx),
    'roll-up-reads': rollUpReadsTask(ctx),
    'newsletter-send': sendIssueTask({
      ...ctx,
      publicUrl: ctx.config.publicUrl,
      rate: ctx.config.newsletterSendRate,
      stallSeconds: ctx.config.newsletterStallSeconds,
    }),
    'newsletter-digests': newsletterDigestsTask(ctx),
  };
}

/**
 * Hourly, at minute 7: expired rows and unused uploads (maintenance/sweep.service.ts). A missed hour is not made up.
 * Every minute, the scheduler's catch-up (scheduling/scheduling.service.ts): each scheduled time has a job of its own, and this
 * one publishes whatever is due without one (a row restored from a backup, a job that failed for good) within the minute.
 * Hourly, at minute 17: what has been in the trash for 30 days is deleted for good (docs/decisions/061-trash.md).
 * Every minute: the reading events' roll-up into the reports' sums, and what privacy says to forget (docs/decisions/068-reports.md).
 * Every minute: the newsletters' digests that are due, and issues whose sending stood still (docs/decisions/069-newsletters.md).
 */
const SCHEDULE = [
  { task: 'sweep' as const, match: '7 * * * *', identifier: 'sweep-hourly', options: { backfillPeriod: 0, maxAttempts: 3 } },
  { task: 'publish-due' as const, match: '* * * * *', identifier: 'publish-due-minutely', options: { backfillPeriod: 0, maxAttempts: 1 } },
  { task: 'empty-trash' as const, match: '17 * * * *', identifier: 'empty-trash-hourly', options: { backfillPeriod: 0, maxAttempts: 3 } },
  {
    task: 'roll-up-reads' as const,
    match: '* * * * *',
    identifier: 'roll-up-reads-minutely',
    options: { backfillPeriod: 0, maxAttempts: 1 },
  },
  {
    task: 'newsletter-digests' as const,
    match: '* * * * *',
    identifier: 'newsletter-digests-minutely',
    options: { backfillPeriod: 0, maxAttempts: 1 },
  },
];

/**
 * Starts working the queue in this process: the app server does unless RUN_JOBS=false (main.ts), the
 * `worker` command does nothing else.
 */
export function startJobs(
  ctx: JobsContext,
  connectionString: string,
  { recurring = true, pool }: { recurring?: boolean; pool?: PoolOptions } = {},
): Promise<JobWorker> {
  return startJobWorker({
    connectionString,
    logger: ctx.logger,
    tasks: tasks(ctx),
    // Without the recurring jobs: a test of what one job does, which the minute's catch-up would otherwise do too.
    schedule: recurring ? SCHEDULE : [],
    concurrency: ctx.config.jobConcurrency,
    pool,
  });
}

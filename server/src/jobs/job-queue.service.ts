import { Logger as WorkerLogger, parseCronItems, run, type CronItem, type Job, type Runner, type Task } from 'graphile-worker';
import { createPool, type Db, type PoolOptions, type Tx } from '../db/client';
import type { Logger } from '../lib/logger';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Background work on PostgreSQL, through graphile-worker (docs/decisions/036-background-jobs.md): a job is a
 * row added in the same transaction as the change that asks for it, so it exists exactly when that change
 * does; any number of workers, in the app processes or in `worker` processes, share the queue, and each
 * job is locked by the one running it, so it runs once across replicas. A job that throws is retried later
 * with a growing delay (graphile-worker's exponential back-off: about 3 s, 7 s, 20 s, 55 s, 2.5 min…); a task
 * that needs another rhythm schedules its next run itself (runAgain).
 */

/** Every kind of job, by name; each has its task in jobs/tasks.ts. */
export type JobName =
  'send-mail' | 'image-variants' | 'sweep' | 'publish-due' | 'empty-trash' | 'roll-up-reads' | 'newsletter-send' | 'newsletter-digests';

export interface JobOptions {
  /** One pending job per key: adding another with the same key replaces it (its payload and run time). */
  key?: string;
  /** Attempts before the job is left failed in the queue (graphile-worker's default is 25). */
  maxAttempts?: number;
  /** Jobs of one named queue run one at a time, across every worker. */
  queueName?: string;
  /** Run no sooner than this many milliseconds from now (by the database's clock). */
  runAfterMs?: number;
  /** Run no sooner than this instant (instead of runAfterMs). */
  runAt?: Date;
  /** Jobs due at once run lowest first (graphile-worker's default is 0). */
  priority?: number;
}

/** Adds a job through `db` — a transaction's client, so that the job commits or rolls back with the change. */
export async function addJob(db: Db | Tx, name: JobName, payload: object, options: JobOptions = {}): Promise<void> {
  await db.$executeRaw`SELECT FROM graphile_worker.add_job(
    ${name}, ${JSON.stringify(payload)}::json,
    queue_name => ${options.queueName ?? null}::text, max_attempts => ${options.maxAttempts ?? null}::int,
    job_key => ${options.key ?? null}::text, priority => ${options.priority ?? null}::int,
    run_at => COALESCE(${options.runAt ?? null}::timestamptz, now() + ${options.runAfterMs ?? 0}::int * interval '1 millisecond'))`;
}

/** Removes the waiting job of this key, if any (a running one finishes: its task finds nothing left to do). */
export async function removeJob(db: Db | Tx, key: string): Promise<void> {
  await db.$executeRaw`SELECT FROM graphile_worker.remove_job(${key})`;
}

/**
 * Adds the running `job` (of no named queue) again, under its key, to run in `afterMs` with `payload`: for a
 * task that picks its own retry delay, since graphile-worker's back-off is the same for every task. The
 * running job then returns normally and is deleted. Nothing is added when a newer job has taken the key
 * meanwhile (graphile-worker moves the key of a running job to the one added after it): that one stands.
 * Returns whether the job was added again.
 */
export async function runAgain(
  db: Db,
  job: Pick<Job, 'id' | 'key' | 'max_attempts'>,
  name: JobName,
  payload: object,
  afterMs: number,
): Promise<boolean> {
  const options = { maxAttempts: job.max_attempts, runAfterMs: afterMs };
  const { key } = job;
  if (key === null) {
    await addJob(db, name, payload, options);
    return true;
  }
  return db.$transaction(async (tx) => {
    // The running job's row, locked: a job added under the key after this check waits for this transaction
    // and then replaces the one added here, as it would replace any waiting job of its key.
    const held = await tx.$queryRaw<unknown[]>`
      SELECT FROM graphile_worker._private_jobs WHERE id = ${job.id}::bigint AND key = ${key} FOR UPDATE`;
    if (held.length === 0) return false;
    await addJob(tx, name, payload, { ...options, key });
    return true;
  });
}

/** The worker's own pool: its LISTEN connection and its running jobs never wait behind requests for a connection. */
const workerPool = (connectionString: string, concurrency: number, options: PoolOptions) =>
  createPool(connectionString, concurrency + 2, { ...options, queryTimeout: false });

/** How long a stopping worker waits for the statements still running or waiting on its pool (see `stop`). */
const SETTLE_MS = 1_000;

/** Resolves once no connection of `pool` is in use or waited for, or after `ms`. */
async function settled(pool: pg.Pool, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while ((pool.waitingCount > 0 || pool.totalCount > pool.idleCount) && Date.now() < until) await sleep(20);
}

/** graphile-worker's log lines, into the app's log: its warnings and errors as they are, its per-job lines at debug. */
function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = { jobs: { ...scope, ...meta } };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}

export interface JobWorker {
  /** Takes no new job, lets the running ones finish, and closes its connections. */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  connectionString: string;
  logger: Logger;
  tasks: Record<JobName, Task>;
  /**
   * Recurring jobs: each worker keeps the schedule, and graphile-worker records every run it adds
   * (`known_crontabs`), so a scheduled job is added once per time slot across all workers.
   */
  schedule?: (CronItem & { task: JobName })[];
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often due retries are looked for; new jobs are announced at once (LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  /** The worker's pool (its LISTEN connection is never idle). */
  pool?: PoolOptions;
}

export async function startJobWorker({
  connectionString,
  logger,
  tasks,
  schedule = [],
  concurrency = 2,
  pollIntervalMs = 1_000,
  pool: poolOptions = {},
}: JobWorkerOptions): Promise<JobWorker> {
  const pool = workerPool(connectionString, concurrency, poolOptions);
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      taskList: tasks,
      concurrency,
      pollInterval: pollIntervalMs,
      noHandleSignals: true,
      // The schedule is in code (never a ./crontab file, which graphile-worker would otherwise look for).
      parsedCronItems: parseCronItems(schedule),
      // A stop waits this long for running jobs, then aborts them (they fail and are retried): main.ts's stop is short.
      gracefulShutdownAbortTimeout: 1_500,
      logger: workerLogger(logger),
    });
  } catch (err) {
    await pool.end();
    throw err;
  }
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        await runner.stop().catch((err: unknown) => logger.warn({ err }, 'the job worker did not stop cleanly'));
        // A job that ended as the runner stopped may still be recording so, waiting for a connection: an ending pool
        // never hands it one, the record fails (unhandled, inside graphile-worker) and the job stays locked, to run again
        // hours later. Its connection is waited for, briefly.
        await settled(pool, SETTLE_MS);
        await pool.end().catch(() => {});
      })()),
  };
}

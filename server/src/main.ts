import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { createServerListener } from './app';
import { Tags } from './lib/cache-scope';
import { ensureSuperAdmin } from './bootstrap/super-admin.service';
import { ConfigError, loadDotEnv, parseConfig, type Config } from './config';
import { createAppContext, POOL_CLOSE_MS, type AppContext } from './context';
import { createDb, type Db } from './db/client';
import { DatabaseUnreachableError, openDatabase, retryingTransient, type DatabaseHandle } from './db/database';
import { EmbeddedStartError } from './db/embedded';
import { applyMigrations } from './db/migrate';
import { acquireStartupLock, underStartupLock, type StartupLock } from './db/startup-lock';
import { seedDemoContent, warnAboutDemoAccounts } from './seed/seed.service';
import { startJobs } from './jobs/tasks';
import type { JobWorker } from './jobs/job-queue.service';
import { queueVariantBackfill } from './media/image-variants';
import { createLogger, type Logger } from './lib/logger';
import { resolveJwtSecret } from './lib/secrets';
import { waitAtMost } from './lib/wait';
import { scheduleSweep } from './maintenance/sweep.service';

/** What a terminal's Ctrl-C, pm2, supervisord, systemd and a closed terminal send. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/**
 * A stop must be over within 5 s (supervisors escalate to SIGKILL, and the next start needs the port
 * and the data directory): in-flight requests get 2 s, the pool 0.5 s (context.ts), PostgreSQL at most 2 s
 * (db/embedded.ts), and whatever is left is cut at 4.5 s.
 */
const REQUEST_GRACE_MS = 2_000;
const HARD_STOP_MS = 4_500;

/** Prints one clear line and exits non-zero: what an operator needs on a bad configuration. */
function fail(message: string): never {
  console.error(`chronicle: ${message}`);
  process.exit(1);
}

/** The configuration from .env and the environment; one clear line and exit 1 when it is invalid. */
function loadConfig() {
  loadDotEnv();
  try {
    const config = parseConfig();
    // The libraries in the bundle (Express among them) read NODE_ENV themselves: they follow the configuration's,
    // which is production when it is not set (docs/decisions/075-production-render-bundle.md). Under Vite's development
    // server (VITE_DEV) it is left alone: Vite takes an unset NODE_ENV as development.
    if (!config.viteDev) process.env.NODE_ENV = config.env;
    return config;
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/** One start of the server: what has been started so far (a stop during start-up stops only that), and the stop asked for. */
interface Run {
  config: Config;
  logger: Logger;
  database?: DatabaseHandle;
  /** Held from the migrations to the end of the seed: replicas starting together take turns. */
  startupLock?: StartupLock;
  db?: Db;
  ctx?: AppContext;
  jobs?: JobWorker;
  server?: http.Server;
  stopSweep: () => void;
  /** Until the server listens, a stop is only noted, and carried out at the next step (`proceed`). */
  starting: boolean;
  stopping?: { reason: string; code: number };
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  mkdirSync(config.uploadDir, { recursive: true });
  mkdirSync(config.dataDir, { recursive: true });
  const run: Run = { config, logger, starting: true, stopSweep: () => {} };
  for (const signal of STOP_SIGNALS) process.on(signal, () => requestStop(run, signal));
  process.on(
    'unhandledRejection',
    toleratedWhileStopping(() => Boolean(run.stopping), logger),
  );

  const database = await prepareDatabase(run);
  if (!database || !(await proceed(run))) return;
  const db = (run.db = createDb(database.url));
  const ctx = (run.ctx = await createAppContext({ config, db, logger, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir) }));
  if (!(await prepareContent(run, ctx)) || !(await proceed(run))) return;
  if (config.runJobs) await startJobWorker(run, ctx, database.url);
  if (!(await proceed(run))) return;
  listen(run, ctx);
}

/**
 * graphile-worker (0.17) records a job's end without waiting for the record: its worker calls `failJob` or
 * `completeJob` and moves on. When the database goes away under a running job, the job fails, and so does the record
 * of it, with no one to handle it. That happens when a terminal's Ctrl-C reaches the whole process group and stops
 * PostgreSQL beside the server, or when the database is stopped with the workers. Node would end the process with
 * exit code 1 and a stack trace, in the middle of an orderly stop.
 *
 * Once a stop is under way, such a rejection is logged and the stop goes on: the job keeps its lock, and runs again
 * once the lock expires, as after a crash (job-queue.service.ts). Before a stop, an unhandled rejection ends the process
 * as Node's default does: thrown from here, it is an uncaught exception.
 */
function toleratedWhileStopping(stopping: () => boolean, logger: Logger) {
  return (reason: unknown) => {
    if (!stopping()) throw reason;
    logger.warn({ err: reason }, 'a write cut short by the stop failed (the job queue records a job without waiting for it)');
  };
}

function requestStop(run: Run, reason: string, code = 0) {
  if (run.stopping) return;
  run.stopping = { reason, code };
  // While starting, the start-up sequence notices at its next step (see `proceed`).
  if (!run.starting) void shutdown(run);
}

/** Between start-up steps: false (after stopping everything) when a stop was asked for meanwhile. */
async function proceed(run: Run) {
  if (!run.stopping) return true;
  run.starting = false;
  await shutdown(run);
  return false;
}

async function stopDatabase({ startupLock, database, logger }: Run) {
  await startupLock?.release();
  await database?.stop().catch((err: unknown) => logger.error({ err }, 'could not stop the embedded database'));
}

/** A start-up step against the database, tried again while the database is slow to answer (a busy host). */
function patiently<T>({ logger }: Run, what: string, work: () => Promise<T>) {
  return retryingTransient(work, (err, waitMs) =>
    logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      `${what}: the database did not answer in time; trying again in ${waitMs} ms`,
    ),
  );
}

/** Stops what has been started, in order, and exits. Safe to call at any point of the start-up. */
async function shutdown(run: Run) {
  const { config, logger, ctx, server } = run;
  const { reason, code } = run.stopping!;
  const began = Date.now();
  /** Where the stop is (named when it runs out of time), and how long each step took (logged at the end). */
  let step = 'serving before closing';
  let stepBegan = began;
  const took: Record<string, number> = {};
  const enter = (next: string) => {
    took[step] = Date.now() - stepBegan;
    [step, stepBegan] = [next, Date.now()];
  };
  logger.info(`${reason}: shutting down`);
  if (ctx) ctx.lifecycle.stopping = true;
  if (server?.listening && config.shutdownDelayMs > 0) {
    // Still serving, but no longer ready: the balancer's next probes take this process out of rotation.
    logger.info(`not ready; serving ${config.shutdownDelayMs} ms more before closing`);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  }
  // Live tickers and editors' presence are long requests: ended now, their browsers reconnect to a replica that is staying.
  enter('ending the live streams');
  await ctx?.liveFeed.close();
  await ctx?.presence.close();
  setTimeout(() => {
    logger.error(`shutdown took too long (${Date.now() - began} ms, ${step}); exiting`);
    run.database?.kill();
    process.exit(code || 1);
  }, HARD_STOP_MS).unref();
  // Jobs stop alongside the requests: running ones get the same grace, then are aborted (and retried elsewhere).
  const jobsStopped = run.jobs ? waitAtMost(REQUEST_GRACE_MS, run.jobs.stop()) : Promise.resolve();
  enter('finishing requests and jobs');
  if (server?.listening) {
    const cut = setTimeout(() => server.closeAllConnections(), REQUEST_GRACE_MS);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(cut);
  }
  run.stopSweep();
  await jobsStopped;
  // Views still queued (their requests cut at the grace limit) are written before the pool closes.
  enter('writing queued views and closing the connections');
  if (ctx) await ctx.close();
  else if (run.db) await waitAtMost(POOL_CLOSE_MS, run.db.$disconnect());
  enter('stopping the database');
  await stopDatabase(run);
  enter('');
  logger.info({ took }, `stopped in ${Date.now() - began} ms`);
  process.exit(code);
}

/** Opens the database (the embedded one without DATABASE_URL), takes the start-up lock and migrates; undefined when stopped meanwhile. */
async function prepareDatabase(run: Run): Promise<DatabaseHandle | undefined> {
  const { config, logger } = run;
  try {
    logger.info(config.databaseUrl ? 'connecting to the database' : `starting embedded PostgreSQL in ${config.dataDir}/pg`);
    const database = (run.database = await patiently(run, 'connecting', () =>
      openDatabase(config, {
        log: (line) => logger.debug({ postgres: line }),
        notice: (message) => logger.warn(message),
        // Signalled on its own (a process manager, `kill`), or died: the app cannot serve without it.
        onUnexpectedStop: (reason, requested) => {
          if (!requested) logger.error(reason);
          requestStop(run, reason, requested ? 0 : 1);
        },
      }),
    ));
    if (!(await proceed(run))) return undefined;
    const { url } = database;
    run.startupLock = await patiently(run, 'taking the start-up lock', () =>
      acquireStartupLock(url, () => logger.info('another process is starting on this database; waiting for it')),
    );
    if (!(await proceed(run))) return undefined;
    const applied = await patiently(run, 'migrating', () => applyMigrations(url));
    if (applied.length) logger.info({ applied }, 'migrations applied');
    return database;
  } catch (err) {
    await stopDatabase(run);
    if (err instanceof DatabaseUnreachableError || err instanceof EmbeddedStartError) fail(err.message);
    fail(`could not prepare the database: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The first super-admin, the demo content if asked for, then the start-up lock released; false when stopped meanwhile. */
async function prepareContent(run: Run, ctx: AppContext): Promise<boolean> {
  const { config, logger } = run;
  try {
    await patiently(run, 'creating the first super-admin', () => ensureSuperAdmin(ctx.db, config, logger));
    if (config.seedDemo) await seedDemoContent(ctx.db, config, logger, { storage: ctx.storage });
    // Other processes sharing the cache may have read the database before the seed.
    await ctx.cache.purge([Tags.everything]);
    await run.startupLock?.release();
    await warnAboutDemoAccounts(ctx.db, logger);
    return true;
  } catch (err) {
    if (run.stopping) {
      await proceed(run);
      return false;
    }
    await ctx.db.$disconnect();
    await stopDatabase(run);
    fail(`could not prepare the content: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Works the job queue in this process (RUN_JOBS); a worker that cannot start stops the server. */
async function startJobWorker(run: Run, ctx: AppContext, databaseUrl: string) {
  try {
    run.jobs = await startJobs(ctx, databaseUrl);
  } catch (err) {
    run.logger.error({ err }, 'the job worker could not start');
    requestStop(run, 'the job worker could not start', 1);
  }
}

/** The hourly sweep, then the HTTP server; ready once it listens. */
function listen(run: Run, ctx: AppContext) {
  const { config, logger } = run;
  run.stopSweep = scheduleSweep(
    ctx.db,
    config.uploadDir,
    // A stop closes the pool under a sweep still running: it is done again at the next start, and nothing is wrong.
    (err) =>
      ctx.lifecycle.stopping
        ? logger.debug({ err }, 'the sweep was cut by the stop')
        : logger.warn({ err }, 'could not sweep expired rows or uploads'),
    undefined,
    ctx.storage,
  );
  const listener = createServerListener(ctx);
  const server = (run.server = http.createServer((req, res) => {
    // While stopping, every answer says `Connection: close`, so keep-alive clients reconnect elsewhere.
    if (ctx.lifecycle.stopping) res.shouldKeepAlive = false;
    listener(req, res);
  }));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  server.on('error', async (err: NodeJS.ErrnoException) => {
    run.stopSweep();
    await ctx.db.$disconnect().catch(() => {});
    await stopDatabase(run);
    if (err.code === 'EADDRINUSE') fail(`port ${config.port} is already in use; stop the other program or set PORT`);
    if (err.code === 'EACCES') fail(`no permission to listen on port ${config.port}; choose a port above 1023 with PORT`);
    fail(`the server could not start: ${err.message}`);
  });

  server.listen(config.port, config.host, () => {
    run.starting = false;
    if (run.stopping) return void shutdown(run);
    logger.info(`Chronicle News is ready at ${config.publicUrl}`);
    // Images stored before variants existed get a job each (once across replicas: one job per image).
    void queueVariantBackfill(ctx).catch((err: unknown) => logger.warn({ err }, 'image variants: the backfill could not be queued'));
  });
}

/**
 * `node server/dist/main.js migrate`: applies pending migrations under the start-up lock and exits, for a
 * deployment's migration step (the Kubernetes Job in deploy/k8s). Replicas starting meanwhile wait for it.
 */
async function migrateOnly() {
  const config = loadConfig();
  if (!config.databaseUrl) fail('migrate needs DATABASE_URL (the embedded database is migrated by the server itself)');
  const logger = createLogger(config.logLevel);
  const applied = await underStartupLock(
    config.databaseUrl,
    () => applyMigrations(config.databaseUrl!),
    () => logger.info('another process is migrating this database; waiting for it'),
  );
  logger.info(applied.length ? { applied } : {}, applied.length ? 'migrations applied' : 'the database is up to date');
}

/**
 * `node server/dist/main.js worker`: works the job queue and serves nothing, for deployments that keep jobs off
 * the app replicas (RUN_JOBS=false there). It needs the app's DATABASE_URL, SMTP_URL and JWT secret (queued
 * mails are sealed with it); any number of workers share the queue, each job running once.
 */
async function workerOnly() {
  const config = loadConfig();
  if (!config.databaseUrl) fail('worker needs DATABASE_URL (the database the app servers use)');
  if (!config.jwtSecret) fail('worker needs JWT_SECRET, the same as the app servers (queued mails are sealed with it)');
  const logger = createLogger(config.logLevel);
  mkdirSync(config.uploadDir, { recursive: true });
  const db = createDb(config.databaseUrl, 3);
  // The app's context: its mailer, its storage (variants), its response cache (purged once variants exist).
  const ctx = await createAppContext({ config, db, logger, jwtSecret: config.jwtSecret });
  const jobs = await startJobs(ctx, config.databaseUrl);
  logger.info('Chronicle News worker is running');
  let stopping = false;
  process.on(
    'unhandledRejection',
    toleratedWhileStopping(() => stopping, logger),
  );
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: stopping the worker`);
      setTimeout(() => process.exit(1), HARD_STOP_MS).unref();
      void (async () => {
        await waitAtMost(REQUEST_GRACE_MS, jobs.stop());
        await ctx.close();
        logger.info('stopped');
        process.exit(0);
      })();
    });
  }
}

const command = process.argv[2];
if (command === 'worker') workerOnly().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
else if (command === 'migrate') migrateOnly().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
else main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));

import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { createServerListener } from './app';
import { Tags } from './lib/cache-scope';
import { ensureSuperAdmin } from './bootstrap/super-admin.service';
import { ConfigError, loadDotEnv, parseConfig } from './config';
import { createAppContext, type AppContext } from './context';
import { createDb, type Db } from './db/client';
import { DatabaseUnreachableError, openDatabase, retryingTransient, type DatabaseHandle } from './db/database';
import { EmbeddedStartError } from './db/embedded';
import { applyMigrations } from './db/migrate';
import { acquireStartupLock, underStartupLock, type StartupLock } from './db/startup-lock';
import { seedDemoContent, warnAboutDemoAccounts } from './seed/seed.service';
import { startJobs } from './jobs/tasks';
import type { JobWorker } from './jobs/job-queue.service';
import { queueVariantBackfill } from './media/image-variants';
import { createLogger } from './lib/logger';
import { resolveJwtSecret } from './lib/secrets';
import { scheduleSweep } from './maintenance/sweep.service';

/** What a terminal's Ctrl-C, pm2, supervisord, systemd and a closed terminal send. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/**
 * A stop must be over within 5 s (supervisors escalate to SIGKILL, and the next start needs the port
 * and the data directory): in-flight requests get 2 s, the pool 0.5 s, PostgreSQL at most 2 s
 * (db/embedded.ts), and whatever is left is cut at 4.5 s.
 */
const REQUEST_GRACE_MS = 2_000;
const POOL_CLOSE_MS = 500;
const HARD_STOP_MS = 4_500;

/** Prints one clear line and exits non-zero: what an operator needs on a bad configuration. */
function fail(message: string): never {
  console.error(`chronicle: ${message}`);
  process.exit(1);
}

const within = (ms: number, work: Promise<unknown>) =>
  Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/** The configuration from .env and the environment; one clear line and exit 1 when it is invalid. */
function loadConfig() {
  loadDotEnv();
  try {
    return parseConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  mkdirSync(config.uploadDir, { recursive: true });
  mkdirSync(config.dataDir, { recursive: true });

  let database: DatabaseHandle | undefined;
  /** Held from the migrations to the end of the seed: replicas starting together take turns. */
  let startupLock: StartupLock | undefined;
  /** What has been started so far: a stop during start-up stops only that. */
  const started: {
    db?: Db;
    server?: http.Server;
    mailer?: AppContext['mailer'];
    cache?: AppContext['cache'];
    viewRecorder?: AppContext['viewRecorder'];
    lifecycle?: AppContext['lifecycle'];
    liveFeed?: AppContext['liveFeed'];
    jobs?: JobWorker;
    limits?: AppContext['limits'];
    redis?: AppContext['redis'];
  } = {};
  let stopSweep = () => {};

  let stopping: { reason: string; code: number } | undefined;
  const stopDatabase = async () => {
    await startupLock?.release();
    await database?.stop().catch((err: unknown) => logger.error({ err }, 'could not stop the embedded database'));
  };

  /** Stops what has been started, in order, and exits. Safe to call at any point of the start-up. */
  const shutdown = async () => {
    const { reason, code } = stopping!;
    logger.info(`${reason}: shutting down`);
    if (started.lifecycle) started.lifecycle.stopping = true;
    if (started.server?.listening && config.shutdownDelayMs > 0) {
      // Still serving, but no longer ready: the balancer's next probes take this process out of rotation.
      logger.info(`not ready; serving ${config.shutdownDelayMs} ms more before closing`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    // Live tickers are long requests: ended now, their browsers reconnect to a replica that is staying.
    await started.liveFeed?.close();
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      database?.kill();
      process.exit(code || 1);
    }, HARD_STOP_MS).unref();
    // Jobs stop alongside the requests: running ones get the same grace, then are aborted (and retried elsewhere).
    const jobsStopped = started.jobs ? within(REQUEST_GRACE_MS, started.jobs.stop()) : Promise.resolve();
    if (started.server?.listening) {
      const open = started.server;
      const cut = setTimeout(() => open.closeAllConnections(), REQUEST_GRACE_MS);
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        open.closeIdleConnections();
      });
      clearTimeout(cut);
    }
    stopSweep();
    await jobsStopped;
    started.mailer?.close();
    // Views still queued (their requests cut at the grace limit) are written before the pool closes.
    await started.viewRecorder?.close();
    await within(POOL_CLOSE_MS, Promise.all([started.cache?.close(), started.limits?.close()]));
    await within(POOL_CLOSE_MS, started.redis?.close() ?? Promise.resolve());
    if (started.db) await within(POOL_CLOSE_MS, started.db.$disconnect());
    await stopDatabase();
    logger.info('stopped');
    process.exit(code);
  };

  let starting = true;
  const requestStop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = { reason, code };
    // While starting, the start-up sequence notices at its next step (see `proceed`).
    if (!starting) void shutdown();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => requestStop(signal));
  /** Between start-up steps: false (after stopping everything) when a stop was asked for meanwhile. */
  const proceed = async () => {
    if (!stopping) return true;
    starting = false;
    await shutdown();
    return false;
  };

  /** A start-up step against the database, tried again while the database is slow to answer (a busy host). */
  const patiently = <T>(what: string, work: () => Promise<T>) =>
    retryingTransient(work, (err, waitMs) =>
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, `${what}: the database did not answer in time; trying again in ${waitMs} ms`),
    );

  try {
    logger.info(config.databaseUrl ? 'connecting to the database' : `starting embedded PostgreSQL in ${config.dataDir}/pg`);
    database = await patiently('connecting', () => openDatabase(config, {
      log: (line) => logger.debug({ postgres: line }),
      notice: (message) => logger.warn(message),
      // Signalled on its own (a process manager, `kill`), or died: the app cannot serve without it.
      onUnexpectedStop: (reason, requested) => {
        if (!requested) logger.error(reason);
        requestStop(reason, requested ? 0 : 1);
      },
    }));
    if (!(await proceed())) return;
    const { url } = database;
    startupLock = await patiently('taking the start-up lock', () =>
      acquireStartupLock(url, () => logger.info('another process is starting on this database; waiting for it')),
    );
    if (!(await proceed())) return;
    const applied = await patiently('migrating', () => applyMigrations(url));
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (err) {
    await stopDatabase();
    if (err instanceof DatabaseUnreachableError || err instanceof EmbeddedStartError) fail(err.message);
    fail(`could not prepare the database: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!(await proceed())) return;

  const db = (started.db = createDb(database.url));
  const ctx = await createAppContext({ config, db, logger, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir) });
  Object.assign(started, { mailer: ctx.mailer, viewRecorder: ctx.viewRecorder, cache: ctx.cache, lifecycle: ctx.lifecycle, liveFeed: ctx.liveFeed, limits: ctx.limits, redis: ctx.redis });
  const { cache } = ctx;

  try {
    await patiently('creating the first super-admin', () => ensureSuperAdmin(db, config, logger));
    if (config.seedDemo) await seedDemoContent(db, config, logger, { storage: ctx.storage });
    // Other processes sharing the cache may have read the database before the seed.
    await cache.purge([Tags.everything]);
    await startupLock?.release();
    await warnAboutDemoAccounts(db, logger);
  } catch (err) {
    if (stopping) return void (await proceed());
    await db.$disconnect();
    await stopDatabase();
    fail(`could not prepare the content: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!(await proceed())) return;

  if (config.runJobs) {
    try {
      started.jobs = await startJobs(ctx, database.url);
    } catch (err) {
      logger.error({ err }, 'the job worker could not start');
      requestStop('the job worker could not start', 1);
    }
  }
  if (!(await proceed())) return;

  stopSweep = scheduleSweep(db, config.uploadDir, (err) => logger.warn({ err }, 'could not sweep expired rows or uploads'), undefined, ctx.storage);
  const listener = createServerListener(ctx);
  const server = (started.server = http.createServer((req, res) => {
    // While stopping, every answer says `Connection: close`, so keep-alive clients reconnect elsewhere.
    if (ctx.lifecycle.stopping) res.shouldKeepAlive = false;
    listener(req, res);
  }));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  server.on('error', async (err: NodeJS.ErrnoException) => {
    stopSweep();
    await db.$disconnect().catch(() => {});
    await stopDatabase();
    if (err.code === 'EADDRINUSE') fail(`port ${config.port} is already in use; stop the other program or set PORT`);
    if (err.code === 'EACCES') fail(`no permission to listen on port ${config.port}; choose a port above 1023 with PORT`);
    fail(`the server could not start: ${err.message}`);
  });

  server.listen(config.port, config.host, () => {
    starting = false;
    if (stopping) return void shutdown();
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
  const applied = await underStartupLock(config.databaseUrl, () => applyMigrations(config.databaseUrl!), () =>
    logger.info('another process is migrating this database; waiting for it'),
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
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: stopping the worker`);
      setTimeout(() => process.exit(1), HARD_STOP_MS).unref();
      void (async () => {
        await within(REQUEST_GRACE_MS, jobs.stop());
        ctx.mailer.close();
        await ctx.liveFeed.close();
        await ctx.viewRecorder.close();
        await within(POOL_CLOSE_MS, ctx.cache.close());
        await within(POOL_CLOSE_MS, ctx.limits.close());
        await within(POOL_CLOSE_MS, ctx.redis?.close() ?? Promise.resolve());
        await within(POOL_CLOSE_MS, db.$disconnect());
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

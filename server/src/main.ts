import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { createApp } from './app';
import { ensureSuperAdmin } from './bootstrap/super-admin';
import { ConfigError, loadDotEnv, parseConfig } from './config';
import type { AppContext } from './context';
import { createDb } from './db/client';
import { DatabaseUnreachableError, openDatabase, type DatabaseHandle } from './db/database';
import { applyMigrations } from './db/migrate';
import { seedDemoContent } from './db/seed/seed';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { resolveJwtSecret } from './lib/secrets';
import { scheduleSweep } from './maintenance/sweep';

const SHUTDOWN_GRACE_MS = 8_000;

/** Prints one clear line and exits non-zero: what an operator needs on a bad configuration. */
function fail(message: string): never {
  console.error(`chronicle: ${message}`);
  process.exit(1);
}

async function main() {
  loadDotEnv();
  let config;
  try {
    config = parseConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const logger = createLogger(config.logLevel);
  mkdirSync(config.uploadDir, { recursive: true });
  mkdirSync(config.dataDir, { recursive: true });

  let database: DatabaseHandle | undefined;
  const stopDatabase = async () => {
    await database?.stop().catch((err: unknown) => logger.error({ err }, 'could not stop the embedded database'));
  };
  let shuttingDown = false;
  const earlySignal = () => {
    shuttingDown = true;
  };
  process.once('SIGINT', earlySignal);
  process.once('SIGTERM', earlySignal);

  try {
    logger.info(config.databaseUrl ? 'connecting to the database' : `starting embedded PostgreSQL in ${config.dataDir}/pg`);
    database = await openDatabase(config, (line) => logger.debug({ postgres: line }));
    const applied = await applyMigrations(database.url);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (err) {
    await stopDatabase();
    if (err instanceof DatabaseUnreachableError) fail(err.message);
    fail(`could not prepare the database: ${err instanceof Error ? err.message : String(err)}`);
  }

  const db = createDb(database.url);
  const ctx: AppContext = {
    config,
    db,
    logger,
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  };

  try {
    await ensureSuperAdmin(db, config, logger);
    if (config.seedDemo) await seedDemoContent(db, config, logger);
  } catch (err) {
    await db.$disconnect();
    await stopDatabase();
    fail(`could not prepare the content: ${err instanceof Error ? err.message : String(err)}`);
  }

  const stopSweep = scheduleSweep(db, config.uploadDir, (err) => logger.warn({ err }, 'could not sweep expired rows or uploads'));
  const server = http.createServer(createApp(ctx));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const shutdown = async (signal: string) => {
    if (shuttingDown && signal !== 'early') return;
    shuttingDown = true;
    logger.info(`${signal}: shutting down`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    stopSweep();
    ctx.mailer.close();
    await db.$disconnect().catch(() => {});
    await stopDatabase();
    logger.info('stopped');
    process.exit(0);
  };

  server.on('error', async (err: NodeJS.ErrnoException) => {
    await db.$disconnect().catch(() => {});
    await stopDatabase();
    if (err.code === 'EADDRINUSE') fail(`port ${config.port} is already in use; stop the other program or set PORT`);
    if (err.code === 'EACCES') fail(`no permission to listen on port ${config.port}; choose a port above 1023 with PORT`);
    fail(`the server could not start: ${err.message}`);
  });

  server.listen(config.port, config.host, () => {
    process.off('SIGINT', earlySignal);
    process.off('SIGTERM', earlySignal);
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    logger.info(`Chronicle News is ready at ${config.publicUrl}`);
    if (shuttingDown) void shutdown('early');
  });
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));

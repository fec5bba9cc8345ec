import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { whenDone } from './cleanup';
import { createServerListener } from '../../server/src/app';
import type { ResponseCache } from '../../server/src/cache';
import { Tags } from '../../server/src/lib/cache-scope';
import { parseConfig } from '../../server/src/config';
import { createAppContext, type AppContext } from '../../server/src/context';
import { createDb, type Db } from '../../server/src/db/client';
import { startJobs } from '../../server/src/jobs/tasks';
import { createLogger } from '../../server/src/lib/logger';

const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

/**
 * The database as tests write to it directly (factories, fixtures): each such write purges the whole
 * response cache, as if it had come through the app. The app itself keeps `ctx.db`, the plain client,
 * so its own writes are fresh only by what its routes declare they purge (lib/route.ts `purges`).
 */
function purgingOnWrite(db: Db, cache: ResponseCache): Db {
  return db.$extends({
    query: {
      async $allOperations({ operation, args, query }) {
        const result = await query(args);
        if (!READS.has(operation)) await cache.purge([Tags.everything]);
        return result;
      },
    },
  }) as unknown as Db;
}

/** The test apps' pools (see createTestApp). */
const TEST_POOL = { idleMs: 1_000 };

export interface TestApp {
  /** What the server listens with (main.ts): the view lane, the response cache's front door, then the app. */
  app: ReturnType<typeof createServerListener>;
  ctx: AppContext;
  db: AppContext['db'];
  databaseUrl: string;
}

/**
 * The real Express app over its own real database, cloned from the migrated template for this test
 * file and dropped after it. `env` overrides configuration (SMTP_URL for the mail tests, say).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(templateUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await client.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;

  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-test-uploads-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    UPLOAD_DIR: uploadDir,
    DATA_DIR: uploadDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://chronicle.test',
    ...env,
  });
  const logger = createLogger(process.env.TEST_LOG ?? 'silent');
  // A file may hold several apps until its end: each gives an unused connection back after a second, or a few such files
  // at once (vitest runs three) would pass PostgreSQL's 100 connections (it did, with eight idle ones an app).
  const db = createDb(url.toString(), 5, TEST_POOL);
  const ctx = await createAppContext({ config, db, logger, jwtSecret: randomBytes(32).toString('hex') });
  // The job queue is worked as in the server (main.ts): queued mails go out through SMTP_URL.
  const jobs = config.runJobs ? await startJobs(ctx, url.toString(), { pool: TEST_POOL }) : undefined;
  whenDone(async () => {
    await jobs?.stop();
    await ctx.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });
  return { app: createServerListener(ctx), ctx, db: purgingOnWrite(db, ctx.cache), databaseUrl: url.toString() };
}

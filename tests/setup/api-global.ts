import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded';
import { applyMigrations } from '../../server/src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    redisUrl: string;
  }
}

/**
 * One Redis for the tests that use it: TEST_REDIS_URL when set, else the machine's at 127.0.0.1:6379 when it
 * answers, else a `redis-server` of our own (Debian's package; .ci/run installs it) on a free port, without
 * persistence. Each test keeps its keys under a prefix of its own.
 */
async function openRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const answers = async (url: string) => {
    const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch {
      return false;
    } finally {
      if (client.isOpen) await client.close();
    }
  };
  const given = process.env.TEST_REDIS_URL;
  if (given) return { url: given, stop: async () => {} };
  if (await answers('redis://127.0.0.1:6379')) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answers(url)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!(await answers(url))) throw new Error('No Redis: set TEST_REDIS_URL, or install redis-server');
  return {
    url,
    stop: async () => {
      server.kill();
    },
  };
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL or DATABASE_URL when set, else an embedded one in a
 * temporary folder. A template database is migrated once; each test file clones it (tests/helpers/app.ts).
 */
export default async function setup(project: TestProject) {
  // The reader's pages are rendered by the built client (client/dist, client/dist-server): build what is stale.
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed');
  const external = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let serverUrl: string;
  if (external) serverUrl = external;
  else {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-test-pg-'));
    // The embedded server runs as the `postgres` system user when we are root: it must reach the folder.
    chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'pg'), 'chronicle');
    serverUrl = embedded.adminUrl;
  }
  const template = `chronicle_tpl_${process.pid}_${Date.now()}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${template}"`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  await applyMigrations(templateUrl.toString());
  project.provide('templateDatabaseUrl', templateUrl.toString());
  const redis = await openRedis();
  project.provide('redisUrl', redis.url);

  return async () => {
    // Drop every database of this run (clones are named after the template).
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
    for (const { datname } of rows.reverse()) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
    await redis.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

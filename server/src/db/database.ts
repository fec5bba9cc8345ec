import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded';

export interface DatabaseHandle {
  url: string;
  /** A role that may create databases: the embedded superuser, or the configured URL's own. */
  adminUrl: string;
  embedded: boolean;
  stop(): Promise<void>;
  kill(): void;
}

/** The configured PostgreSQL, or an embedded one under DATA_DIR when DATABASE_URL is unset. */
export async function openDatabase(config: Config, embeddedOptions: EmbeddedOptions): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    await assertReachable(config.databaseUrl);
    return { url: config.databaseUrl, adminUrl: config.databaseUrl, embedded: false, stop: async () => {}, kill: () => {} };
  }
  const db = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), 'chronicle', embeddedOptions);
  return { url: db.url, adminUrl: db.adminUrl, embedded: true, stop: () => db.stop(), kill: () => db.kill() };
}

export async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnreachableError(`Cannot connect to the database at ${redactUrl(url)}: ${reason || 'connection refused'}`);
  } finally {
    await client.end().catch(() => {});
  }
}

export class DatabaseUnreachableError extends Error {}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

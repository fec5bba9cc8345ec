import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** The configured PostgreSQL, or an embedded one under DATA_DIR when DATABASE_URL is unset. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    await assertReachable(config.databaseUrl);
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const db = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), 'chronicle', log);
  return { url: db.url, embedded: true, stop: () => db.stop() };
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

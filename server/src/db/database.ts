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
    throw new DatabaseUnreachableError(`Cannot connect to the database at ${redactUrl(url)}: ${reason || 'connection refused'}`, { cause: err });
  } finally {
    await client.end().catch(() => {});
  }
}

export class DatabaseUnreachableError extends Error {}

/**
 * A failure that another try may not meet: the database is there but slow to answer (a host under load, where the
 * pool's 3 s connect timeout passes) or not yet ready (restarting). Anything else (a refused password, a bad
 * migration) fails the start at once.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  const { code, message = '', cause } = (err ?? {}) as { code?: string; message?: string; cause?: unknown };
  if (code && ['57P03', '08000', '08003', '08006', 'ECONNRESET', 'ETIMEDOUT'].includes(code)) return true;
  if (/timeout exceeded when trying to connect|timeout expired|Connection terminated|the database system is (starting up|shutting down)/i.test(message)) return true;
  return cause !== undefined && cause !== err && isTransientDatabaseError(cause);
}

/**
 * Runs one step of the start-up against the database, again after a short wait while it fails for a transient
 * reason, until `deadlineMs` has passed: replicas starting at once on a busy machine wait for the database
 * rather than exit on their first slow connection (issue 22).
 */
export async function retryingTransient<T>(
  work: () => Promise<T>,
  onRetry: (err: unknown, waitMs: number) => void,
  deadlineMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const waitMs = Math.min(5_000, 250 * 2 ** attempt);
      if (!isTransientDatabaseError(err) || Date.now() + waitMs > deadline) throw err;
      onRetry(err, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

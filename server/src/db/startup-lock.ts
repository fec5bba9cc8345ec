import pg from 'pg';

/**
 * One PostgreSQL advisory lock for the whole start-up sequence (migrations, the first super-admin, the
 * demo seed): N replicas starting at once on one database take turns, so the first migrates and seeds
 * and the others find it done. The lock is held by a connection of its own, so a process that dies
 * mid-start releases it with its connection (docs/decisions/034-many-replicas.md).
 */
const STARTUP_LOCK_KEY = 0x6368726e; // 'chrn'

export interface StartupLock {
  release(): Promise<void>;
}

export async function acquireStartupLock(url: string, onWait?: () => void): Promise<StartupLock> {
  const client = new pg.Client({ connectionString: url, application_name: 'chronicle-startup' });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [STARTUP_LOCK_KEY]);
    if (!rows[0]?.locked) {
      onWait?.();
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

/** Runs `work` while holding the start-up lock (the `db:migrate` command, the tests). */
export async function underStartupLock<T>(url: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const lock = await acquireStartupLock(url, onWait);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

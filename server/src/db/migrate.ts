import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import { Logger as WorkerLogger, runMigrations } from 'graphile-worker';
import { createPool } from './client';

/**
 * Prisma's schema engine compiled to WebAssembly, driven through the pg adapter: migrations work on
 * machines that cannot download Prisma's native engine (docs/decisions/002-prisma-offline.md).
 */
const require = createRequire(import.meta.url);
const ROOT = process.cwd();
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
export const SCHEMA_FILE = path.join(ROOT, 'prisma/schema.prisma');
const NO_FILTERS = { externalTables: [], externalEnums: [] };

let wasmReady = false;
function loadWasm() {
  if (wasmReady) return;
  const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  wasmReady = true;
}

/**
 * The engine reads the catalog, whose `"char"` columns (type oid 18, such as `pg_constraint.contype`)
 * the pg adapter refuses to map. Their values arrive as one-character strings, so the pool labels them
 * as text and the adapter's result then marks those columns as Character, which the engine expects.
 */
const CHAR_OID = 18;
const TEXT_OID = 25;
const CHARACTER_COLUMN = 6; // ColumnTypeEnum.Character of @prisma/driver-adapter-utils
let lastCharColumns = new Set<string>();

function charAsText(pool: pg.Pool): pg.Pool {
  const relabel = (target: { query: unknown }) => {
    const original = (target.query as (...args: unknown[]) => Promise<pg.QueryResult>).bind(target);
    target.query = async (...args: unknown[]) => {
      const result = await original(...args);
      const names = new Set<string>();
      for (const field of result?.fields ?? []) {
        if (field.dataTypeID === CHAR_OID) {
          field.dataTypeID = TEXT_OID;
          names.add(field.name);
        }
      }
      lastCharColumns = names;
      return result;
    };
  };
  relabel(pool);
  pool.on('connect', (client) => relabel(client));
  return pool;
}

interface RawResult {
  columnNames: string[];
  columnTypes: number[];
}

function markCharColumns<T extends object>(factory: T): T {
  const f = factory as unknown as { connect: () => Promise<{ queryRaw: (q: unknown) => Promise<RawResult> }> };
  const connect = f.connect.bind(f);
  f.connect = async () => {
    const adapter = await connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (q: unknown) => {
      const result = await queryRaw(q);
      const names = lastCharColumns;
      result.columnNames.forEach((name, i) => {
        if (names.has(name)) result.columnTypes[i] = CHARACTER_COLUMN;
      });
      return result;
    };
    return adapter;
  };
  return factory;
}

/**
 * The pg adapter runs a migration script by splitting it at every semicolon, quoted or not, which cuts a
 * function body in two (the breaking-news trigger). PostgreSQL's simple query protocol takes the whole
 * script in one round trip, as `prisma migrate deploy`'s native engine sends it, and runs it as one
 * implicit transaction: a migration that fails leaves nothing half applied.
 */
function wholeScripts<T extends object>(factory: T, pool: pg.Pool): T {
  const f = factory as unknown as { connect: () => Promise<{ executeScript: (script: string) => Promise<void>; onError: (e: unknown) => never }> };
  const connect = f.connect.bind(f);
  f.connect = async () => {
    const adapter = await connect();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (err) {
        adapter.onError(err);
      }
    };
    return adapter;
  };
  return factory;
}

type Engine = Awaited<ReturnType<typeof bg.SchemaEngine.new>>;

/** The engine over a pool we end afterwards, so no connection outlives the call (a template database must be idle to be cloned). */
async function withEngine<T>(url: string, fn: (engine: Engine) => Promise<T>): Promise<T> {
  loadWasm();
  const pool = charAsText(new pg.Pool({ connectionString: url, max: 2 }));
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScripts(markCharColumns(new PrismaPg(pool)), pool));
  const schema = readFileSync(SCHEMA_FILE, 'utf8');
  const engine = await bg.SchemaEngine.new({ datamodels: [[SCHEMA_FILE, schema]] }, () => {}, adapter);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

function migrationList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(MIGRATIONS_DIR, d.name, 'migration.sql')))
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/** Applies pending migrations and records them in `_prisma_migrations`, as `prisma migrate deploy` does. */
export async function applyMigrations(url: string): Promise<string[]> {
  const applied = await withEngine(url, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: migrationList(), filters: NO_FILTERS } as never);
    return (out as { appliedMigrationNames: string[] }).appliedMigrationNames;
  });
  // The job queue's own tables (schema graphile_worker), kept by graphile-worker's migrations.
  await migrateJobQueue(url);
  return applied;
}

/**
 * Creates graphile-worker's tables (schema `graphile_worker`, the job queue of jobs/job-queue.service.ts), or brings them
 * up to date: part of the database's schema, kept by graphile-worker's own migrations.
 */
async function migrateJobQueue(connectionString: string): Promise<void> {
  // The job worker's pool settings (jobs/job-queue.service.ts): graphile-worker's statements get no client-side query timeout.
  const pool = createPool(connectionString, 3, { queryTimeout: false });
  try {
    await runMigrations({ pgPool: pool, logger: new WorkerLogger(() => () => {}) });
  } finally {
    await pool.end();
  }
}

/**
 * Writes the next migration (the SQL from the committed migrations to the schema), as
 * `migrate dev --create-only` does: the migrations are replayed into a throw-away database, and that
 * database is diffed against the schema.
 */
export async function createMigration(url: string, name: string): Promise<string | null> {
  const sql = await withTemporaryDatabase(url, async (tempUrl) => {
    await applyMigrations(tempUrl);
    return withEngine(tempUrl, async (engine) => {
      const schema = { path: SCHEMA_FILE, content: readFileSync(SCHEMA_FILE, 'utf8') };
      const result = await engine.diff({
        from: { tag: 'schemaDatasource', files: [schema], configDir: ROOT },
        to: { tag: 'schemaDatamodel', files: [schema] },
        script: true,
        exitCode: null,
        shadowDatabaseUrl: null,
        filters: NO_FILTERS,
      } as never);
      return (result as { stdout: string }).stdout;
    });
  });
  if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) return null;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'migration';
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${slug}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'migration.sql'), sql);
  const lock = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  if (!existsSync(lock)) {
    writeFileSync(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}

/** Runs `fn` with a throw-away database on the same server as `url`, dropped afterwards. */
async function withTemporaryDatabase<T>(url: string, fn: (tempUrl: string) => Promise<T>): Promise<T> {
  const name = `chronicle_migration_${process.pid}_${Date.now()}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
    const temp = new URL(url);
    temp.pathname = `/${name}`;
    return await fn(temp.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await client.end();
  }
}

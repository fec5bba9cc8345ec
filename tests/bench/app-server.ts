/**
 * The real app for the benchmark, in its own process (so that the load generator does not share its
 * event loop). Started by run.ts with DATABASE_URL, RESPONSE_CACHE and TRUST_PROXY set. It can record the
 * SQL that one request sends, which the bare-SQL server (bare-sql.ts) then replays through `pg` directly, and
 * tells what its response cache holds.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createServerListener } from '../../server/src/app';
import { parseConfig } from '../../server/src/config';
import { createAppContext } from '../../server/src/context';
import { createDb } from '../../server/src/db/client';
import { createLogger } from '../../server/src/lib/logger';
import {
  ID_TOKEN,
  answerCpuQuestions,
  answerMemoryQuestions,
  type ChildMessage,
  type ParentMessage,
  type StatementGroups,
} from './scenarios';

interface Recorded {
  text: string;
  values: unknown[];
  start: number;
  end: number;
}

let recording: Recorded[] | undefined;

// Prisma's pg adapter sends every statement through Pool#query({ text, values, ... }).
type PoolQuery = (this: pg.Pool, ...args: unknown[]) => unknown;
const poolProto = pg.Pool.prototype as unknown as { query: PoolQuery };
const originalQuery = poolProto.query;
poolProto.query = function (this: pg.Pool, ...args: unknown[]) {
  const result = originalQuery.apply(this, args);
  const config = args[0];
  if (recording && config && typeof config === 'object' && 'text' in config) {
    const { text, values } = config as { text: string; values?: unknown[] };
    const entry: Recorded = { text, values: values ?? [], start: performance.now(), end: Infinity };
    recording.push(entry);
    if (result instanceof Promise) void result.finally(() => (entry.end = performance.now())).catch(() => {});
  }
  return result;
};

/**
 * Statements started before any statement of the current group had finished ran side by side (Promise.all);
 * a statement started later may depend on an earlier result, so it opens the next group.
 */
function toGroups(records: Recorded[], id: string): StatementGroups {
  const groups: StatementGroups = [];
  let firstEnd = -Infinity;
  for (const r of [...records].sort((a, b) => a.start - b.start)) {
    const statement = {
      text: r.text,
      values: r.values.map((v) => (v === id ? ID_TOKEN : v)),
    };
    if (groups.length && r.start < firstEnd) {
      groups.at(-1)!.push(statement);
      firstEnd = Math.min(firstEnd, r.end);
    } else {
      groups.push([statement]);
      firstEnd = r.end;
    }
  }
  return groups;
}

const send = (message: ChildMessage) => process.send?.(message);

const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-app-'));
const config = parseConfig({
  NODE_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  UPLOAD_DIR: dir,
  DATA_DIR: dir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://bench.local',
  // Which response cache the run measures (off, memory), and whose X-Forwarded-For to believe: the view
  // burst sends one address per reader from the load generator on loopback.
  RESPONSE_CACHE: process.env.RESPONSE_CACHE,
  TRUST_PROXY: process.env.TRUST_PROXY,
  // Search's limit per network (the load generator is one network): lifted for the search's measurement.
  SEARCHES_PER_MINUTE: process.env.SEARCHES_PER_MINUTE,
  // The reading beacons' limit per network, lifted for the ingest's measurement.
  READ_BEACONS_PER_MINUTE: process.env.READ_BEACONS_PER_MINUTE,
});
// The cold pages' floors: the reader's renderer with an article page's work taken out (fixed-renderer.ts).
if (process.env.BENCH_RENDER) {
  process.env.BENCH_REAL_RENDERER = config.clientRenderer;
  config.clientRenderer = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixed-renderer.ts');
}
const logger = createLogger(config.logLevel);
const db = createDb(config.databaseUrl!);
const ctx = await createAppContext({ config, db, logger, jwtSecret: config.jwtSecret! });
const server = http.createServer(createServerListener(ctx));
server.keepAliveTimeout = 65_000;

process.on('message', (message: ParentMessage) => {
  // What the response cache holds: entries, bytes and budget of its store.
  if (message.type === 'cache') return void ctx.cache.stats().then((stats) => send({ type: 'cache', stats }));
  if (message.type !== 'capture') return;
  if (message.on) recording = [];
  else {
    const records = recording ?? [];
    recording = undefined;
    send({ type: 'captured', groups: toGroups(records, message.id) });
  }
});
answerCpuQuestions();
answerMemoryQuestions();
process.on('disconnect', () => void stop());

async function stop() {
  // Requests still in flight (autocannon drops its connections at the end of a round) finish first.
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));

/**
 * `npx tsx tests/bench/query-plans.ts <postgresql://… of a server>`: the table of docs/query-plans.md. Creates a
 * database on that server, migrates it, seeds the read data set (tests/helpers/query-plans.ts), makes each public
 * read through the real app, and prints, for every statement the read sent, its index, the rows read through it,
 * the most rows any sort took in, and the execution time (EXPLAIN ANALYZE). The database is dropped afterwards.
 */
import pg from 'pg';
import request from 'supertest';
import { createApp } from '../../server/src/app';
import { createAppContext } from '../../server/src/context';
import { parseConfig } from '../../server/src/config';
import { applyMigrations } from '../../server/src/db/migrate';
import { createLogger } from '../../server/src/lib/logger';
import { explain, indexesUsed, mostRowsSorted, publicReads, readPlanner, rowsReadBy, seqScans } from '../helpers/query-plans';
import { openDatabase } from './database';

const server = process.argv[2];
if (!server) throw new Error('Usage: tsx tests/bench/query-plans.ts postgresql://user@host:port/db');
const database = await openDatabase(server, 'plans');
const { url } = database;
let planner: Awaited<ReturnType<typeof readPlanner>> | undefined;
try {
  await applyMigrations(url);
  planner = await readPlanner(url);
  const { ids, db, take, client } = planner;
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://chronicle.test',
    // The plans of the reads themselves: nothing answered from the response cache.
    RESPONSE_CACHE: 'off',
  });
  const logger = createLogger('silent');
  const app = createApp(
    await createAppContext({
      config,
      db,
      logger,
      jwtSecret: 'plans'.repeat(8),
      // Views are not among the reads planned here; the capturing client has no pool of its own to lend.
      viewPool: new pg.Pool({ connectionString: url }),
    }),
  );
  console.log('| read | statement | index | rows read | most rows sorted | time (ms) |\n|---|---|---|--:|--:|--:|');
  for (const read of publicReads(ids)) {
    // Once to warm the caches, then the statements of a second read.
    await request(app).get(read.path);
    take();
    const res = await request(app).get(read.path);
    if (res.status !== 200) throw new Error(`${read.path} answered ${res.status}`);
    for (const statement of take()) {
      const explained = await explain(client, statement);
      const indexes = [...new Set(indexesUsed(explained.plan))];
      const whole = seqScans(explained.plan).map((t) => `${t} (whole table)`);
      const rows = indexes.map((i) => rowsReadBy(explained.plan, i));
      console.log(
        `| ${read.name} | ${summary(statement.sql)} | ${[...indexes, ...whole].join(', ') || '–'} | ${rows.join(', ') || '–'} | ${mostRowsSorted(explained.plan)} | ${explained.executionMs.toFixed(2)} |`,
      );
    }
  }
} finally {
  await planner?.close();
  await database.close();
}

/** What a statement reads, in a few words: its main table and whether it counts or aggregates. */
function summary(sql: string): string {
  const from = /FROM "(?:public"\.")?(\w+)"/.exec(sql)?.[1] ?? '?';
  if (/^\s*SELECT COUNT\(\*\)/i.test(sql)) return `count ${from}`;
  if (/WITH RECURSIVE/i.test(sql)) return `${from} tree`;
  if (/GROUP BY/i.test(sql)) return `${from} per group`;
  return from;
}

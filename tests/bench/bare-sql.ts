/**
 * The ceiling of the uncached path: a bare node:http server that answers the JSON reads by running the SQL
 * the app sent for the same request (captured by app-server.ts) through `pg` directly, with a pool of the
 * same size as the app's, and answers the rows as JSON. No framework, no validation, no ORM, no mapping.
 * Statements that the app ran side by side run side by side here too. Each is a named prepared statement,
 * as the app's hot reads are (docs/decisions/030): planned once per connection.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { ID_TOKEN, READS, answerCpuQuestions, type ChildMessage, type StatementGroups } from './scenarios';

const plans = JSON.parse(readFileSync(process.env.BENCH_PLAN!, 'utf8')) as Record<string, StatementGroups>;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const routes = READS.flatMap((read) =>
  read.sqlPattern && plans[read.name] ? [{ pattern: read.sqlPattern, groups: plans[read.name]! }] : [],
);

const nameOf = (text: string) => `bare-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

async function replay(groups: StatementGroups, id: string | undefined): Promise<unknown[][]> {
  const results: unknown[][] = [];
  for (const group of groups) {
    const rows = await Promise.all(
      group.map(async ({ text, values }) => {
        const bound = values.map((v) => (v === ID_TOKEN ? id : v));
        return (await pool.query({ name: nameOf(text), text, values: bound })).rows;
      }),
    );
    results.push(...rows);
  }
  return results;
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const route = req.method === 'GET' ? routes.find((r) => r.pattern.test(url)) : undefined;
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  replay(route.groups, route.pattern.exec(url)?.[1]).then(
    (results) => {
      const body = JSON.stringify({ data: results });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
    },
    (err: unknown) => {
      console.error(err);
      res.writeHead(500).end();
    },
  );
});
server.keepAliveTimeout = 65_000;

answerCpuQuestions();
process.on('disconnect', () => {
  // Requests still in flight (autocannon drops its connections at the end of a round) finish first.
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeIdleConnections();
});

server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port } satisfies ChildMessage));

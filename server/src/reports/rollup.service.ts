import { DEVICE_CLASSES, ENGAGED_BANDS, REFERRER_CLASSES } from '#shared/reports';
import type pg from 'pg';
import { poolOf, type Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import type { Logger } from '../lib/logger';

/**
 * The roll-up (docs/decisions/068-reports.md): reading events are appended as they come; this job turns them into
 * per-article and per-site daily sums, which every report reads. Each run recomputes *whole days* from their events:
 * every day from the earliest to the latest of the events appended since the watermark (two hours more on each side,
 * for pages whose reports fall on both sides of a midnight), each day in a transaction of its own. A day's recompute
 * replaces the day whole, so a run killed half-way leaves every day either as it was or recomputed, and the next run,
 * whose watermark has not moved, does the work again; an event that arrives late (a page read yesterday, reported
 * today) makes its day be recomputed; a day is never counted twice.
 *
 * The watermark (`priorId`): events get their ids when their flush starts and become visible when it commits, so an
 * id below the newest one a run saw may still commit after it. A flush commits within seconds (statement timeouts):
 * the watermark is the newest id seen at least a minute before (`markId`, `markAt`), below which every event has
 * committed, and each run looks at everything above it.
 */

/** One run at a time, in every app process and worker: a run that finds another under way leaves the work to it. */
const TRY_LOCK = Prisma.sql`SELECT pg_try_advisory_xact_lock(hashtext('chronicle.read-rollup')) AS locked`;
/** How long after an id is seen every id below it has surely committed: the flushes' timeouts are seconds. */
const SETTLED = '60 seconds';
/** Room on each side of the new events' days: a page's reports are a few seconds apart, rarely more. */
const MARGIN_MS = 2 * 3_600_000;
/** The days a minutely run recomputes: today, and yesterday too near midnight (the margin). More is a catch-up. */
const USUAL_DAYS = 2;

/**
 * A day's pages: each page's reports merged (the deepest mark, the most engaged time; its first visitor, referrer and
 * device by the smallest value) and counted on the day its first report says it was opened, even when a later report
 * falls after midnight.
 */
const pagesOf = (day: string) => Prisma.sql`
  SELECT "articleId", min("at") AS at, min("visitor") AS visitor, max("depth") AS depth, max("engaged") AS engaged,
         min("referrer") AS referrer, min("device") AS device
  FROM "ReadEvent"
  WHERE "at" >= ${day}::timestamp AT TIME ZONE 'UTC' - interval '2 hours'
    AND "at" < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC' + interval '2 hours'
  GROUP BY "articleId", "pageId"
  HAVING min("at") >= ${day}::timestamp AT TIME ZONE 'UTC' AND min("at") < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

const count = (condition: string) => `count(*) FILTER (WHERE ${condition})::int`;
const bands = ENGAGED_BANDS.map((low, i) => {
  const high = ENGAGED_BANDS[i + 1];
  return count(high === undefined ? `engaged >= ${low}` : `engaged >= ${low} AND engaged < ${high}`);
});
const classes = (column: string, names: readonly string[]) => names.map((_, i) => count(`${column} = ${i}`));

const ARTICLE_SUMS = Prisma.raw(`
  count(*)::int, count(DISTINCT visitor)::int, COALESCE(sum(engaged), 0)::bigint,
  ${count('depth >= 25')}, ${count('depth >= 50')}, ${count('depth >= 75')}, ${count('depth >= 100')},
  ARRAY[${bands.join(', ')}],
  ARRAY[${classes('referrer', REFERRER_CLASSES).join(', ')}],
  ARRAY[${classes('device', DEVICE_CLASSES).join(', ')}]`);

/** The figures kept as running totals, in their order in `running` (ReadDaily, ReadTotal). */
const RUNNING = ['views', 'readers', 'engaged', 'depth25', 'depth50', 'depth75', 'depth100'] as const;
const running = (each: (column: string, i: number) => string) => Prisma.raw(`ARRAY[${RUNNING.map(each).join(', ')}]::bigint[]`);
/** `base` (running totals, or NULL for none) plus the figures `of` a row or sums. */
const plus = (base: string, of: (column: string) => string) => running((c, i) => `COALESCE(${base}[${i + 1}], 0) + ${of(c)}`);
/** The latest running totals of the article `id` up to (`<=`) or before (`<`) the day. */
const latest = (id: string, op: '<' | '<=', day: string) =>
  Prisma.sql`(SELECT d.running FROM "ReadDaily" d WHERE d."articleId" = ${Prisma.raw(id)} AND d.day ${Prisma.raw(op)} ${day}::date
              ORDER BY d.day DESC LIMIT 1)`;

/** An article's figures on a day, as `RETURNING` gives them: its id, then RUNNING's seven. */
type Figures = { id: string } & Record<(typeof RUNNING)[number], number | bigint>;
const FIGURES = Prisma.raw(RUNNING.map((c) => `${c}::bigint AS ${c}`).join(', '));

/** The articles whose figures on the day changed (added, removed or different), and those no longer read on it. */
function changesOf(before: Figures[], after: Figures[]): { changed: string[]; gone: string[] } {
  const key = (f: Figures) => RUNNING.map((c) => String(f[c])).join(',');
  const was = new Map(before.map((f) => [f.id, key(f)]));
  const changed = after.filter((f) => was.get(f.id) !== key(f)).map((f) => f.id);
  const now = new Set(after.map((f) => f.id));
  const gone = before.filter((f) => !now.has(f.id)).map((f) => f.id);
  return { changed: [...changed, ...gone], gone };
}

export interface RollupResult {
  /** The days recomputed (UTC, YYYY-MM-DD). */
  days: string[];
}

/** Every UTC day from `first` to `last` (YYYY-MM-DD), both included. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** How long one of a day's statements may take: a busy day's take longer than an API statement may (6 s). */
const DAY_STATEMENT_MS = 60_000;

/**
 * Recomputes one day's sums, in its own transaction; false when another run holds the roll-up's lock (see
 * `inLongTransaction`).
 */
const recomputeDay = (db: Db, day: string) => inLongTransaction(db, (run) => recomputeIn(run, day));

/**
 * `work` in a transaction of its own, committed when it answers true, on a connection of the app's pool, with the
 * statement timeout raised for the transaction and the client's wait for each answer raised with it (through `pg`: the
 * pool's 6 s would give up on a statement the server still runs, and the run, tried again, would pile statements up
 * behind it).
 */
async function inLongTransaction(db: Db, work: (run: Run) => Promise<boolean>): Promise<boolean> {
  const client = await poolOf(db).connect();
  const run = async <T extends object = object>(sql: Prisma.Sql) =>
    (await client.query<T>({ text: sql.text, values: sql.values, query_timeout: DAY_STATEMENT_MS + 5_000 } as pg.QueryConfig)).rows;
  let failed: unknown;
  try {
    await run(Prisma.sql`BEGIN`);
    await run(Prisma.raw(`SET LOCAL statement_timeout = ${DAY_STATEMENT_MS}`));
    const done = await work(run);
    await run(done ? Prisma.sql`COMMIT` : Prisma.sql`ROLLBACK`);
    return done;
  } catch (err) {
    failed = err;
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    // A connection whose statement failed (a timeout among others) is not given back to the pool.
    client.release(failed !== undefined);
  }
}

type Run = <T extends object = object>(sql: Prisma.Sql) => Promise<T[]>;

async function recomputeIn(run: Run, day: string): Promise<boolean> {
  const [lock] = await run<{ locked: boolean }>(TRY_LOCK);
  if (!lock?.locked) return false;
  const before = await run<Figures>(Prisma.sql`
        DELETE FROM "ReadDaily" WHERE day = ${day}::date RETURNING "articleId"::text AS id, ${FIGURES}`);
  await run(Prisma.sql`DELETE FROM "ReadSiteDaily" WHERE day = ${day}::date`);
  // The day's pages are merged once, for the articles' sums and the site's (distinct readers cannot be added up).
  const after = await run<Figures>(Prisma.sql`
        WITH pages AS MATERIALIZED (
          SELECT p.* FROM (${pagesOf(day)}) p JOIN "Article" a ON a.id = p."articleId"
        ), site AS (
          INSERT INTO "ReadSiteDaily" (day, views, readers, engaged, depth100)
          SELECT ${day}::date, count(*)::int, count(DISTINCT visitor)::int, COALESCE(sum(engaged), 0)::bigint, ${Prisma.raw(count('depth >= 100'))}
          FROM pages HAVING count(*) > 0
        )
        INSERT INTO "ReadDaily" ("articleId", day, views, readers, engaged, depth25, depth50, depth75, depth100,
                                 "engagedBands", referrers, devices, running)
        SELECT f.*, ${plus(`b.running`, (c) => `f.${c}`)}
        FROM (SELECT p."articleId", ${day}::date AS day, ${ARTICLE_SUMS} FROM pages p
              GROUP BY p."articleId") f(${Prisma.raw(`"articleId", day, ${RUNNING.join(', ')}, bands, refs, devs`)})
        LEFT JOIN LATERAL (SELECT ${latest('f."articleId"', '<', day)} AS running) b ON true
        RETURNING "articleId"::text AS id, ${FIGURES}`);
  // Only the articles whose day changed move their running totals (a day recomputed again without new events, as
  // the margin and a re-run after a failure do, changes none).
  const { changed, gone } = changesOf(before, after);
  if (changed.length === 0) return true;
  // Their days after this one (a late event's day recomputed) carry the change.
  await run(Prisma.sql`
        UPDATE "ReadDaily" r SET running = ${plus(`b.running`, (c) => `w.${c}`)}
        FROM (SELECT "articleId", day, ${Prisma.raw(RUNNING.map((c) => `sum(${c}) OVER w AS ${c}`).join(', '))}
              FROM "ReadDaily" WHERE day > ${day}::date AND "articleId" = ANY(${changed}::uuid[])
              WINDOW w AS (PARTITION BY "articleId" ORDER BY day)) w
        LEFT JOIN LATERAL (SELECT ${latest('w."articleId"', '<=', day)} AS running) b ON true
        WHERE r."articleId" = w."articleId" AND r.day = w.day`);
  // Their latest running totals…
  await run(Prisma.sql`
        INSERT INTO "ReadTotal" ("articleId", "firstDay", "lastDay", running)
        SELECT DISTINCT ON ("articleId") "articleId", min(day) OVER (PARTITION BY "articleId"), day, running
        FROM "ReadDaily" WHERE day >= ${day}::date AND "articleId" = ANY(${changed}::uuid[]) ORDER BY "articleId", day DESC
        ON CONFLICT ("articleId") DO UPDATE SET "firstDay" = LEAST("ReadTotal"."firstDay", excluded."firstDay"),
          "lastDay" = excluded."lastDay", running = excluded.running`);
  if (gone.length === 0) return true;
  // …and, for those no longer read on this day (their events gone) nor after, their latest day before, or nothing.
  await run(Prisma.sql`
        WITH latest AS MATERIALIZED (
          SELECT g.id, b.day, b.running FROM unnest(${gone}::uuid[]) AS g(id) LEFT JOIN LATERAL (
            SELECT d.day, d.running FROM "ReadDaily" d WHERE d."articleId" = g.id ORDER BY d.day DESC LIMIT 1) b ON true
        ), moved AS (
          UPDATE "ReadTotal" t SET "lastDay" = l.day, running = l.running FROM latest l
          WHERE t."articleId" = l.id AND l.day < ${day}::date
        )
        DELETE FROM "ReadTotal" t USING latest l WHERE t."articleId" = l.id AND l.day IS NULL`);
  return true;
}

/**
 * One run: the days of the events above the watermark, recomputed whole, then the watermark moved. `skipped` when
 * another run (another process, the worker) holds the lock: it does the same work.
 */
export async function rollUpReads(
  db: Db,
  { wait = false, logger }: { wait?: boolean; logger?: Logger } = {},
): Promise<RollupResult & { skipped?: true }> {
  // `wait`: a caller that needs the sums now (a test, a script) waits for a run under way, then runs, 30 s at most.
  for (let tries = 0; wait && tries < 300; tries++) {
    const result = await rollUpReads(db, { logger });
    if (!result.skipped) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [state] = await db.$queryRaw<{ priorId: bigint; newest: bigint }[]>`
    SELECT "priorId", (SELECT COALESCE(max(id), 0) FROM "ReadEvent")::bigint AS newest FROM "ReadRollup" WHERE id = 1`;
  const since = state?.priorId ?? 0n;
  const newest = state?.newest ?? 0n;
  const [span] = await db.$queryRaw<{ first: Date | null; last: Date | null }[]>`
    SELECT min("at") AS first, max("at") AS last FROM "ReadEvent" WHERE id > ${since} AND id <= ${newest}`;
  const days =
    span?.first && span.last
      ? daysFrom(
          new Date(span.first.getTime() - MARGIN_MS).toISOString().slice(0, 10),
          new Date(span.last.getTime() + MARGIN_MS).toISOString().slice(0, 10),
        )
      : [];
  for (const day of days) if (!(await recomputeDay(db, day))) return { days: [], skipped: true };
  // Every day of the events up to `newest` is summed: the watermark moves up to what was seen a minute ago.
  await db.$executeRaw`
    UPDATE "ReadRollup" SET
      "priorId" = CASE WHEN "markAt" <= now() - ${SETTLED}::interval THEN GREATEST("priorId", "markId") ELSE "priorId" END,
      "markId" = CASE WHEN "markAt" <= now() - ${SETTLED}::interval THEN ${newest} ELSE "markId" END,
      "markAt" = CASE WHEN "markAt" <= now() - ${SETTLED}::interval THEN now() ELSE "markAt" END,
      "seenId" = GREATEST("seenId", ${newest}),
      "rolledAt" = now()
    WHERE id = 1`;
  // A catch-up (the worker was stopped, or events for many days came at once) changes the sums faster than
  // autovacuum's statistics follow them. Left with a day index that knows none of the new days, the planner joined
  // every article to a whole day of rows: the articles' report took 3–5 s over 10,000 articles instead of 16 ms. The
  // app's role owns these tables (it migrates them), as ANALYZE asks. The sums are committed by now: a failure here
  // only leaves the statistics to autovacuum.
  if (days.length > USUAL_DAYS) {
    await inLongTransaction(db, async (run) => {
      await run(Prisma.sql`ANALYZE "ReadDaily", "ReadTotal", "ReadSiteDaily"`);
      return true;
    }).catch((err: unknown) => logger?.warn({ err }, 'the reports’ statistics were not refreshed after a catch-up; autovacuum will'));
  }
  return { days };
}

/** Raw events deleted per statement, and statements per run at most: a backlog is worked off over several runs. */
const FORGET_BATCH = 20_000;
const FORGET_BATCHES = 50;

/**
 * What privacy asks to forget (docs/privacy.md): the salts of days before yesterday (the visitor hashes of those days can
 * then be linked to nothing), and raw events older than the setting's days (their daily sums stay).
 */
export async function forgetOldReads(db: Db, now = new Date()): Promise<{ salts: number; events: number }> {
  // Yesterday's salt hashes the late reports of pages opened yesterday (at most 24 hours old): older ones go.
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const salts = await db.$executeRaw`DELETE FROM "ReadSalt" WHERE day < ${yesterday}::date`;
  const settings = await db.siteSettings.findUnique({ where: { id: 1 }, select: { readEventDays: true } });
  const days = settings?.readEventDays ?? 30;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let events = 0;
  for (let i = 0; i < FORGET_BATCHES; i++) {
    const deleted = await db.$executeRaw`
      DELETE FROM "ReadEvent" WHERE id IN (SELECT id FROM "ReadEvent" WHERE "at" < ${cutoff} LIMIT ${FORGET_BATCH})`;
    events += deleted;
    if (deleted < FORGET_BATCH) break;
  }
  return { salts, events };
}

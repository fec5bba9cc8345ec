import { DEVICE_CLASSES, ENGAGED_BANDS, REFERRER_CLASSES } from '#shared/reports';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';

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

/** Recomputes one day's sums, in its own transaction; false when another run holds the roll-up's lock. */
async function recomputeDay(db: Db, day: string): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      // A busy day's statements take longer than an API statement may.
      await tx.$executeRaw`SET LOCAL statement_timeout = '60s'`;
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>(TRY_LOCK);
      if (!lock?.locked) return false;
      await tx.$executeRaw`DELETE FROM "ReadDaily" WHERE day = ${day}::date`;
      await tx.$executeRaw`DELETE FROM "ReadSiteDaily" WHERE day = ${day}::date`;
      await tx.$executeRaw`
        INSERT INTO "ReadDaily" ("articleId", day, views, readers, engaged, depth25, depth50, depth75, depth100,
                                 "engagedBands", referrers, devices)
        SELECT p."articleId", ${day}::date, ${ARTICLE_SUMS}
        FROM (${pagesOf(day)}) p JOIN "Article" a ON a.id = p."articleId"
        GROUP BY p."articleId"`;
      await tx.$executeRaw`
        INSERT INTO "ReadSiteDaily" (day, views, readers, engaged, depth100)
        SELECT ${day}::date, count(*)::int, count(DISTINCT visitor)::int, COALESCE(sum(engaged), 0)::bigint, ${Prisma.raw(count('depth >= 100'))}
        FROM (${pagesOf(day)}) p JOIN "Article" a ON a.id = p."articleId"
        HAVING count(*) > 0`;
      return true;
    },
    { timeout: 5 * 60_000, maxWait: 10_000 },
  );
}

/**
 * One run: the days of the events above the watermark, recomputed whole, then the watermark moved. `skipped` when
 * another run (another process, the worker) holds the lock: it does the same work.
 */
export async function rollUpReads(db: Db, { wait = false } = {}): Promise<RollupResult & { skipped?: true }> {
  // `wait`: a caller that needs the sums now (a test, a script) waits for a run under way, then runs, 30 s at most.
  for (let tries = 0; wait && tries < 300; tries++) {
    const result = await rollUpReads(db);
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

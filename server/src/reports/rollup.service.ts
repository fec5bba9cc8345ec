import { DEVICE_CLASSES, ENGAGED_BANDS, REFERRER_CLASSES } from '#shared/reports';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';

/**
 * The roll-up (docs/decisions/068-reports.md): reading events are appended as they come; this job turns them into
 * per-article and per-site daily sums, which every report reads. Each run recomputes *whole days* from their events —
 * every day from the earliest to the latest of the events appended since the run before last — inside one transaction. So a run killed
 * half-way leaves the sums as they were and the next run does its work again; an event that arrives late (a page read
 * yesterday, reported today) makes its day be recomputed; and a day is never counted twice.
 *
 * Why "since the run before last": events get their ids when their flush starts and become visible when it
 * commits, so an id below the newest one a run saw may still commit after it. Every flush commits within seconds
 * (statement timeouts), and runs are a minute apart; looking back one run more picks up such late commits.
 */

/** Serialises runs, in every app process and worker: a second run waits for the first. */
const LOCK = Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('chronicle.read-rollup'))`;

/** A day's pages: each page's reports merged (the deepest mark, the most engaged time, its first answer for the rest). */
const pagesOf = (day: string) => Prisma.sql`
  SELECT "articleId", min("at") AS at, min("visitor") AS visitor, max("depth") AS depth, max("engaged") AS engaged,
         min("referrer") AS referrer, min("device") AS device
  FROM "ReadEvent"
  WHERE "at" >= ${day}::timestamp AT TIME ZONE 'UTC' AND "at" < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY "articleId", "pageId"`;

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

/** One run: the days touched since the run before last, recomputed whole. */
export async function rollUpReads(db: Db): Promise<RollupResult> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw(LOCK);
      // A day of a busy site takes longer than an API statement may: the run has a minute per statement.
      await tx.$executeRaw`SET LOCAL statement_timeout = '60s'`;
      const [state] = await tx.$queryRaw<{ seenId: bigint; priorId: bigint }[]>`
        SELECT "seenId", "priorId" FROM "ReadRollup" WHERE id = 1 FOR UPDATE`;
      const [{ newest }] = (await tx.$queryRaw<{ newest: bigint }[]>`
        SELECT COALESCE(max(id), 0)::bigint AS newest FROM "ReadEvent"`) as [{ newest: bigint }];
      const since = state?.priorId ?? 0n;
      // The days of the events appended since: from the earliest to the latest, each recomputed whole.
      const [span] = await tx.$queryRaw<{ first: string | null; last: string | null }[]>`
        SELECT to_char((min("at") AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS first,
               to_char((max("at") AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS last
        FROM "ReadEvent" WHERE id > ${since}`;
      const days = span?.first && span.last ? daysFrom(span.first, span.last) : [];
      for (const day of days) {
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
      }
      await tx.$executeRaw`
        UPDATE "ReadRollup" SET "priorId" = "seenId", "seenId" = GREATEST("seenId", ${newest}), "rolledAt" = now() WHERE id = 1`;
      return { days };
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/** Raw events deleted per statement, and statements per run at most: a backlog is worked off over several runs. */
const FORGET_BATCH = 20_000;
const FORGET_BATCHES = 50;

/**
 * What privacy asks to forget (docs/privacy.md): the salts of days that are over (the visitor hashes of those days can
 * then be linked to nothing), and raw events older than the setting's days (their daily sums stay).
 */
export async function forgetOldReads(db: Db, now = new Date()): Promise<{ salts: number; events: number }> {
  const today = now.toISOString().slice(0, 10);
  const salts = await db.$executeRaw`DELETE FROM "ReadSalt" WHERE day < ${today}::date`;
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

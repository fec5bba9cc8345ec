import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** One reading event as stored (docs/decisions/068-reports.md): nothing in it names a reader. */
export interface ReadRow {
  articleId: string;
  pageId: string;
  at: Date;
  visitor: bigint;
  depth: number;
  engaged: number;
  referrer: number;
  device: number;
}

/**
 * Appends one batch of events in one statement. An event of an article that is not published (or does not exist)
 * is dropped by the join: the beacon's answer is the same either way, and nothing is kept for it.
 */
export async function appendReadEvents(pool: pg.Pool, rows: ReadRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (r: ReadRow) => T) => rows.map(pick);
  await pool.query({
    name: 'chronicle.read-events',
    text: `
      INSERT INTO "ReadEvent" ("articleId", "pageId", "at", "visitor", "depth", "engaged", "referrer", "device")
      SELECT e.article_id, e.page_id, e.at, e.visitor, e.depth, e.engaged, e.referrer, e.device
      FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::int8[], $5::int2[], $6::int4[], $7::int2[], $8::int2[])
        AS e(article_id, page_id, at, visitor, depth, engaged, referrer, device)
      JOIN "Article" a ON a.id = e.article_id AND a.status = 'published'`,
    values: [
      column((r) => r.articleId),
      column((r) => r.pageId),
      column((r) => r.at.toISOString()),
      column((r) => r.visitor.toString()),
      column((r) => r.depth),
      column((r) => r.engaged),
      column((r) => r.referrer),
      column((r) => r.device),
    ],
  });
}

/**
 * The salt of the visitor hash for `day` (UTC, YYYY-MM-DD), made by whichever app server needs it first and shared
 * through the table; the roll-up deletes every salt of a day that is over (discardSalts), so yesterday's visitors can
 * no longer be linked to today's, nor to anything at all once the day's events are rolled up.
 */
export async function saltOf(pool: pg.Pool, day: string): Promise<Buffer> {
  const { rows } = await pool.query<{ salt: Buffer }>(
    `WITH made AS (
       INSERT INTO "ReadSalt" ("day", "salt") VALUES ($1::date, $2) ON CONFLICT ("day") DO NOTHING RETURNING "salt"
     )
     SELECT "salt" FROM made UNION ALL SELECT "salt" FROM "ReadSalt" WHERE "day" = $1::date LIMIT 1`,
    [day, randomBytes(32)],
  );
  return rows[0]!.salt;
}

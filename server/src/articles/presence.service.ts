import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type pg from 'pg';
import { lastingListener } from '../db/notifications';
import type { Logger } from '../lib/logger';

/**
 * Who else has an article open in the editor (docs/decisions/063-autosave-presence-conflicts.md), over Server-Sent
 * Events, as the live ticker is (breaking-news/live-feed.ts): with no broker beyond PostgreSQL.
 *
 * Each open editor holds a stream, and a row of "ArticlePresence" keyed by the stream (its `tab`), written when it
 * opens and deleted when it closes, each with a NOTIFY on `chronicle_presence` naming the article. Every process that
 * holds streams LISTENs, reads the article's editors again on a notification for it, and sends each of its streams
 * the others when they changed. Every heartbeat a process marks its rows as seen, so the rows of a process that
 * stopped without closing them age out (45 s) of every list, and are swept.
 */
export const PRESENCE_CHANNEL = 'chronicle_presence';
const RECONNECT_MS = 1_000;

export interface PresenceLimits {
  /** Streams one process holds; the next is refused (503). */
  perProcess: number;
  /** Streams one member of staff holds on one process (tabs, and articles); the next is refused (429). */
  perUser: number;
  /** A comment line, the rows marked as seen and every list read again, this often. */
  heartbeatMs: number;
  /** A row not seen for this long is someone whose process stopped: left out, then swept. */
  staleMs: number;
}

export const PRESENCE_LIMITS: PresenceLimits = { perProcess: 2_000, perUser: 20, heartbeatMs: 15_000, staleMs: 45_000 };

export interface Editor {
  id: string;
  name: string;
}

interface Watcher {
  articleId: string;
  userId: string;
  tab: string;
  /** The last list it was sent, as sent. */
  sent: string | undefined;
  /** Its row written (true), or not (false: failed, or not yet tried). */
  inserted: Promise<boolean>;
  /** Its headers sent: nothing is written to it before (a write would send Express's defaults). */
  open: boolean;
}

/** Opened, or why not: stopping or full (503), the caller holds their share (429), the article is gone (404). */
export type PresenceAdmission = 'open' | 'stopping' | 'full' | 'user' | 'gone';

export interface Presence {
  /** Opens `res` as the presence stream of `userId` in `articleId`; anything but 'open' means nothing was sent. */
  subscribe(res: Response, articleId: string, userId: string): Promise<PresenceAdmission>;
  size(): number;
  /** Ends every stream (their editors reconnect, to another replica) and stops listening. */
  close(): Promise<void>;
}

export function createPresence({
  pool,
  logger,
  limits: given,
}: {
  pool: pg.Pool;
  logger: Logger;
  limits?: Partial<PresenceLimits>;
}): Presence {
  const limits = { ...PRESENCE_LIMITS, ...given };
  const streams = new Map<Response, Watcher>();
  const byArticle = new Map<string, Set<Response>>();
  const perUser = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  const send = (res: Response, chunk: string) => {
    if (!res.writableEnded) res.write(chunk);
  };

  /** Reads who has `articleId` open, and sends each of this process's streams in it the others, when they changed. */
  async function refresh(articleId: string): Promise<void> {
    const here = byArticle.get(articleId);
    if (!here?.size) return;
    try {
      const { rows } = await pool.query<{ tab: string; id: string; name: string }>(
        `SELECT p.tab, u.id, u.name FROM "ArticlePresence" p JOIN "User" u ON u.id = p."userId"
         WHERE p."articleId" = $1 AND p."seenAt" > now() - $2::int * interval '1 millisecond'
         ORDER BY p."seenAt", p.tab`,
        [articleId, limits.staleMs],
      );
      for (const res of here) {
        const watcher = streams.get(res);
        if (!watcher?.open) continue;
        const editors = new Map<string, Editor>();
        for (const row of rows) if (row.tab !== watcher.tab && !editors.has(row.id)) editors.set(row.id, { id: row.id, name: row.name });
        const data = JSON.stringify({ editors: [...editors.values()] });
        if (data === watcher.sent) continue;
        watcher.sent = data;
        send(res, `event: presence\ndata: ${data}\n\n`);
      }
    } catch (err) {
      logger.warn({ err, articleId }, 'could not read who is editing an article');
    }
  }

  const say = (articleId: string) => pool.query('SELECT pg_notify($1, $2)', [PRESENCE_CHANNEL, articleId]);

  function forget(res: Response) {
    const watcher = streams.get(res);
    if (!watcher) return;
    streams.delete(res);
    const here = byArticle.get(watcher.articleId);
    here?.delete(res);
    if (here && !here.size) byArticle.delete(watcher.articleId);
    const left = (perUser.get(watcher.userId) ?? 1) - 1;
    if (left > 0) perUser.set(watcher.userId, left);
    else perUser.delete(watcher.userId);
    // After its row is written, if it is being written: a stream that closes at once leaves no row behind.
    void watcher.inserted
      .then(async (written) => {
        if (!written) return;
        await pool.query(`WITH gone AS (DELETE FROM "ArticlePresence" WHERE tab = $1) SELECT pg_notify($2, $3)`, [
          watcher.tab,
          PRESENCE_CHANNEL,
          watcher.articleId,
        ]);
      })
      .catch((err: unknown) => logger.warn({ err }, 'could not record that an editor left an article'));
  }
  function onClose(this: Response) {
    forget(this);
  }

  const tick = async () => {
    const watchers = [...streams.values()];
    for (const [res, watcher] of streams) if (watcher.open) send(res, ': keep-alive\n\n');
    try {
      // Written again if another process swept it (after an outage longer than the sweep's age, say).
      if (watchers.length)
        await pool.query(
          `INSERT INTO "ArticlePresence" (tab, "articleId", "userId")
           SELECT t.tab, t.article, t.editor FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS t(tab, article, editor)
           WHERE EXISTS (SELECT 1 FROM "Article" a WHERE a.id = t.article) AND EXISTS (SELECT 1 FROM "User" u WHERE u.id = t.editor)
           ON CONFLICT (tab) DO UPDATE SET "seenAt" = now()`,
          [watchers.map((w) => w.tab), watchers.map((w) => w.articleId), watchers.map((w) => w.userId)],
        );
      await pool.query(`DELETE FROM "ArticlePresence" WHERE "seenAt" < now() - $1::int * interval '1 millisecond'`, [limits.staleMs * 4]);
    } catch (err) {
      logger.warn({ err }, 'could not mark the open editors as present');
    }
    // Someone whose process stopped ages out without a notification: every list is read again.
    await Promise.all([...byArticle.keys()].map(refresh));
  };

  const listener = lastingListener({
    pool,
    channel: PRESENCE_CHANNEL,
    onNotification: (articleId) => void refresh(articleId),
    // What changed while no one listened.
    onListening: async () => void (await Promise.all([...byArticle.keys()].map(refresh))),
    wanted: () => streams.size > 0,
    logger,
    what: 'the presence listener',
    reconnectMs: RECONNECT_MS,
  });

  return {
    async subscribe(res, articleId, userId) {
      if (closed) return 'stopping';
      if (streams.size >= limits.perProcess) return 'full';
      const held = perUser.get(userId) ?? 0;
      if (held >= limits.perUser) return 'user';
      // The slot is taken before anything is awaited, so requests in parallel count against the caps at once; and the
      // stream is watched from now, so one that closes while its row is written is forgotten, row and all.
      const watcher: Watcher = { articleId, userId, tab: randomUUID(), sent: undefined, inserted: Promise.resolve(false), open: false };
      perUser.set(userId, held + 1);
      streams.set(res, watcher);
      byArticle.set(articleId, (byArticle.get(articleId) ?? new Set<Response>()).add(res));
      res.once('close', onClose);
      watcher.inserted = pool
        .query(`INSERT INTO "ArticlePresence" (tab, "articleId", "userId") VALUES ($1, $2, $3)`, [watcher.tab, articleId, userId])
        .then(() => true);
      try {
        await watcher.inserted;
      } catch (err) {
        watcher.inserted = Promise.resolve(false);
        res.off('close', onClose);
        forget(res);
        // The article (or the caller) deleted since the check.
        if ((err as { code?: string }).code === '23503') return 'gone';
        throw err;
      }
      if (closed || !streams.has(res)) {
        res.off('close', onClose);
        forget(res);
        return closed ? 'stopping' : 'open';
      }
      res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
      res.flushHeaders();
      watcher.open = true;
      send(res, 'retry: 3000\n\n');
      heartbeat ??= setInterval(() => void tick(), limits.heartbeatMs).unref();
      await listener.ensure();
      await say(articleId).catch((err: unknown) => logger.warn({ err }, 'could not announce an editor'));
      await refresh(articleId);
      return 'open';
    },
    size: () => streams.size,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      const tabs = [...streams.values()].map((w) => w.tab);
      const articles = [...byArticle.keys()];
      for (const res of streams.keys()) {
        res.off('close', onClose);
        res.end();
      }
      streams.clear();
      byArticle.clear();
      perUser.clear();
      // The other replicas' editors learn at once that these left, rather than when the rows age out.
      if (tabs.length)
        await pool
          .query(
            `WITH gone AS (DELETE FROM "ArticlePresence" WHERE tab = ANY($1::uuid[])) SELECT pg_notify($2, a) FROM unnest($3::text[]) a`,
            [tabs, PRESENCE_CHANNEL, articles],
          )
          .catch((err: unknown) => logger.warn({ err }, 'could not record that the editors of a stopping server left'));
      await listener.close();
    },
  };
}

import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { listBreakingNews } from './breaking-news.service';

/**
 * Live breaking news over Server-Sent Events (issue 13, docs/decisions/035-live-breaking-news.md).
 *
 * A trigger on the table NOTIFYs `chronicle_breaking_news` at every commit that changes it. Each process
 * LISTENs on one connection of its pool while it has readers connected, reads the ticker's headlines again,
 * and sends them to its readers when they changed. Every replica listens to the same database, so a
 * publication through one reaches the readers of all, with no broker beyond PostgreSQL.
 *
 * Each event carries the whole ticker (at most 5 headlines) and an id that is a hash of it: the same on every
 * replica. A reader that reconnects (to any replica) sends it back as Last-Event-ID and is sent the ticker
 * only if it changed meanwhile.
 */
export const CHANNEL = 'chronicle_breaking_news';
/** What the ticker shows (SPEC.md §9). */
const TICKER_ITEMS = 5;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Notifications within this window are read once. */
const COALESCE_MS = 50;
const RECONNECT_MS = 1_000;
/** Streams one process keeps open; the next reader is refused (503) and its browser retries later. */
export const MAX_STREAMS = 5_000;

interface Snapshot {
  id: string;
  event: string;
}

export interface LiveFeed {
  /** Answers a reader's `GET /api/breaking-news/stream`; false (nothing sent) when the process is full. */
  subscribe(req: Request, res: Response): Promise<boolean>;
  /** Streams open on this process. */
  size(): number;
  /** Ends every stream (their browsers reconnect, through the balancer, to another replica) and stops listening. */
  close(): Promise<void>;
}

export function createLiveFeed({ db, pool, logger }: { db: Db; pool: pg.Pool; logger: Logger }): LiveFeed {
  /** Each open stream, with the id of the last ticker it has (from Last-Event-ID at first). */
  const streams = new Map<Response, string | undefined>();
  let current: Snapshot | undefined;
  let listener: pg.PoolClient | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let coalesce: NodeJS.Timeout | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | undefined;

  const send = (res: Response, chunk: string) => {
    if (!res.writableEnded) res.write(chunk);
  };
  /** The current ticker, to a stream that does not have it yet. */
  const deliver = (res: Response) => {
    if (!current || !streams.has(res) || streams.get(res) === current.id) return;
    streams.set(res, current.id);
    send(res, current.event);
  };

  /** Reads the ticker; sends it to every stream when it changed. One read at a time, in order. */
  const refresh = () =>
    (reading = reading.then(async () => {
      try {
        const news = await listBreakingNews(db, false, { limit: TICKER_ITEMS });
        const data = JSON.stringify({ news });
        const id = createHash('sha256').update(data).digest('base64url').slice(0, 22);
        if (id === current?.id) return;
        current = { id, event: `id: ${id}\nevent: headlines\ndata: ${data}\n\n` };
        for (const res of streams.keys()) deliver(res);
      } catch (err) {
        logger.warn({ err }, 'could not read breaking news for the live ticker');
      }
    }));

  const onNotification = () => {
    clearTimeout(coalesce);
    coalesce = setTimeout(() => void refresh(), COALESCE_MS);
  };

  const dropListener = (err?: Error) => {
    const client = listener;
    listener = undefined;
    if (client) {
      client.removeAllListeners('notification');
      client.release(err ?? true);
    }
  };

  const listen = (): Promise<void> =>
    (connecting ??= (async () => {
      try {
        const client = await pool.connect();
        client.on('notification', (msg) => msg.channel === CHANNEL && onNotification());
        client.on('error', (err) => {
          logger.warn({ err }, 'the live breaking-news listener lost its connection; reconnecting');
          dropListener(err);
          scheduleReconnect();
        });
        await client.query(`LISTEN ${CHANNEL}`);
        if (closed) return void client.release(true);
        listener = client;
        // Whatever changed while no one listened (the first reader, or a lost connection).
        await refresh();
      } catch (err) {
        logger.warn({ err }, 'could not listen for breaking news; retrying');
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })());

  const scheduleReconnect = () => {
    if (closed || reconnect || streams.size === 0) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      if (!listener) void listen();
    }, RECONNECT_MS);
    reconnect.unref();
  };

  return {
    async subscribe(req, res) {
      if (closed || streams.size >= MAX_STREAMS) return false;
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // nginx would otherwise hold the events in its buffer.
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      // Browsers retry a lost stream after this long, sending the last id they saw.
      send(res, 'retry: 3000\n\n');
      streams.set(res, req.get('Last-Event-ID'));
      req.on('close', () => streams.delete(res));
      heartbeat ??= setInterval(() => {
        for (const stream of streams.keys()) send(stream, ': keep-alive\n\n');
      }, HEARTBEAT_MS).unref();

      if (!listener) await listen();
      await reading;
      deliver(res);
      return true;
    },
    size: () => streams.size,
    async close() {
      closed = true;
      clearTimeout(coalesce);
      clearTimeout(reconnect);
      clearInterval(heartbeat);
      for (const res of streams.keys()) res.end();
      streams.clear();
      await connecting;
      dropListener();
    },
  };
}

import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { Db } from '../db/client';
import { clientNetwork } from '../lib/client-network';
import type { Logger } from '../lib/logger';
import { listBreakingNews } from './breaking-news.service';
import { lastingListener } from '../db/notifications';

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
/** What the ticker shows (docs/spec/SPEC.md §9). */
const TICKER_ITEMS = 5;
/** Notifications within this window are read once. */
const COALESCE_MS = 50;
const RECONNECT_MS = 1_000;
/** An event id: the start of a hash of the ticker. */
const ID_LENGTH = 22;

/** How many streams a process admits, and how long they last (docs/decisions/040-live-stream-limits.md). */
export interface StreamLimits {
  /** Streams one process keeps open; the next reader is refused (503) and its browser polls meanwhile. */
  perProcess: number;
  /**
   * Streams one network (lib/client-network.ts: an IPv4 address or an IPv6 /64) keeps open on one process; the
   * next is refused (429). Room for a household or an office on one address, with a few tabs each.
   */
  perNetwork: number;
  /**
   * A comment line this often keeps proxies from closing a quiet stream. The same tick ends streams past their
   * lifetime and drops those whose reader stopped reading.
   */
  heartbeatMs: number;
  /**
   * A stream ends after this long, plus a random share of `lifetimeJitterMs` (so that streams opened together
   * do not all reconnect together). The browser reconnects with Last-Event-ID at once; whoever holds streams
   * open pays a new request for each, and gets past the caps again only if there is room.
   */
  lifetimeMs: number;
  lifetimeJitterMs: number;
}

export const STREAM_LIMITS: StreamLimits = {
  perProcess: 5_000,
  perNetwork: 6,
  heartbeatMs: 25_000,
  lifetimeMs: 15 * 60_000,
  lifetimeJitterMs: 5 * 60_000,
};

interface Snapshot {
  id: string;
  event: string;
}

/** One open stream: the network it counts against, the id of the last ticker it has, when it ends. */
interface Stream {
  network: string;
  /** From Last-Event-ID at first. */
  lastId: string | undefined;
  endsAt: number;
  /** Ended at a tick; still not closed at the next one, its socket is destroyed. */
  ending: boolean;
  /** Its last write was refused at the last tick; still refused at the next one, its socket is destroyed. */
  stalled: boolean;
}

/** Opened, or why not: the process is stopping or full (503), or the caller's network holds its share (429). */
export type Admission = 'open' | 'stopping' | 'full' | 'network';

export interface LiveFeed {
  /** Answers a reader's `GET /api/breaking-news/stream`; anything but 'open' means nothing was sent. */
  subscribe(req: Request, res: Response): Promise<Admission>;
  /** Streams open on this process. */
  size(): number;
  /** Ends every stream (their browsers reconnect, through the balancer, to another replica) and stops listening. */
  close(): Promise<void>;
}

export interface LiveFeedOptions {
  db: Db;
  pool: pg.Pool;
  logger: Logger;
  /** STREAM_LIMITS, or some of them changed (the tests shorten the heartbeat and the lifetime). */
  limits?: Partial<StreamLimits>;
}

export function createLiveFeed({ db, pool, logger, limits: given }: LiveFeedOptions): LiveFeed {
  const limits = { ...STREAM_LIMITS, ...given };
  const streams = new Map<Response, Stream>();
  /** Open streams per network. */
  const networks = new Map<string, number>();
  let current: Snapshot | undefined;
  let closed = false;
  let coalesce: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | undefined;
  let warnedOfProxy = false;

  const send = (res: Response, chunk: string) => {
    if (!res.writableEnded) res.write(chunk);
  };
  /** The current ticker, to a stream that does not have it yet. */
  const deliver = (res: Response) => {
    const stream = streams.get(res);
    if (!current || !stream || stream.ending || stream.lastId === current.id) return;
    stream.lastId = current.id;
    send(res, current.event);
  };

  function forget(res: Response) {
    const stream = streams.get(res);
    if (!stream) return;
    streams.delete(res);
    const left = (networks.get(stream.network) ?? 1) - 1;
    if (left > 0) networks.set(stream.network, left);
    else networks.delete(stream.network);
  }
  /** One listener for every stream, rather than a closure each: `this` is the response that closed. */
  function onClose(this: Response) {
    forget(this);
  }

  /**
   * Every heartbeat: a stream whose writes are refused at two ticks running (its reader stopped reading: what
   * it is sent piles up in memory once the kernel's buffers are full) is dropped, as is one ended at the last
   * tick and still not closed; a stream past its lifetime is ended; the others are sent a comment line.
   */
  const tick = () => {
    const now = Date.now();
    for (const [res, stream] of streams) {
      const stalled = res.writableNeedDrain;
      if (stream.ending || (stalled && stream.stalled)) {
        forget(res);
        res.destroy();
        continue;
      }
      stream.stalled = stalled;
      if (now >= stream.endsAt) {
        stream.ending = true;
        res.end();
      } else if (!stalled) send(res, ': keep-alive\n\n');
    }
  };

  /** Reads the ticker; sends it to every stream when it changed. One read at a time, in order. */
  const refresh = () =>
    (reading = reading.then(async () => {
      try {
        const news = await listBreakingNews(db, false, { limit: TICKER_ITEMS });
        const data = JSON.stringify({ news });
        const id = createHash('sha256').update(data).digest('base64url').slice(0, ID_LENGTH);
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

  const listener = lastingListener({
    pool,
    channel: CHANNEL,
    onNotification,
    // Whatever changed while no one listened (the first reader, or a lost connection).
    onListening: refresh,
    wanted: () => streams.size > 0,
    logger,
    what: 'the live breaking-news listener',
    reconnectMs: RECONNECT_MS,
  });

  return {
    async subscribe(req, res) {
      if (closed) return 'stopping';
      if (streams.size >= limits.perProcess) return 'full';
      const network = clientNetwork(req);
      const held = networks.get(network) ?? 0;
      if (held >= limits.perNetwork) {
        if (!warnedOfProxy && req.get('X-Forwarded-For') !== undefined && req.ip === req.socket.remoteAddress) {
          warnedOfProxy = true;
          logger.warn(
            { network },
            'live ticker: a network holds its share of streams and sends X-Forwarded-For, which is not trusted; behind a proxy, set TRUST_PROXY, or every reader counts as the proxy',
          );
        }
        return 'network';
      }
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // nginx would otherwise hold the events in its buffer.
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      // Browsers retry a lost stream after this long, sending the last id they saw.
      send(res, 'retry: 3000\n\n');
      networks.set(network, held + 1);
      const endsAt = Date.now() + limits.lifetimeMs + Math.floor(Math.random() * limits.lifetimeJitterMs);
      streams.set(res, { network, lastId: ownId(req.get('Last-Event-ID')), endsAt, ending: false, stalled: false });
      res.once('close', onClose);
      heartbeat ??= setInterval(tick, limits.heartbeatMs).unref();

      await listener.ensure();
      await reading;
      deliver(res);
      return 'open';
    },
    size: () => streams.size,
    async close() {
      closed = true;
      clearTimeout(coalesce);
      clearInterval(heartbeat);
      for (const res of streams.keys()) res.end();
      streams.clear();
      networks.clear();
      await listener.close();
    },
  };
}

/** A Last-Event-ID as this feed makes them, or nothing: a stream keeps no longer string for its whole life. */
function ownId(value: string | undefined): string | undefined {
  return value && value.length === ID_LENGTH && /^[\w-]+$/.test(value) ? value : undefined;
}

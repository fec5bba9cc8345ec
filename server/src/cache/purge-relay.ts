import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { listenOn, notify } from '../db/notifications';
import type { Logger } from '../lib/logger';
import { EVERYTHING } from './store';
import type { RedisStore } from './redis-store';

/**
 * Purges that one process cannot take to Redis travel through PostgreSQL (docs/decisions/038-bounded-shared-cache.md).
 *
 * A replica cut off from Redis still reaches the database (its write just committed there): it NOTIFYs the purge
 * on `chronicle_cache_purge`, and waits until a process that can reach Redis has applied it and said so on
 * `chronicle_cache_purged`. Only then does its write answer, so no replica serves from the shared store what the
 * write replaced. A process that hears a purge it cannot apply either keeps it and leaves the shared store alone
 * until it has applied it (RedisStore.defer); so does the requester when no one answered in time. A process that
 * cannot hear the channel (its listening connection lost) does not use the shared store, and empties it once it
 * hears again: it cannot know what it missed.
 */
export const PURGE_CHANNEL = 'chronicle_cache_purge';
export const PURGED_CHANNEL = 'chronicle_cache_purged';
/** PostgreSQL refuses payloads of 8,000 bytes or more: a longer list of tags becomes a purge of everything. */
const PAYLOAD_MAX = 7_900;

export interface PurgeRelay {
  /** Asks the other processes to apply the purge to the shared store; true once one of them has. */
  relay(tags: string[]): Promise<boolean>;
  close(): Promise<void>;
}

export interface PurgeRelayOptions {
  pool: pg.Pool;
  store: RedisStore;
  logger: Logger;
  /** How long a relayed purge waits for a process to apply it. */
  waitMs?: number;
  reconnectMs?: number;
}

export function createPurgeRelay({ pool, store, logger, waitMs = 2_000, reconnectMs = 1_000 }: PurgeRelayOptions): PurgeRelay {
  const origin = randomUUID();
  const waiting = new Map<string, (applied: boolean) => void>();
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  async function onRequest(payload: string) {
    let request: { id: string; origin: string; tags: string[] };
    try {
      request = JSON.parse(payload) as typeof request;
    } catch {
      return;
    }
    if (request.origin === origin || !Array.isArray(request.tags)) return;
    if (await store.purge(request.tags)) await notify(pool, PURGED_CHANNEL, request.id).catch(() => {});
    else store.defer(request.tags);
  }

  function lost(err?: unknown) {
    const client = listener;
    listener = undefined;
    store.setListening(false);
    if (client) {
      client.removeAllListeners('notification');
      client.release(err instanceof Error ? err : true);
    }
    if (closed || reconnect) return;
    logger.warn({ err }, 'the response cache cannot hear relayed purges; it leaves Redis alone until it can');
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void listen();
    }, reconnectMs);
    reconnect.unref();
  }

  async function listen() {
    try {
      const client = await listenOn(pool, [PURGE_CHANNEL, PURGED_CHANNEL], {
        notification: (msg) => {
          if (msg.channel === PURGE_CHANNEL && msg.payload) void onRequest(msg.payload);
          else if (msg.channel === PURGED_CHANNEL && msg.payload) waiting.get(msg.payload)?.(true);
        },
        error: lost,
      });
      if (closed) return void client.release(true);
      listener = client;
      store.setListening(true);
    } catch (err) {
      lost(err);
    }
  }
  // Heard from the start: a purge relayed by another process is applied here, if Redis answers this one.
  store.setListening(false);
  void listen();

  return {
    async relay(tags) {
      const id = randomUUID();
      let payload = JSON.stringify({ id, origin, tags });
      if (payload.length > PAYLOAD_MAX) payload = JSON.stringify({ id, origin, tags: [EVERYTHING] });
      const applied = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => settle(false), waitMs);
        const settle = (done: boolean) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(done);
        };
        waiting.set(id, settle);
      });
      try {
        await notify(pool, PURGE_CHANNEL, payload);
      } catch (err) {
        logger.warn({ err }, 'could not relay a purge through PostgreSQL');
        waiting.get(id)?.(false);
      }
      return applied;
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      for (const settle of waiting.values()) settle(false);
      const client = listener;
      listener = undefined;
      client?.release(true);
    },
  };
}

import type pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { RedisLink } from '../lib/redis-link';
import { createPurgeRelay } from './purge-relay';
import { RedisStore } from './redis-store';
import { createResponseCache, type ResponseCache } from './response-cache';
import { MemoryStore } from './store';

export type { ResponseCache } from './response-cache';

/** Answers are kept until a purge drops them; this is the safety net for a purge that was missed. */
const SAFETY_TTL_SECONDS = 300;
const CONNECT_WAIT_MS = 3_000;
/** With the cache off: room for the remembered counts, and how long another process's write may go unseen. */
const VALUES_BYTES = 1024 * 1024;
const VALUES_TTL_SECONDS_WHEN_OFF = 5;

export interface SharedParts {
  /** The app's Redis connection (context.ts), when REDIS_URL is set. */
  redis?: RedisLink;
  /** The database pool, for relaying purges this process cannot take to Redis (cache/purge-relay.ts). */
  pool?: pg.Pool;
}

/** The response cache the configuration asks for; with Redis, connected (the cache is bypassed until it is). */
export async function openResponseCache(config: Config, logger: Logger, { redis, pool }: SharedParts = {}): Promise<ResponseCache> {
  const { store, maxBytes } = config.responseCache;
  if (store === 'off') {
    // No answers kept; the published lists' totals still are, in this process, for a few seconds at most.
    const values = { store: new MemoryStore(VALUES_BYTES), ttlSeconds: VALUES_TTL_SECONDS_WHEN_OFF };
    return createResponseCache({ store: undefined, logger, ttlSeconds: SAFETY_TTL_SECONDS, values });
  }
  if (store === 'memory' || !redis) return createResponseCache({ store: new MemoryStore(maxBytes), logger, ttlSeconds: SAFETY_TTL_SECONDS });
  const shared = new RedisStore(redis, `${config.redisPrefix}cache:`, logger, maxBytes);
  const relay = pool ? createPurgeRelay({ pool, store: shared, logger }) : undefined;
  // Redis keeps being tried in the background: the app starts without it, and the cache is used once it answers.
  const connected = redis.start().then(
    () => true,
    () => false,
  );
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), CONNECT_WAIT_MS).unref());
  if (!(await Promise.race([connected, timeout]))) logger.warn('Redis is not reachable; the response cache is bypassed until it is');
  return createResponseCache({ store: shared, logger, ttlSeconds: SAFETY_TTL_SECONDS, relay });
}

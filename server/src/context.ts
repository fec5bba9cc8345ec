import type pg from 'pg';
import { openResponseCache, type ResponseCache } from './cache';
import type { Config } from './config';
import { poolOf, type Db } from './db/client';
import type { Logger } from './lib/logger';
import { RedisLink } from './lib/redis-link';
import { createMailer, type Mailer } from './lib/mailer';
import { redisCounter, type RateCounter } from './lib/rate-limit';
import { postgresCounter } from './rate-limits/rate-limits.service';
import { createLiveFeed, type LiveFeed } from './breaking-news/live-feed';
import { createMediaStorage, type MediaStorage } from './storage/media-storage';
import { createViewRecorder, type ViewRecorder } from './views/view-recorder';

/** Everything a request handler may need, built once by createAppContext (main.ts, the tests, the benchmark) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  jwtSecret: string;
  /** The response cache of anonymous public reads; writes purge it (lib/route.ts `purges`). */
  cache: ResponseCache;
  /** Batches view logs; closed (flushed) on a graceful stop, before the database. */
  viewRecorder: ViewRecorder;
  /** Uploaded media: local disk, and an S3 bucket when configured (storage/media-storage.ts). */
  storage: MediaStorage;
  /** The readers' live ticker streams (GET /api/breaking-news/stream); closed first on a stop. */
  liveFeed: LiveFeed;
  /** The rate limits' counters: in Redis when configured, else in PostgreSQL (lib/rate-limit.ts). */
  limits: RateCounter;
  /** The connection to Redis (REDIS_URL), shared by the response cache and the rate limits; closed last. */
  redis: RedisLink | undefined;
  /** Set by main.ts on a stop signal: /readyz answers 503 and every answer closes its connection. */
  lifecycle: { stopping: boolean };
}

export interface AppContextParts {
  config: Config;
  db: Db;
  logger: Logger;
  jwtSecret: string;
  /** The pool views are written (and breaking news listened for) through: the db's own (poolOf) unless the db is a wrapped client. */
  viewPool?: pg.Pool;
}

/**
 * Builds the context from its parts. The response cache opens first: it is the one part that can fail
 * (an unreachable Redis), and then nothing else has been started that would need closing.
 */
export async function createAppContext({ config, db, logger, jwtSecret, viewPool }: AppContextParts): Promise<AppContext> {
  const pool = viewPool ?? poolOf(db);
  const redis = config.redisUrl ? new RedisLink({ url: config.redisUrl, logger, name: 'cache and rate limits' }) : undefined;
  const cache = await openResponseCache(config, logger, { redis, pool });
  return {
    config,
    db,
    logger,
    jwtSecret,
    cache,
    mailer: createMailer(config.smtpUrl, config.mailFrom, logger),
    viewRecorder: createViewRecorder(pool),
    liveFeed: createLiveFeed({ db, pool, logger }),
    storage: createMediaStorage(config, logger),
    limits: config.rateLimits === 'redis' && redis ? redisCounter(redis, config.redisPrefix, postgresCounter(db)) : postgresCounter(db),
    redis,
    lifecycle: { stopping: false },
  };
}

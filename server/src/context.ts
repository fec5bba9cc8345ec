import type pg from 'pg';
import { openResponseCache, type ResponseCache } from './cache';
import type { Config } from './config';
import { poolOf, type Db } from './db/client';
import type { Logger } from './lib/logger';
import { RedisLink } from './lib/redis-link';
import { createMailer, type Mailer } from './lib/mailer';
import { waitAtMost } from './lib/wait';
import { redisCounter, type RateCounter } from './lib/rate-limit';
import { postgresCounter } from './rate-limits/rate-limits.service';
import { createLiveFeed, type LiveFeed } from './breaking-news/live-feed';
import { createPresence, type Presence } from './articles/presence.service';
import { createMediaStorage, type MediaStorage } from './storage/media-storage';
import { createViewRecorder, type ViewRecorder } from './views/view-recorder';
import { createReadRecorder, type ReadRecorder } from './reports/reading';

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
  /** Batches reading events (docs/decisions/068-reports.md); closed with the view recorder. */
  readRecorder: ReadRecorder;
  /** Uploaded media: local disk, and an S3 bucket when configured (storage/media-storage.ts). */
  storage: MediaStorage;
  /** The readers' live ticker streams (GET /api/breaking-news/stream); closed first on a stop. */
  liveFeed: LiveFeed;
  /** The editors' presence streams (GET /api/articles/:id/presence); closed with the live ticker's. */
  presence: Presence;
  /** The rate limits' counters: in Redis when configured, else in PostgreSQL (lib/rate-limit.ts, rate-limits/). */
  limits: RateCounter;
  /** The connection to Redis (REDIS_URL), shared by the response cache and the rate limits; closed last. */
  redis: RedisLink | undefined;
  /** Set by main.ts on a stop signal: /readyz answers 503 and every answer closes its connection. */
  lifecycle: { stopping: boolean };
  /**
   * Stops everything above, in order: the live tickers, the mailer, the view and read recorders (what they queued written
   * first), the response cache and the rate limits, the Redis link, and the database pool last. What the context
   * did not start (the HTTP server, the job worker) is stopped before. A second call waits for the first.
   */
  close(): Promise<void>;
}

export interface AppContextParts {
  config: Config;
  db: Db;
  logger: Logger;
  jwtSecret: string;
  /** The pool views are written (and breaking news listened for) through: the db's own (poolOf) unless the db is a wrapped client. */
  viewPool?: pg.Pool;
}

/** What each connection's close (pools, Redis) may take before the stop goes on without it (main.ts: a stop within 5 s). */
export const POOL_CLOSE_MS = 500;

/**
 * Builds the context from its parts. The response cache opens first: it is the one part that can fail
 * (an unreachable Redis), and then nothing else has been started that would need closing.
 */
export async function createAppContext({ config, db, logger, jwtSecret, viewPool }: AppContextParts): Promise<AppContext> {
  const pool = viewPool ?? poolOf(db);
  const redis = config.redisUrl ? new RedisLink({ url: config.redisUrl, logger, name: 'cache and rate limits' }) : undefined;
  const cache = await openResponseCache(config, logger, { redis, pool });
  const mailer = createMailer(config.smtpUrl, config.mailFrom, logger);
  const viewRecorder = createViewRecorder(pool);
  const readRecorder = createReadRecorder(pool, config.readBeaconsPerMinute);
  const liveFeed = createLiveFeed({ db, pool, logger });
  const presence = createPresence({ pool, logger });
  const storage = createMediaStorage(config, logger);
  const limits =
    config.rateLimits === 'redis' && redis ? redisCounter(redis, config.redisPrefix, postgresCounter(db)) : postgresCounter(db);
  let closing: Promise<void> | undefined;
  const close = async () => {
    // Closed already when main.ts ended the streams before the server's last requests: closing again does nothing.
    await liveFeed.close();
    await presence.close();
    mailer.close();
    await Promise.all([viewRecorder.close(), readRecorder.close()]);
    await waitAtMost(POOL_CLOSE_MS, Promise.all([cache.close(), limits.close()]));
    await waitAtMost(POOL_CLOSE_MS, redis?.close() ?? Promise.resolve());
    await waitAtMost(POOL_CLOSE_MS, db.$disconnect());
  };
  return {
    config,
    db,
    logger,
    jwtSecret,
    cache,
    mailer,
    viewRecorder,
    readRecorder,
    liveFeed,
    presence,
    storage,
    limits,
    redis,
    lifecycle: { stopping: false },
    close: () => (closing ??= close()),
  };
}

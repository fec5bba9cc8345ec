import type { ResponseCache } from './cache';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { ViewRecorder } from './views/view-recorder';

/** Everything a request handler may need, built once in main.ts (or by a test) and passed down. */
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
}

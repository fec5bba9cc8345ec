import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DEVICE_CLASSES, REFERRER_CLASSES, deviceClass } from '#shared/reports';
import { REPORT_LIMITS, readBeaconSchema } from '#shared/schemas/reports';
import { groupCommit, type GroupCommit } from '../lib/group-commit';
import { tooManyRequests } from '../lib/errors';
import { parse } from '../lib/validate';
import { appendReadEvents, saltOf, type ReadRow } from './read-events.repository';

/**
 * The reading beacon's ingest (docs/decisions/068-reports.md), shared by the view lane and the route: what the
 * request says about its client is read here and forgotten here. The network and the user agent go into the
 * visitor hash with the day's salt, the user agent into a device class; neither is kept.
 */
export interface BeaconClient {
  /** The client's network (lib/client-network.ts). */
  network: string;
  userAgent: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`: the reader asked not to be measured. */
  optedOut: boolean;
}

export type BeaconOutcome = { stored: number; ignored: 'opted-out' | 'bot' | null };

/** Rows per transaction, as the view flush. */
const MAX_BATCH = 1_000;

/**
 * Crawlers, previews, monitors and tools by their user agent (a browser that says none of these and sends what only a
 * page's script sends is read as a reader; behaviour weeds out the rest, see `plausible`).
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|fetch|preview|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl\/|wget|python|httpclient|http-client|okhttp|java\/|go-http|axios|node-fetch|undici|postman|insomnia|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|skype|vkshare|^mozilla\/5\.0$|^$/i;

export const isBot = (userAgent: string | undefined) => BOT.test((userAgent ?? '').trim());

/**
 * A page's report that a reader could have made: some sign of reading (a mark or an engaged second) and no more engaged
 * seconds than the page has been open. The rest (a tab opened in the background and closed, a forged report) is dropped.
 */
export const plausible = (e: { elapsed: number; engaged: number; depth: number }) =>
  (e.engaged > 0 || e.depth > 0) && e.engaged * 1000 <= e.elapsed + 2_000 && e.elapsed <= REPORT_LIMITS.pageLifeMs;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The day's salt, kept in memory until the day changes. */
function saltCache(pool: pg.Pool) {
  let current: { day: string; salt: Promise<Buffer> } | undefined;
  return (day: string): Promise<Buffer> => {
    if (current?.day !== day) {
      const salt = saltOf(pool, day);
      current = { day, salt };
      // A failed read is not kept: the next beacon asks again.
      salt.catch(() => {
        if (current?.salt === salt) current = undefined;
      });
    }
    return current.salt;
  };
}

export interface ReadRecorder {
  /** Reads a beacon, and resolves once its events are committed (or it was ignored); throws 400 or 429. */
  ingest(client: BeaconClient, body: unknown, now?: Date): Promise<BeaconOutcome>;
  close(): Promise<void>;
  readonly stats: GroupCommit<ReadRow[], void>['stats'];
}

export function createReadRecorder(pool: pg.Pool, beaconsPerMinute: number): ReadRecorder {
  const commits = groupCommit(async (beacons: ReadRow[][]) => {
    await appendReadEvents(pool, beacons.flat());
    return beacons.map(() => undefined);
  }, MAX_BATCH);
  const salt = saltCache(pool);
  // Per network, in this process's memory: the limit protects this process and the database, and costs no write.
  const limiter = new RateLimiterMemory({ points: beaconsPerMinute, duration: 60 });

  async function ingest(client: BeaconClient, body: unknown, now = new Date()): Promise<BeaconOutcome> {
    if (client.optedOut) return { stored: 0, ignored: 'opted-out' };
    if (isBot(client.userAgent)) return { stored: 0, ignored: 'bot' };
    try {
      await limiter.consume(client.network);
    } catch (refused) {
      if (refused instanceof RateLimiterRes)
        throw tooManyRequests('Too many reading reports from your network.', Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
      throw refused;
    }
    const { events } = parse(readBeaconSchema, body);
    const kept = events.filter(plausible);
    if (kept.length === 0) return { stored: 0, ignored: null };
    const day = utcDay(now);
    const visitor = createHash('sha256')
      .update(await salt(day))
      .update(`${client.network}\n${client.userAgent ?? ''}`)
      .digest()
      .readBigInt64BE(0);
    const device = DEVICE_CLASSES.indexOf(deviceClass(client.userAgent ?? ''));
    const rows = kept.map((e): ReadRow => ({
      articleId: e.article,
      pageId: e.page,
      // Opened `elapsed` ago by the server's clock (the page's own clock only measures the time since): to the second.
      at: new Date(Math.floor((now.getTime() - e.elapsed) / 1000) * 1000),
      visitor,
      depth: e.depth,
      engaged: e.engaged,
      referrer: REFERRER_CLASSES.indexOf(e.referrer),
      device,
    }));
    await commits.add(rows);
    return { stored: rows.length, ignored: null };
  }

  return {
    ingest,
    close: () => commits.close(),
    get stats() {
      return commits.stats;
    },
  };
}

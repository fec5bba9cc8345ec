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
 * A page's report that a reader could have made: at least one engaged second (a page closed at once, or opened in the
 * background, is no read, even when its end was on screen), and no more engaged seconds than the page has been open.
 */
export const plausible = (e: { elapsed: number; engaged: number }) =>
  e.engaged > 0 && e.engaged * 1000 <= e.elapsed + 2_000 && e.elapsed <= REPORT_LIMITS.pageLifeMs;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The salts of the days pages are opened on, kept in memory while the roll-up keeps them: today's and yesterday's (a page
 * opened before midnight is hashed with its own day's salt when it reports after). Older ones are dropped every few
 * minutes, and at each beacon.
 */
function saltCache(pool: pg.Pool) {
  const salts = new Map<string, Promise<Buffer>>();
  const prune = (now = new Date()) => {
    const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
    for (const day of salts.keys()) if (day < yesterday) salts.delete(day);
  };
  const timer = setInterval(prune, 5 * 60_000);
  timer.unref();
  return {
    of(day: string, now: Date): Promise<Buffer> {
      prune(now);
      let salt = salts.get(day);
      if (!salt) {
        salt = saltOf(pool, day);
        salts.set(day, salt);
        // A failed read is not kept: the next beacon asks again.
        salt.catch(() => salts.get(day) === salt && salts.delete(day));
      }
      return salt;
    },
    close: () => clearInterval(timer),
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
    const device = DEVICE_CLASSES.indexOf(deviceClass(client.userAgent ?? ''));
    const rows = await Promise.all(
      kept.map(async (e): Promise<ReadRow> => {
        // Opened `elapsed` ago by the server's clock (the page's own clock only measures the time since): to the second.
        const at = new Date(Math.floor((now.getTime() - e.elapsed) / 1000) * 1000);
        // The visitor of the day the page was opened, with that day's salt.
        const visitor = createHash('sha256')
          .update(await salt.of(utcDay(at), now))
          .update(`${client.network}\n${client.userAgent ?? ''}`)
          .digest()
          .readBigInt64BE(0);
        return {
          articleId: e.article,
          pageId: e.page,
          at,
          visitor,
          depth: e.depth,
          engaged: e.engaged,
          referrer: REFERRER_CLASSES.indexOf(e.referrer),
          device,
        };
      }),
    );
    await commits.add(rows);
    return { stored: rows.length, ignored: null };
  }

  return {
    ingest,
    close: () => {
      salt.close();
      return commits.close();
    },
    get stats() {
      return commits.stats;
    },
  };
}

import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { HSTS } from '../lib/edge';
import type { Logger } from '../lib/logger';
import type { PurgeRelay } from './purge-relay';
import { withCacheScope, type CacheScope } from '../lib/cache-scope';
import { PURGE_MEMORY_MS, type CacheStore, type CachedAnswer, type Lookup, type StoreStats } from './store';
import { SharedPartGzip } from '../lib/shared-part-gzip';

/** Answers kept, and the only ones: their status says the same thing to every anonymous reader. */
const STORED_STATUSES = new Set([200, 301, 308, 404, 410]);
/**
 * Files and probes, served by express.static or the health routes, are never worth a lookup; the live
 * ticker's event stream never ends, so it must never be held back. A newsletter subscriber's own pages (the
 * confirmation link, the preferences), each by a token their key would leave out, are never stored nor shared
 * with a request waiting for the same key (docs/decisions/069-newsletters.md).
 */
const BYPASS =
  /^\/(assets|uploads)(\/|$)|^\/(healthz|readyz|api\/breaking-news\/stream|newsletters\/confirm|newsletters\/preferences)\/?$/i;
/**
 * Query parameters a reader page reads, and the pages that read them: `page`, the page of the home page's Latest river,
 * of an author page's list and of /corrections (`/?page=2`; 1 to LIMITS.readerPageMax, any other value answers 301 to the first page);
 * the search page's query, filters and page.
 * Every other parameter (tracking parameters, cache-busters), and `page` anywhere else (an article, a category, a feed,
 * a sitemap: none reads it), is left out of the key, so `/article/1?utm_source=x` and `/rss.xml?page=7` are the stored
 * `/article/1` and `/rss.xml`, and no query string but the page number of a page that has pages can add an entry.
 */
const READER_QUERY_PARAMS: { pages: RegExp; names: string[] }[] = [
  { pages: /^\/(author\/[^/]+|corrections)?$/, names: ['page'] },
  // The search page (docs/decisions/065-search.md): its query, filters and page. A key with a query waits for its second
  // miss before it is stored (`admit`), so a search asked for once never takes a reader page's place.
  { pages: /^\/search$/, names: ['q', 'section', 'category', 'author', 'from', 'to', 'page'] },
  // What the newsletter forms' answer says (docs/decisions/069-newsletters.md). A subscriber's own pages (the
  // confirmation link, the preferences, each by a token) never come near the store: BYPASS.
  { pages: /^\/newsletters$/, names: ['status', 'error'] },
];
/**
 * Keys seen once, remembered for admission (see `admit`): hashes of 12 characters, so ~60 bytes an entry.
 * Enough to remember every key a real site asks for twice within a while.
 */
const SEEN_KEYS = 50_000;
/** A request waiting for an identical one's answer gives up after this and asks the app itself. */
const COALESCE_WAIT_MS = 10_000;
/** Answers larger than this are sent through as they come, never held back or stored (an uploaded video). */
const MAX_CAPTURE_BYTES = 4 * 1024 * 1024;
/** Headers that belong to one sending, not to the answer. */
const PER_SENDING = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  // HTTPS-only, per sending (docs/decisions/038): an answer filled over HTTP is also served over HTTPS.
  'strict-transport-security',
]);
/** What browsers and CDNs are told about public answers: revalidate (cheap: 304), shared caches may keep briefly. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=30';
/** Anything a signed-in caller receives depends on who they are. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
const VARY = 'Accept-Encoding, Authorization';
/** How hard stored answers are compressed (docs/decisions/055-cold-pages.md). */
const GZIP_LEVEL = 4;

/** How stored answers are compressed: the bytes every reader page carries once, each page's own bytes each time. */
const storedGzip = new SharedPartGzip(GZIP_LEVEL);
/**
 * Bytes that many answers carry (the reader pages' script and inlined stylesheet): compressed once, and in each answer
 * that holds them only what comes before and after them (lib/shared-part-gzip.ts).
 */
export const shareGzipPart = (bytes: Buffer) => storedGzip.add(bytes);

/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/(json|xml|javascript|[\w.+-]+\+(json|xml)))/;
const FILLING = Symbol('filling the response cache');
/** An answer stays in the store this long at most (see `keepSeconds`): a day, then it is made again when asked for. */
const KEEP_SECONDS = 86_400;

/** While the cache gathers an answer it compresses it itself, once: the compression middleware stands aside. */
export const isFillingCache = (req: IncomingMessage) => FILLING in req;

export interface ResponseCacheOptions {
  store: CacheStore | undefined;
  logger: Logger;
  /**
   * Safety net only: purges keep answers fresh; this bounds the damage of a purge that was missed. An answer older than
   * this is made afresh by the next request for it, while the requests that arrive meanwhile are served the stored copy.
   */
  ttlSeconds: number;
  /** How long an answer no purge dropped is kept at most, fresh or not (the store's own bound is its size). */
  keepSeconds?: number;
  /**
   * Where `remember` keeps its values, when not in `store`: with the cache off, a small store in this process,
   * whose values last `valueTtlSeconds` at most (the purges of other processes do not reach it).
   */
  values?: { store: CacheStore; ttlSeconds: number };
  /**
   * Carries to other processes the purges the store could not take from this one (Redis unreachable from here):
   * set with a shared store (cache/purge-relay.ts).
   */
  relay?: PurgeRelay;
}

export interface FrontDoorOptions {
  /** Whether the request arrived over HTTPS (directly, or through a trusted proxy): stored answers get HSTS then. */
  isSecure?: (req: IncomingMessage) => boolean;
}

export interface ResponseCacheStats {
  store: StoreStats | undefined;
  /** Whether the store is used right now (false: Redis not answering, or purges waiting to be applied). */
  usable: boolean;
  /** Fills running now, and requests waiting for one of them. */
  filling: number;
  waiting: number;
}

export interface ResponseCache {
  /** The first middleware of the app: fills the cache on a miss (and answers hits when the front door is not used). */
  middleware: RequestHandler;
  /**
   * Wraps the app for `http.createServer`: a hit is answered on the bare Node request, before Express
   * itself runs; everything else goes to the app.
   */
  frontDoor(app: RequestListener, options?: FrontDoorOptions): RequestListener;
  /** Drops every stored answer under any of the tags, in every process sharing the store. */
  purge(tags: Iterable<string>): Promise<void>;
  /**
   * A value computed once per purge of its tags (counts of published articles, say), kept in the same
   * store, so it is shared by the processes sharing the store and dropped by the same purges. `tags` may be
   * named by the value itself (undefined: the value is not kept).
   */
  remember<T>(key: string, tags: string[] | ((value: T) => string[] | undefined), compute: () => Promise<T>): Promise<T>;
  stats(): Promise<ResponseCacheStats>;
  close(): Promise<void>;
}

/** An answer being made for one key: requests for the same key wait for it rather than make it again. */
interface Flight {
  answer: Promise<CachedAnswer | undefined>;
  settle(answer: CachedAnswer | undefined): void;
  waiters: number;
}

/**
 * The response cache for anonymous public reads (docs/decisions/026-response-cache.md, 038): a hit is answered
 * here, before helmet, compression, logging, routing and the database; a miss runs the app with a tag scope,
 * and its answer is stored when the code that made it said what it was made of. Identical misses running at
 * once are made once: the later ones wait for the first one's answer.
 */
export function createResponseCache({
  store,
  logger,
  ttlSeconds,
  keepSeconds = KEEP_SECONDS,
  values,
  relay,
}: ResponseCacheOptions): ResponseCache {
  const ttlMs = ttlSeconds * 1000;
  const keepMs = Math.max(keepSeconds * 1000, ttlMs);
  const valueStore = values?.store ?? store;
  const valueTtlMs = values ? values.ttlSeconds * 1000 : ttlMs;
  const flights = new Map<string, Flight>();
  const seen = new LRUCache<string, true>({ max: SEEN_KEYS });

  /**
   * Whether an answer is worth a place in the store. Most are: a page or a read without parameters, answered
   * 200, is asked for again. An answer that anyone can make up a new key for — a 404 at any path, a read with
   * any query, a redirect from any spelling of an address (an id's letters in either case), a path with escapes
   * (`/article/%30…` is the page of `/article/0…`) — waits for its key's second miss: a key asked for once (a
   * random path, an attacker's spelling) never takes the place of one that readers ask for.
   */
  function admit(key: string, status: number): boolean {
    if (status === 200 && !key.includes('?') && !key.includes('%')) return true;
    const id = createHash('sha1').update(key).digest('base64url').slice(0, 12);
    if (seen.has(id)) return true;
    seen.set(id, true);
    return false;
  }

  /** Joins the answer being made for `key`, if one is: resolves true once that answer has been sent here. */
  function join(req: IncomingMessage, res: ServerResponse, key: string, secure: boolean): Promise<boolean> | false {
    const flight = flights.get(key);
    if (!flight || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    flight.waiters += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), COALESCE_WAIT_MS);
    });
    return Promise.race([flight.answer, gaveUp]).then((answer) => {
      clearTimeout(timer);
      flight.waiters -= 1;
      if (!answer || !servable(req, answer)) return false;
      send(req, res, answer, secure);
      return true;
    });
  }

  /**
   * The lookup of an anonymous read, on the bare Node request: true when answered (from the store, or from an
   * identical read being answered now); false, or a promise of false, when the app must answer. A miss leaves
   * its purge sequence on the request, for the middleware's fill.
   */
  function answerFromStore(req: IncomingMessage, res: ServerResponse, secure: boolean): boolean | Promise<boolean> {
    // Claimed by a door before this one (a server of tests' that wraps the app's listener): the app makes it.
    if (!isCacheableRead(req) || CLAIMED in req) return false;
    const key = cacheKey(req.url ?? '/');
    if (!store?.usable) return join(req, res, key, secure) || claim(req, res, key);
    const settle = (found: Lookup): boolean | Promise<boolean> => {
      // A stored answer past its freshness is still sent, unless no request is making it afresh yet: then this one does
      // (a miss), and those arriving meanwhile are sent the stored copy rather than wait for it.
      const stored = found.answer && servable(req, found.answer) ? found.answer : undefined;
      if (stored && (!isStale(stored) || flights.has(key) || req.method === 'HEAD')) {
        send(req, res, stored, secure);
        return true;
      }
      (req as LookedUp)[LOOKED_UP] = found.seq;
      if (stored) return claim(req, res, key);
      return join(req, res, key, secure) || claim(req, res, key);
    };
    let lookup: Lookup | Promise<Lookup>;
    try {
      lookup = store.lookup(key);
    } catch {
      return false;
    }
    if (!(lookup instanceof Promise)) return settle(lookup);
    return lookup.then(settle, () => {
      // Looked up, with no sequence: the app answers, and what it answers is not stored.
      (req as LookedUp)[LOOKED_UP] = undefined;
      return join(req, res, key, secure) || claim(req, res, key);
    });
  }

  /**
   * This request makes the answer for `key`: the identical requests looked up from now on wait for it (or are sent the
   * stored copy, when it is only past its freshness) rather than make it too. Claimed at the lookup, before the app runs
   * (see `fill`), so that no request looked up meanwhile finds no one making it. Always false: the app must answer.
   */
  function claim(req: IncomingMessage, res: ServerResponse, key: string): false {
    if (req.method !== 'GET') return false;
    const flight = takeOff(key);
    if (!flight) return false;
    (req as Claimed)[CLAIMED] = flight;
    // A request that ends without an answer (the client left, the app failed) must not leave others waiting for it.
    res.once('close', () => flight.settle(undefined));
    return false;
  }

  const frontDoor =
    (app: RequestListener, { isSecure = isEncrypted }: FrontDoorOptions = {}): RequestListener =>
    (req, res) => {
      const answered = answerFromStore(req, res, isSecure(req));
      if (answered === false) return void app(req, res);
      if (answered !== true) void answered.then((hit) => hit || app(req, res));
    };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.headers.authorization !== undefined && isApi(req.originalUrl)) {
      forceHeader(res, 'Cache-Control', PRIVATE_CACHE_CONTROL);
      // What a shared cache keeps for anonymous readers must not answer this caller, and the other way round.
      res.setHeader('Vary', 'Authorization');
      return next();
    }
    if (!isCacheableRead(req)) return next();
    const key = cacheKey(req.originalUrl);
    // Off, or Redis not answering: the answer is still prepared here (headers, ETag, encodings), not stored.
    if (!store?.usable) return fill(req, res, next, key, undefined);
    // Looked up already by the front door (the server's own listener): a miss.
    if (LOOKED_UP in req) return fill(req, res, next, key, (req as LookedUp)[LOOKED_UP]);
    const answered = answerFromStore(req, res, req.secure);
    const go = (hit: boolean) => hit || fill(req, res, next, key, (req as LookedUp)[LOOKED_UP]);
    if (typeof answered === 'boolean') return void go(answered);
    void answered.then(go);
  };

  /** Runs the app for this read, holds its answer back, stores it if it may be, then sends it. */
  function fill(req: Request, res: Response, next: NextFunction, key: string, seq: number | undefined) {
    // A HEAD answer has no body to keep: it is served from a stored GET, never stored itself.
    if (req.method === 'HEAD') return next();
    Object.defineProperty(req, FILLING, { value: true });
    // The app makes the whole answer (never its own 304), so that it can be stored; the reader's validators are
    // weighed against it when it is sent.
    const validators = takeValidators(req);
    const flight = (req as Claimed)[CLAIMED] ?? takeOff(key);
    const scope: CacheScope = { tags: new Set() };
    const started = Date.now();
    // A request that ends without an answer (the client left) must not leave others waiting for it.
    res.once('close', () => flight?.settle(undefined));
    captureAnswer(res, async (status, body) => {
      // Answers the cache does not own (206 and 304 of static files, 5xx) go out exactly as the app made them.
      if (!STORED_STATUSES.has(status)) {
        flight?.settle(undefined);
        return sendAsMade(res, status, body);
      }
      const headers = storedHeaders(res);
      const vary = String(res.getHeader('vary') ?? '');
      // A redirect that carries the request's query (which the key leaves out) is this request's alone.
      const ownQuery = (status === 301 || status === 308) && req.originalUrl.includes('?') && !key.includes('?');
      const cacheable =
        scope.tags.size > 0 &&
        !scope.refused &&
        !ownQuery &&
        // An answer chosen by another request header (Accept) is not one answer for every reader.
        vary.split(',').every((name) => ['', 'accept-encoding', 'authorization'].includes(name.trim().toLowerCase())) &&
        !headers.some(([name, value]) => name === 'set-cookie' || (name === 'cache-control' && /private|no-store/.test(value)));
      const storing =
        cacheable && store !== undefined && seq !== undefined && Date.now() - started < PURGE_MEMORY_MS / 2 && admit(key, status);
      // Stored, or awaited by others: every encoding, made once. Sent once: only the one this reader takes.
      const shared = storing || (cacheable && (flight?.waiters ?? 0) > 0);
      const answer = await prepare(status, headers, body, cacheable, shared ? undefined : (req.headers['accept-encoding'] ?? ''));
      flight?.settle(cacheable ? answer : undefined);
      if (storing) {
        answer.staleAt = answer.storedAt + Math.min(ttlMs, (scope.ttlSeconds ?? Infinity) * 1000);
        try {
          await store.set(key, answer, [...scope.tags], seq, keepMs);
        } catch (err) {
          logger.warn({ err }, 'response cache store failed');
        }
      }
      send(req, res, answer, req.secure, validators);
    });
    withCacheScope(scope, () => next());
  }

  /** The answer this request is about to make, for the identical requests that arrive meanwhile. */
  function takeOff(key: string): Flight | undefined {
    if (flights.has(key)) return undefined;
    let settle!: (answer: CachedAnswer | undefined) => void;
    const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    const flight: Flight = {
      answer,
      waiters: 0,
      settle: (value) => {
        if (flights.get(key) === flight) flights.delete(key);
        settle(value);
      },
    };
    flights.set(key, flight);
    return flight;
  }

  return {
    middleware,
    frontDoor,
    async purge(tags) {
      const list = [...new Set(tags)];
      if (!list.length) return;
      // Reads that start from now on make their answer anew, rather than wait for one begun before the write.
      flights.clear();
      if (store && !(await store.purge(list))) {
        // This process cannot reach the shared store: another one that can applies the purge before the write answers.
        const applied = relay ? await relay.relay(list) : false;
        if (!applied) {
          logger.error({ tags: list }, 'a purge reached no process that can reach Redis; the shared cache is not used until it is applied');
          store.defer(list);
        }
      }
      if (values) await values.store.purge(list);
    },
    async remember<T>(key: string, tags: string[] | ((value: T) => string[] | undefined), compute: () => Promise<T>): Promise<T> {
      // Nowhere to keep it (no store, or Redis not answering): made for each caller, and held to the same rule.
      if (!valueStore?.usable) return deepFreeze(await compute());
      const valueKey = `value:${key}`;
      // The cache only saves work: when it fails, the value is computed as if there were none.
      const found = await Promise.resolve()
        .then(() => valueStore.lookup(valueKey))
        .catch(() => undefined);
      if (found?.answer && !isStale(found.answer)) return parsedOnce(found.answer.body) as T;
      const started = Date.now();
      const value = await compute();
      const under = typeof tags === 'function' ? tags(value) : tags;
      // As for answers (see fill): a value that took longer than purges are remembered may predate one, and is not kept.
      if (found && under?.length && Date.now() - started < PURGE_MEMORY_MS / 2) {
        const storedAt = Date.now();
        const answer: CachedAnswer = {
          status: 200,
          headers: [],
          etag: '',
          body: Buffer.from(JSON.stringify(value)),
          storedAt,
          staleAt: storedAt + valueTtlMs,
        };
        await Promise.resolve()
          .then(() => valueStore.set(valueKey, answer, under, found.seq, valueTtlMs))
          .catch(() => false);
      }
      // Frozen as the stored one is: the first caller shares its value with no one, but is held to the same rule.
      return deepFreeze(value);
    },
    async stats() {
      const waiting = [...flights.values()].reduce((n, f) => n + f.waiters, 0);
      const storeStats = store?.usable ? await Promise.resolve(store.stats()).catch(() => undefined) : undefined;
      return { store: storeStats, usable: store?.usable ?? false, filling: flights.size, waiting };
    },
    close: async () => {
      await relay?.close();
      await store?.close();
    },
  };
}

/**
 * Remembered values as read from their stored bytes, by those bytes: the memory store hands every reader the same
 * Buffer, so each value is parsed once, not once per page (Redis's are read anew each time, and parsed each time).
 * Frozen: every reader shares the one value.
 */
const parsed = new WeakMap<Buffer, unknown>();

function parsedOnce(body: Buffer): unknown {
  if (parsed.has(body)) return parsed.get(body);
  const value = deepFreeze(JSON.parse(body.toString()) as unknown);
  parsed.set(body, value);
  return value;
}

function deepFreeze<T>(value: T): T {
  // A Buffer or typed array cannot be frozen (a computed value may hold one; a parsed one never does).
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/** A socket of our own TLS server: the request came over HTTPS (behind a proxy, the front door is told). */
const isEncrypted = (req: IncomingMessage) => (req.socket as { encrypted?: boolean }).encrypted === true;

/**
 * Whether a stored answer may answer this request. A redirect stored for a request without a query does not
 * answer one with a query: the reader's parameters would be lost on the way.
 */
function servable(req: IncomingMessage, answer: CachedAnswer): boolean {
  if (answer.status !== 301 && answer.status !== 308) return true;
  return !(req.url ?? '').includes('?') || isApi(req.url ?? '');
}

/**
 * The key of a read. The API's: its path and its query, the parameters sorted (`?b=1&a=2` and `?a=2&b=1` are one
 * answer). A page's, a feed's or a sitemap's: its path, with only the parameters it reads (READER_QUERY_PARAMS), each
 * once: the page reads the first (`/?page=2&page=x` is `/?page=2`). The head of a page (PAGE_HEAD_PATH) is keyed by
 * the page's own key: it reads nothing else, so no parameter beside `path`, and nothing in it that the page does not
 * read, makes one more key whose every request runs the page's loads.
 */
export function cacheKey(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  if (!isApi(path)) return at === -1 ? path : readerKey(path, new URLSearchParams(url.slice(at + 1)));
  const params = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  if (path === PAGE_HEAD_PATH) return headKey(params.get('path'));
  params.sort();
  const query = params.toString();
  return query ? `${onePathSpelling(path)}?${query}` : onePathSpelling(path);
}

/** A UUID as a whole path segment: every route reads it in any case (lib/route.ts `idParam`, the article page, a category's id). */
const UUID_SEGMENT = /(?<=\/)[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}(?=\/|$)/gi;

/**
 * One spelling of the UUIDs in an API path, lower case (the JSON names the stored id whatever the spelling asked):
 * otherwise `/api/articles/<id>` has 2^n spellings (each of its n letters in either case), each a new key stored from
 * its first miss, pushing readers' answers out of the store. A page's is not its key's business: the page of another
 * spelling answers 301 to its own. Escapes are left as sent: Express routes on the path as sent (`/%61pi/…` is not the
 * API), so unescaping them would store one address's answer under another's key.
 */
const onePathSpelling = (path: string) => (/[A-F]/.test(path) ? path.replace(UUID_SEGMENT, (id) => id.toLowerCase()) : path);

function readerKey(path: string, params: URLSearchParams): string {
  const read = new URLSearchParams();
  for (const name of READER_QUERY_PARAMS.find(({ pages }) => pages.test(path))?.names ?? []) {
    const value = params.get(name);
    if (value !== null) read.set(name, value);
  }
  const query = read.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The head's key: the page's, as the head's loads see the page's address (a URL: no fragment, dot segments resolved).
 * A `path` the head refuses (none, or another host's) keeps the query as sent: that answer (a 400) is never stored.
 */
function headKey(path: string | null): string {
  if (path === null || !path.startsWith('/') || path.startsWith('//') || path.includes('\\'))
    return `${PAGE_HEAD_PATH}?path=${encodeURIComponent(path ?? '')}`;
  const page = new URL(path, 'http://page');
  return `${PAGE_HEAD_PATH}?path=${encodeURIComponent(onePathSpelling(cacheKey(page.pathname + page.search)))}`;
}

const LOOKED_UP = Symbol('looked up in the response cache');
type LookedUp = IncomingMessage & { [LOOKED_UP]?: number };
const CLAIMED = Symbol('making the answer for its key');
type Claimed = IncomingMessage & { [CLAIMED]?: Flight };

/**
 * A GET or HEAD of something that is not a file or a probe, by an anonymous caller — or by anyone, outside the
 * API: pages, feeds and sitemaps are the same for every caller (their data comes from the public API, read
 * anonymously), so an `Authorization` header cannot make one of them bypass the cache.
 */
function isCacheableRead(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  // Origin-form only (`/path?query`): an absolute-form target (`http://host/…`) or `//x` is left to the app.
  if (url[0] !== '/' || url[1] === '/') return false;
  if (req.headers.authorization !== undefined && isApi(url)) return false;
  const at = url.indexOf('?');
  return !BYPASS.test(at === -1 ? url : url.slice(0, at));
}

async function prepare(
  status: number,
  headers: [string, string][],
  identity: Buffer,
  cacheable: boolean,
  /** Set when the answer is sent once and not stored: compressed only if this reader takes it so. */
  onlyFor?: string,
): Promise<CachedAnswer> {
  if (cacheable) {
    headers = headers.filter(([name]) => name !== 'cache-control');
    // A missing page may appear any moment (a publish): kept here, where purges reach, but never by a CDN.
    headers.push(['cache-control', status === 404 || status === 410 ? 'no-cache' : PUBLIC_CACHE_CONTROL]);
  }
  const type = headers.find(([name]) => name === 'content-type')?.[1];
  const compress =
    identity.length >= MIN_COMPRESS_BYTES && type !== undefined && COMPRESSIBLE.test(type) && (onlyFor === undefined || takesGzip(onlyFor));
  const etag = createHash('sha1').update(identity).digest('base64url').slice(0, 27);
  // One encoding kept (docs/decisions/053-cheap-reader-pages.md): gzip, which every browser and crawler takes, at
  // level 4: a third faster than 6 for 4 % more bytes on an article page (docs/decisions/055-cold-pages.md).
  if (!compress) return { status, headers, etag, body: identity, storedAt: Date.now() };
  const body = await storedGzip.gzip(identity);
  return { status, headers, etag, body, encoding: 'gzip', identityLength: identity.length, storedAt: Date.now() };
}

/** Past its freshness (see `ttlSeconds`): the next request makes it afresh. */
const isStale = (answer: CachedAnswer) => answer.staleAt !== undefined && answer.staleAt <= Date.now();

type Validators = Pick<IncomingHttpHeaders, 'if-none-match' | 'if-modified-since'>;

/** Takes the reader's validators off a request the app is about to answer (see fill), for `send`. */
function takeValidators(req: IncomingMessage): Validators {
  const validators = { 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] };
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  return validators;
}

/**
 * Whether the reader holds this answer already (RFC 9110 §13.2.2): If-None-Match when sent, and only then
 * If-Modified-Since, against the answer's Last-Modified (the newest change of what it shows: issue 24).
 */
function notModified(answer: CachedAnswer, validators: Validators): boolean {
  if (answer.status !== 200) return false;
  if (validators['if-none-match'] !== undefined) return matches(validators['if-none-match'], answer.etag);
  const lastModified = answer.headers.find(([name]) => name === 'last-modified')?.[1];
  const since = Date.parse(validators['if-modified-since'] ?? '');
  return lastModified !== undefined && !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/** Sends a stored answer: 304 when the reader has it, else the body gzipped if it is kept so and the reader takes that. */
function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, secure: boolean, validators: Validators = req.headers) {
  const encoding = answer.encoding === 'gzip' && takesGzip(req.headers['accept-encoding'] ?? '') ? 'gzip' : undefined;
  const etag = `"${answer.etag}${encoding ? `-${encoding}` : ''}"`;
  const headers: OutgoingHttpHeaders = Object.fromEntries(answer.headers);
  headers.etag = etag;
  headers.vary = VARY;
  if (secure) headers['strict-transport-security'] = HSTS;
  if (notModified(answer, validators)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['content-encoding'] = encoding;
  if (req.method === 'HEAD') {
    headers['content-length'] =
      encoding || answer.encoding !== 'gzip' ? answer.body.length : (answer.identityLength ?? unzipped(answer).length);
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  // A reader that takes no gzip (rare: every browser and crawler does) gets it unzipped, at a fraction of zipping's cost.
  const body = answer.encoding === 'gzip' && !encoding ? unzipped(answer) : answer.body;
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * Stored answers unzipped for the readers that take no gzip, the most recently asked kept (by ETag, in this process):
 * asking for the same large answer over and over without gzip (a sitemap, say) costs its unzipping once.
 */
const UNZIPPED = new LRUCache<string, Buffer>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (body) => Math.max(1, body.length) });

function unzipped(answer: CachedAnswer): Buffer {
  let body = UNZIPPED.get(answer.etag);
  if (!body) UNZIPPED.set(answer.etag, (body = zlib.gunzipSync(answer.body)));
  return body;
}

/** Whether the reader takes gzip (`gzip`, `x-gzip` or `*` in Accept-Encoding, not refused by `;q=0`). */
function takesGzip(accepts: string): boolean {
  let taken = false;
  for (const part of accepts.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    // An explicit `gzip` (or its old name, RFC 9110 §8.4.1.3) weighs over `*`.
    if (name !== '*') return !refused;
    taken = !refused;
  }
  return taken;
}

/** An answer the cache does not own, sent as the app made it (the compression middleware stood aside). */
function sendAsMade(res: ServerResponse, status: number, body: Buffer) {
  res.statusCode = status;
  if (!res.hasHeader('content-length') && status !== 304 && status !== 204) res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** If-None-Match names this answer in any of its encodings (weak comparison, as RFC 9110 asks for it). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some(
    (tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"|"$/g, '')
        .replace(/-(br|gzip)$/, '') === etag,
  );
}

function storedHeaders(res: ServerResponse): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_SENDING.has(name)) continue;
    out.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return out;
}

/**
 * Holds the app's answer back instead of sending it: status, headers and body are gathered, then
 * `done` decides what is sent (the original methods are restored before it runs).
 */
function captureAnswer(res: ServerResponse, done: (status: number, body: Buffer) => Promise<void>) {
  const original = { write: res.write, end: res.end, writeHead: res.writeHead };
  const chunks: Buffer[] = [];
  let size = 0;
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  /** Too large to hold: what was held is sent as it is, and the rest goes straight through, never stored. */
  const passThrough = () => {
    Object.assign(res, original);
    for (const chunk of chunks.splice(0)) res.write(chunk);
  };
  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    this.statusCode = status;
    const headers = rest.find((item) => typeof item === 'object' && item !== null) as OutgoingHttpHeaders | string[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i]!, headers[i + 1]!);
    else for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
    return this;
  } as ServerResponse['writeHead'];
  res.write = function write(chunk: unknown, encoding?: unknown, callback?: unknown) {
    const cb = [encoding, callback].find((item) => typeof item === 'function') as (() => void) | undefined;
    if (chunk === undefined || chunk === null) return true;
    const buffer = toBuffer(chunk, encoding);
    if (size + buffer.length > MAX_CAPTURE_BYTES) {
      passThrough();
      return res.write(buffer, cb);
    }
    chunks.push(buffer);
    size += buffer.length;
    if (cb) process.nextTick(cb);
    return true;
  } as ServerResponse['write'];
  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const cb = [chunk, encoding, callback].find((item) => typeof item === 'function') as (() => void) | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      const buffer = toBuffer(chunk, encoding);
      if (size + buffer.length > MAX_CAPTURE_BYTES) {
        passThrough();
        return res.end(buffer, cb);
      }
      chunks.push(buffer);
    }
    Object.assign(res, original);
    if (cb) res.once('finish', cb);
    done(this.statusCode, Buffer.concat(chunks)).catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return this;
  } as ServerResponse['end'];
}

/** Sets a header now and again just before the head is sent, whatever a handler set meanwhile. */
function forceHeader(res: ServerResponse, name: string, value: string) {
  res.setHeader(name, value);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    this.setHeader(name, value);
    const headers = args.find((item, i) => i > 0 && typeof item === 'object' && item !== null && !Array.isArray(item)) as
      OutgoingHttpHeaders | undefined;
    if (headers) for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) headers[key] = value;
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

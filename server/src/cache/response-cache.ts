import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../lib/logger';
import { withCacheScope, type CacheScope } from './scope';
import { PURGE_MEMORY_MS, type CacheStore, type CachedAnswer, type Lookup } from './store';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Answers kept, and the only ones: their status says the same thing to every anonymous reader. */
const STORED_STATUSES = new Set([200, 301, 308, 404, 410]);
/**
 * Files and probes, served by express.static or the health routes, are never worth a lookup; the live
 * ticker's event stream never ends, so it must never be held back.
 */
const BYPASS = /^\/(assets|uploads)(\/|$)|^\/(healthz|readyz|api\/breaking-news\/stream)$/i;
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
]);
/** What browsers and CDNs are told about public answers: revalidate (cheap: 304), shared caches may keep briefly. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=30';
/** Anything a signed-in caller receives depends on who they are. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
const VARY = 'Accept-Encoding, Authorization';
/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/(json|xml|javascript|[\w.+-]+\+(json|xml)))/;
const FILLING = Symbol('filling the response cache');

/** While the cache gathers an answer it compresses it itself, once: the compression middleware stands aside. */
export const isFillingCache = (req: IncomingMessage) => FILLING in req;

export interface ResponseCacheOptions {
  store: CacheStore | undefined;
  logger: Logger;
  /** Safety net only: purges keep answers fresh; this bounds the damage of a purge that was missed. */
  ttlSeconds: number;
  /**
   * Where `remember` keeps its values, when not in `store`: with the cache off, a small store in this process,
   * whose values last `valueTtlSeconds` at most (the purges of other processes do not reach it).
   */
  values?: { store: CacheStore; ttlSeconds: number };
}

export interface ResponseCache {
  /** The first middleware of the app: fills the cache on a miss (and answers hits when the front door is not used). */
  middleware: RequestHandler;
  /**
   * Wraps the app for `http.createServer`: a hit is answered on the bare Node request, before Express
   * itself runs; everything else goes to the app.
   */
  frontDoor(app: RequestListener): RequestListener;
  /** Drops every stored answer under any of the tags, in every process sharing the store. */
  purge(tags: Iterable<string>): Promise<void>;
  /**
   * A value computed once per purge of its tags (counts of published articles, say), kept in the same
   * store, so it is shared by the processes sharing the store and dropped by the same purges.
   */
  remember<T>(key: string, tags: string[], compute: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The response cache for anonymous public reads (docs/decisions/026-response-cache.md): a hit is answered
 * here, before helmet, compression, logging, routing and the database; a miss runs the app with a tag
 * scope, and its answer is stored when the code that made it said what it was made of.
 */
export function createResponseCache({ store, logger, ttlSeconds, values }: ResponseCacheOptions): ResponseCache {
  const ttlMs = ttlSeconds * 1000;
  const valueStore = values?.store ?? store;
  const valueTtlMs = values ? values.ttlSeconds * 1000 : ttlMs;

  /**
   * The lookup of an anonymous read, on the bare Node request: true when answered from the store; false, or a
   * promise of false (Redis), when the app must answer. A miss leaves its purge sequence on the request, for
   * the middleware's fill.
   */
  function answerFromStore(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (!isCacheableRead(req) || !store?.usable) return false;
    const lookup = store.lookup(cacheKey(req.url ?? '/'));
    const settle = (found: Lookup) => {
      if (found.answer) {
        send(req, res, found.answer);
        return true;
      }
      (req as LookedUp)[LOOKED_UP] = found.seq;
      return false;
    };
    if (!(lookup instanceof Promise)) return settle(lookup);
    return lookup.then(settle, (err: unknown) => {
      logger.warn({ err }, 'response cache lookup failed');
      // Looked up, with no sequence: the app answers, and what it answers is not stored.
      (req as LookedUp)[LOOKED_UP] = undefined;
      return false;
    });
  }

  const frontDoor =
    (app: RequestListener): RequestListener =>
    (req, res) => {
      const answered = answerFromStore(req, res);
      if (answered === false) return void app(req, res);
      if (answered !== true) void answered.then((hit) => hit || app(req, res));
    };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.headers.authorization !== undefined) {
      forceHeader(res, 'Cache-Control', PRIVATE_CACHE_CONTROL);
      // What a shared cache keeps for anonymous readers must not answer this caller, and the other way round.
      res.setHeader('Vary', 'Authorization');
      return next();
    }
    if (!isCacheableRead(req)) return next();
    const key = cacheKey(req.originalUrl);
    // Off, or Redis unreachable: the answer is still prepared here (headers, ETag, encodings), not stored.
    if (!store?.usable) return fill(req, res, next, key, undefined);
    // Looked up already by the front door (the server's own listener): a miss.
    if (LOOKED_UP in req) return fill(req, res, next, key, (req as LookedUp)[LOOKED_UP]);
    const answered = answerFromStore(req, res);
    const go = (hit: boolean) => hit || fill(req, res, next, key, (req as LookedUp)[LOOKED_UP]);
    if (typeof answered === 'boolean') return void go(answered);
    void answered.then(go);
  };

  /** Runs the app for this read, holds its answer back, stores it if it may be, then sends it. */
  function fill(req: Request, res: Response, next: NextFunction, key: string, seq: number | undefined) {
    // A HEAD answer has no body to keep: it is served from a stored GET, never stored itself.
    if (req.method === 'HEAD') return next();
    Object.defineProperty(req, FILLING, { value: true });
    const scope: CacheScope = { tags: new Set() };
    const started = Date.now();
    captureAnswer(res, async (status, body) => {
      // Answers the cache does not own (206 and 304 of static files, 5xx) go out exactly as the app made them.
      if (!STORED_STATUSES.has(status)) return sendAsMade(res, status, body);
      const headers = storedHeaders(res);
      const vary = String(res.getHeader('vary') ?? '');
      const cacheable =
        scope.tags.size > 0 &&
        !scope.refused &&
        // An answer chosen by another request header (Accept) is not one answer for every reader.
        vary.split(',').every((name) => ['', 'accept-encoding', 'authorization'].includes(name.trim().toLowerCase())) &&
        !headers.some(([name, value]) => name === 'set-cookie' || (name === 'cache-control' && /private|no-store/.test(value)));
      const storing = cacheable && store !== undefined && seq !== undefined && Date.now() - started < PURGE_MEMORY_MS / 2;
      // Stored: every encoding, made once. Sent once: only the one this reader takes.
      const answer = await prepare(status, headers, body, cacheable, storing ? undefined : (req.headers['accept-encoding'] ?? ''));
      if (storing) {
        const ttl = Math.min(ttlMs, (scope.ttlSeconds ?? Infinity) * 1000);
        try {
          await store.set(key, answer, [...scope.tags], seq, ttl);
        } catch (err) {
          logger.warn({ err }, 'response cache store failed');
        }
      }
      send(req, res, answer);
    });
    withCacheScope(scope, () => next());
  }

  return {
    middleware,
    frontDoor,
    async purge(tags) {
      const list = [...new Set(tags)];
      if (!list.length) return;
      if (store) await store.purge(list);
      if (values) await values.store.purge(list);
    },
    async remember<T>(key: string, tags: string[], compute: () => Promise<T>): Promise<T> {
      if (!valueStore?.usable) return compute();
      const valueKey = `value:${key}`;
      // The cache only saves work: when it fails, the value is computed as if there were none.
      const found = await Promise.resolve(valueStore.lookup(valueKey)).catch(() => undefined);
      if (found?.answer) return JSON.parse(found.answer.identity.toString()) as T;
      const value = await compute();
      if (found) {
        const answer: CachedAnswer = {
          status: 200,
          headers: [],
          etag: '',
          identity: Buffer.from(JSON.stringify(value)),
          storedAt: Date.now(),
        };
        await Promise.resolve(valueStore.set(valueKey, answer, tags, found.seq, valueTtlMs)).catch(() => false);
      }
      return value;
    },
    close: async () => store?.close(),
  };
}

/** Path and query, the query's parameters sorted: `?b=1&a=2` and `?a=2&b=1` are one answer. */
export function cacheKey(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

const LOOKED_UP = Symbol('looked up in the response cache');
type LookedUp = IncomingMessage & { [LOOKED_UP]?: number };

/** An anonymous GET or HEAD of something that is not a file or a probe. */
function isCacheableRead(req: IncomingMessage): boolean {
  if (req.headers.authorization !== undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = req.url ?? '/';
  // Origin-form only (`/path?query`): an absolute-form target (`http://host/…`) or `//x` is left to the app.
  if (url[0] !== '/' || url[1] === '/') return false;
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  // Reader pages ignore the query: one with a query (tracking parameters, say) is answered, never stored.
  if (at !== -1 && !path.startsWith('/api/')) return false;
  return !BYPASS.test(path);
}

async function prepare(
  status: number,
  headers: [string, string][],
  identity: Buffer,
  cacheable: boolean,
  /** Set when the answer is sent once and not stored: only the encoding this reader takes is made. */
  onlyFor?: string,
): Promise<CachedAnswer> {
  if (cacheable) {
    headers = headers.filter(([name]) => name !== 'cache-control');
    // A missing page may appear any moment (a publish): kept here, where purges reach, but never by a CDN.
    headers.push(['cache-control', status === 404 || status === 410 ? 'no-cache' : PUBLIC_CACHE_CONTROL]);
  }
  const type = headers.find(([name]) => name === 'content-type')?.[1];
  const compress = identity.length >= MIN_COMPRESS_BYTES && type !== undefined && COMPRESSIBLE.test(type);
  const wants = (encoding: 'br' | 'gzip') => onlyFor === undefined || preferredEncoding(onlyFor, true, true) === encoding;
  const [gz, br] = compress
    ? await Promise.all([
        wants('gzip') ? gzip(identity, { level: 6 }) : undefined,
        !wants('br')
          ? undefined
          : brotli(identity, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
            }),
      ])
    : [undefined, undefined];
  const etag = createHash('sha1').update(identity).digest('base64url').slice(0, 27);
  return { status, headers, etag, identity, gzip: gz, br, storedAt: Date.now() };
}

/** Sends a stored answer: 304 when the reader has it, else the body in the best encoding the reader takes. */
function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
  const encoding = preferredEncoding(req.headers['accept-encoding'] ?? '', answer.br !== undefined, answer.gzip !== undefined);
  const body = encoding === 'br' ? answer.br! : encoding === 'gzip' ? answer.gzip! : answer.identity;
  const etag = `"${answer.etag}${encoding ? `-${encoding}` : ''}"`;
  const headers: OutgoingHttpHeaders = Object.fromEntries(answer.headers);
  headers.etag = etag;
  headers.vary = VARY;
  if (answer.status === 200 && matches(req.headers['if-none-match'], answer.etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** br, then gzip, when the reader takes them (`;q=0` refuses one), else the identity body. */
function preferredEncoding(accepts: string, hasBr: boolean, hasGzip: boolean): 'br' | 'gzip' | undefined {
  const taken = new Set<string>();
  for (const part of accepts.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  if (hasBr && (taken.has('br') || taken.has('*'))) return 'br';
  if (hasGzip && (taken.has('gzip') || taken.has('*'))) return 'gzip';
  return undefined;
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

import type { Request, Response } from 'express';
import { match } from 'path-to-regexp';
import type { ResponseCache } from '../cache';
import { refuseCaching, tagResponse, withCacheScope, type CacheScope } from '../lib/cache-scope';
import { HttpError } from '../lib/errors';
import { publicRoute } from '../lib/policy';
import { registeredRoutes } from '../lib/route';

export interface InternalAnswer {
  status: number;
  body: unknown;
}

/**
 * The query parameters a kept read may carry: those the pages' code fixes (the ticker's `limit`). A read whose query a
 * reader's address moves (`/?page=9` reads the river at an offset) is the page's own: kept, each would be one more
 * value in the store for any number of addresses.
 */
const FIXED_PARAMS = new Set(['limit']);

/** A read kept for the pages that follow (see `internalApi`): its answer, and what it was made of. */
interface KeptRead {
  answer: InternalAnswer;
  tags: string[];
  ttlSeconds?: number;
  refused?: boolean;
}

/**
 * Kept when answered 200 and tagged: never one that failed in part, nor one that moves without a write (a view count)
 * and says how long it may be kept (the page is kept that long at most; each read of it reads anew).
 */
const keptUnder = ({ answer, tags, ttlSeconds, refused }: KeptRead) =>
  answer.status === 200 && tags.length && !refused && ttlSeconds === undefined ? tags : undefined;

/**
 * The public API, read in-process: what the server's page rendering uses instead of HTTP requests to
 * itself. Only GET routes guarded by `publicRoute` that answer JSON are reachable, each with the route's
 * own validation, handler and mapper, as an anonymous caller: the page gets the very JSON a browser would.
 *
 * With `remember` (the response cache's), the reads of routes without path parameters and without a query a reader's
 * address moves — the ticker's headlines and the categories around every page, the home page's blocks — are made once and kept until a purge of what they were made of
 * drops them: a page rendered after another reads only what is its own (docs/decisions/053-cheap-reader-pages.md).
 * The page is tagged with what each read was made of, kept or not.
 */
export function internalApi({ remember }: { remember?: ResponseCache['remember'] } = {}): (
  method: string,
  url: string,
) => Promise<InternalAnswer> {
  const table = registeredRoutes()
    .filter((r) => r.spec.method === 'get' && r.spec.guard === publicRoute && !r.spec.produces)
    .map((r) => ({
      matches: match<Record<string, string>>(r.fullPath),
      /**
       * What every path it matches starts with: its path up to the first parameter, wildcard, group or escape,
       * lower-cased (its matcher ignores case; a URL's pathname is ASCII). A route is tried only where it can match,
       * rather than every route for every read.
       */
      prefix: r.fullPath.slice(0, r.fullPath.search(/[:*{(\\]|$/)).toLowerCase(),
      invoke: r.invoke,
      shared: !r.fullPath.includes(':'),
    }));
  type Found = { route: (typeof table)[number]; params: Record<string, string> };

  /** The route that answers `pathname`: the first in the order they were registered, as Express routes them. */
  const find = (pathname: string): Found | undefined => {
    const lower = pathname.toLowerCase();
    for (const route of table) {
      if (!lower.startsWith(route.prefix)) continue;
      const found = route.matches(pathname);
      if (found) return { route, params: found.params };
    }
    return undefined;
  };

  const read = async (target: URL, found: Found | undefined): Promise<InternalAnswer> => {
    if (!found) return envelope(404, 'Not Found', `No public read at ${target.pathname}`);
    try {
      const body = await found.route.invoke(
        { params: found.params, query: Object.fromEntries(target.searchParams) },
        anonymousRequest(),
        discardedResponse(),
      );
      // The JSON a browser would receive (dates as strings, no undefined fields).
      return { status: 200, body: JSON.parse(JSON.stringify(body ?? null)) as unknown };
    } catch (err) {
      // A failure that is not the reader's (the database): the page shows the gap, but is never stored.
      if (!(err instanceof HttpError) || err.status >= 500) refuseCaching();
      if (err instanceof HttpError) return envelope(err.status, err.error, err.message, err.details);
      throw err;
    }
  };

  /** A read of a route without parameters, kept while nothing it was made of changes. */
  const keptRead = async (url: string, target: URL, found: Found): Promise<InternalAnswer> => {
    let kept: KeptRead;
    try {
      kept = await remember!<KeptRead>(`read:${url}`, keptUnder, async () => {
        const scope: CacheScope = { tags: new Set() };
        const answer = await withCacheScope(scope, () => read(target, found));
        return { answer, tags: [...scope.tags], ttlSeconds: scope.ttlSeconds, refused: scope.refused };
      });
    } catch (err) {
      // A read that failed (the database): the page shows the gap, and is never stored.
      refuseCaching();
      throw err;
    }
    tagResponse(kept.tags, { ttlSeconds: kept.ttlSeconds });
    if (kept.refused) refuseCaching();
    return kept.answer;
  };

  return async (method, url) => {
    if (method !== 'GET') return envelope(405, 'Method Not Allowed', 'Only reads are served in-process');
    const target = new URL(url, 'http://internal');
    const found = find(target.pathname);
    const shared = remember && found?.route.shared && [...target.searchParams.keys()].every((name) => FIXED_PARAMS.has(name));
    return shared ? keptRead(url, target, found) : read(target, found);
  };
}

const envelope = (status: number, error: string, message: string, details?: string[]): InternalAnswer => ({
  status,
  body: { error, message, ...(details ? { details } : {}) },
});

const IN_PROCESS = Symbol('a read of a page being rendered');

/**
 * Whether a request is a page's read in process: it has no client of its own (no address, no socket). Limits per client
 * are the page's to apply, on the reader's own request (a search page: articles/search.routes.ts).
 */
export const isInProcess = (req: Request): boolean => IN_PROCESS in req;

/** A caller with no credentials: `req.user` stays unset, as after `authenticate` without a token. */
function anonymousRequest(): Request {
  return { user: undefined, headers: {}, get: () => undefined, header: () => undefined, [IN_PROCESS]: true } as unknown as Request;
}

/** Handlers set caching headers on their response; in-process, nothing is sent, so they are dropped. */
function discardedResponse(): Response {
  const res = {
    headersSent: false,
    set: () => res,
    setHeader: () => res,
    vary: () => res,
    status: () => res,
    getHeader: () => undefined,
  };
  return res as unknown as Response;
}

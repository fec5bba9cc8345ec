import type { Request, Response } from 'express';
import { match } from 'path-to-regexp';
import { refuseCaching } from '../lib/cache-scope';
import { HttpError } from '../lib/errors';
import { publicRoute } from '../lib/policy';
import { registeredRoutes } from '../lib/route';

export interface InternalAnswer {
  status: number;
  body: unknown;
}

/**
 * The public API, read in-process: what the server's page rendering uses instead of HTTP requests to
 * itself. Only GET routes guarded by `publicRoute` that answer JSON are reachable, each with the route's
 * own validation, handler and mapper, as an anonymous caller: the page gets the very JSON a browser would.
 */
export function internalApi(): (method: string, url: string) => Promise<InternalAnswer> {
  const table = registeredRoutes()
    .filter((r) => r.spec.method === 'get' && r.spec.guard === publicRoute && !r.spec.produces)
    .map((r) => ({ matches: match<Record<string, string>>(r.fullPath), invoke: r.invoke }));

  return async (method, url) => {
    const target = new URL(url, 'http://internal');
    if (method !== 'GET') return envelope(405, 'Method Not Allowed', 'Only reads are served in-process');
    for (const { matches, invoke } of table) {
      const found = matches(target.pathname);
      if (!found) continue;
      try {
        const body = await invoke(
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
    }
    return envelope(404, 'Not Found', `No public read at ${target.pathname}`);
  };
}

const envelope = (status: number, error: string, message: string, details?: string[]): InternalAnswer => ({
  status,
  body: { error, message, ...(details ? { details } : {}) },
});

/** A caller with no credentials: `req.user` stays unset, as after `authenticate` without a token. */
function anonymousRequest(): Request {
  return { user: undefined, headers: {}, get: () => undefined, header: () => undefined } as unknown as Request;
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

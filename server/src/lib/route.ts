import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z, type ZodType } from 'zod';
import { notFound } from './errors';
import { requireDocumentedResponse } from './response-check';
import { parse } from './validate';
import { refuseCaching, tagResponse, type CachePurger } from './cache-scope';
import { isSignedInGuard, signedInUser, type AuthUser, type SignedInGuard } from './policy';

/**
 * One declaration per route: its guard, its input schemas and its handler. The same declaration feeds
 * Express (validation before the handler) and the OpenAPI document (lib/openapi.ts).
 */
type Method = 'get' | 'post' | 'put' | 'delete';

type Guard = RequestHandler | RequestHandler[];

/** The caller a route's handler receives: a user behind requirePermission(...) or requireUser, maybe none otherwise. */
export type CallerOf<G> = G extends SignedInGuard ? AuthUser : AuthUser | undefined;

export interface RouteSpec<
  P extends ZodType | undefined,
  Q extends ZodType | undefined,
  B extends ZodType | undefined,
  G extends Guard = Guard,
> {
  method: Method;
  path: string;
  summary: string;
  /** requirePermission(...), requireUser or publicRoute: every route says who may call it. */
  guard: G;
  params?: P;
  query?: Q;
  body?: B;
  /** Multipart upload: the file field's name (the body schema then describes the other fields). */
  file?: string;
  /** Success status (200 by default; 201 for creations). */
  status?: number;
  /**
   * The success body: its response schema (shared/schemas), which the reference shows and every answer is
   * checked against outside production (config `checkResponses`); with a note where the schema's own
   * description does not say it all. A route that `produces` something else describes it in words.
   */
  returns?: ZodType | { schema?: ZodType; description: string };
  /** Other responses worth documenting, e.g. { 409: 'the category still has articles' }. */
  errors?: Record<number, string>;
  /**
   * A check of the parsed path and the caller, run after the guard and before `before` (so before an
   * upload's body is read): who may add media to this article, say. It throws the HttpError to answer.
   */
  precheck?: (input: Pick<RouteInput<P, Q, B, CallerOf<G>>, 'params' | 'user'>) => Promise<void>;
  /** Extra middleware after the guard and the precheck (multer, rate limits). */
  before?: RequestHandler[];
  /** The response is not JSON (an HTML page): the handler writes it. */
  produces?: string;
  /**
   * A public read: what its answer shows, as cache tags (lib/cache-scope.ts). An anonymous caller's answer is
   * then kept by the response cache until a write purges one of them. Without it, nothing is kept. A
   * handler that must read what its answer shows (a comment's article) tags it itself (`tagResponse`) and
   * says 'by handler'.
   */
  cacheTags?: ((input: RouteInput<P, Q, B>) => Iterable<string>) | 'by handler';
  /** With cacheTags, for answers that change without a write (view counts): the longest they may be kept. */
  cacheSeconds?: number;
  /**
   * A write: the tags of what it changed, purged (in every process sharing the cache) after the handler
   * succeeded and before the answer is sent. Writes that change nothing public say `purges: none`; a
   * handler that must read what it purges (a comment's article) purges itself and says 'by handler'.
   */
  purges?: ((input: RouteInput<P, Q, B>, result: unknown) => Iterable<string>) | 'by handler';
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;

export interface RouteInput<P, Q, B, U extends AuthUser | undefined = AuthUser | undefined> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The caller: typed AuthUser when the guard requires one (no assertion needed in the handler). */
  user: U;
}

export interface RegisteredRoute {
  fullPath: string;
  spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>;
  /**
   * Validates raw path parameters and query as the route does, then runs its handler (after the guard
   * and `before` middleware, which the caller is responsible for). The server's page rendering reads the
   * public API this way, in-process (reader/internal-api.ts).
   */
  invoke(raw: { params: Record<string, string>; query: Record<string, string> }, req: Request, res: Response): Promise<unknown>;
}

const registry = new Map<string, RegisteredRoute>();

export function registeredRoutes(): RegisteredRoute[] {
  return [...registry.values()];
}

/** A new router to mount at `base` (under /api), and the `route(spec, handler)` that declares its routes. */
export function resourceRouter(base: string): { router: Router; route: ReturnType<typeof routesFor> } {
  const router = Router();
  return { router, route: routesFor(router, base) };
}

/**
 * Returns `route(spec, handler)` for a router mounted at `base` (under /api). A handler that returns a
 * value sends it as JSON with the spec's status; one that returns nothing has answered itself.
 */
function routesFor(router: Router, base: string) {
  return function route<
    P extends ZodType | undefined = undefined,
    Q extends ZodType | undefined = undefined,
    B extends ZodType | undefined = undefined,
    G extends Guard = Guard,
  >(spec: RouteSpec<P, Q, B, G>, handler: (input: RouteInput<P, Q, B, CallerOf<G>>, req: Request, res: Response) => unknown): void {
    const fullPath = `/api${base}${spec.path === '/' && base ? '' : spec.path}`;
    const invoke = async (raw: { params: unknown; query: unknown; body?: unknown }, req: Request, res: Response) => {
      const input = {
        params: spec.params ? parseParams(spec.params, raw.params) : undefined,
        query: spec.query ? parse(spec.query, raw.query) : undefined,
        body: spec.body ? parse(spec.body, raw.body ?? {}) : undefined,
        user: isSignedInGuard(spec.guard) ? signedInUser(req) : req.user,
      } as RouteInput<P, Q, B, CallerOf<G>>;
      if (typeof spec.cacheTags === 'function') tagResponse(spec.cacheTags(input), { ttlSeconds: spec.cacheSeconds });
      const result = await handler(input, req, res);
      if (typeof spec.purges === 'function') await responseCacheOf(req).purge(spec.purges(input, result));
      return result;
    };
    registry.set(`${spec.method} ${fullPath}`, { fullPath, spec: spec as RegisteredRoute['spec'], invoke });
    const guards = Array.isArray(spec.guard) ? spec.guard : [spec.guard];
    const schema = responseSchema(spec);
    const run: RequestHandler = async (req, res) => {
      // A cached read's query says only what its schema reads: other parameters would make new keys for one answer.
      if (spec.cacheTags && !readsOnlyKnownParameters(spec.query, req.query)) refuseCaching();
      const result = await invoke({ params: req.params, query: req.query, body: req.body }, req, res);
      if (result === undefined || res.headersSent) return;
      if (schema && checksResponses(req)) requireDocumentedResponse(schema, `${spec.method.toUpperCase()} ${fullPath}`, result);
      res.status(spec.status ?? 200).json(result);
    };
    // An upload refused before its body is read closes the connection rather than draining the body.
    const intro = spec.file ? [closeWhenAnsweredUnread] : [];
    const { precheck } = spec;
    const checks: RequestHandler[] = precheck
      ? [
          async (req, _res, next) => {
            const params = (spec.params ? parseParams(spec.params, req.params) : undefined) as Out<P>;
            await precheck({ params, user: (isSignedInGuard(spec.guard) ? signedInUser(req) : req.user) as CallerOf<G> });
            next();
          },
        ]
      : [];
    router[spec.method](spec.path, ...intro, ...guards, ...checks, ...(spec.before ?? []), run);
  };
}

/**
 * A multipart route that answers before reading the body (a refused guard, quota or article) must not
 * read the rest of it: Node would drain up to hundreds of megabytes after the answer. Such an answer
 * says `Connection: close`, and Node ends the socket as soon as the answer is flushed. Patching
 * `writeHead` is the one hook that runs before the headers of every answer, the error middleware's included.
 */
const closeWhenAnsweredUnread: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete) res.shouldKeepAlive = false;
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/** The response schema a route declares, if any. */
export function responseSchema(spec: Pick<RegisteredRoute['spec'], 'returns'>): ZodType | undefined {
  return spec.returns instanceof z.ZodType ? spec.returns : spec.returns?.schema;
}

/** Whether answers are checked against their schemas (config `checkResponses`, set on app.locals by createApp). */
function checksResponses(req: Request): boolean {
  return (req.app.locals as { checkResponses?: boolean }).checkResponses === true;
}

/** Every parameter of the query is one the schema reads, given once. */
function readsOnlyKnownParameters(schema: ZodType | undefined, query: unknown): boolean {
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return Object.entries((query ?? {}) as Record<string, unknown>).every(([name, value]) => known.includes(name) && typeof value === 'string');
}

/** For writes that change nothing a reader can see (a draft, a password, a view's duration). */
export const none = () => [];

/** The app's response cache (cache/), set on app.locals by createApp. */
export function responseCacheOf(req: Request): CachePurger {
  return (req.app.locals as { responseCache: CachePurger }).responseCache;
}

/**
 * Path parameter that must be an id (a UUID); anything else names no record: 404 (docs/spec/CONTRACT.md §2). One
 * spelling per id: an upper-case UUID names the same record, so it is lower-cased before anything compares it.
 */
export const idParam = z.string().uuid().toLowerCase();

/** The path parameters of a route on one record, `/:id`. */
export const idParams = z.object({ id: idParam });

/** A path that does not parse names nothing that exists: 404, like any other unknown record. */
function parseParams<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound();
  return parse(schema, value);
}

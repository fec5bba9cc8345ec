import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import type { RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { isFillingCache } from './cache/response-cache';
import type { AppContext } from './context';
import { healthRouter } from './health/health.routes';
import { HSTS, isSecure, requestLogger, securityHeaders, type TrustProxy } from './lib/edge';
import { apiNotFound, errorMiddleware } from './lib/error-middleware';
import { notFound, serviceUnavailable } from './lib/errors';
import { isMediaName } from './storage/media-storage';
import { readerPages } from './reader/render';
import { searchPageLimit } from './articles/search.routes';
import { speculationRules } from './reader/speculation';
import { viewLane } from './views/view-lane';
import { apiRouter } from './routes';
import { newsletterForms } from './newsletters/newsletter-forms';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { seoRouter } from './seo/seo.routes';
import { siteOrFallback } from './settings/settings.service';
import { canonicalPaths } from './seo/canonical-paths';

/**
 * What `http.createServer` is given: the view lane (a burst of views, on the bare request), then the response
 * cache's front door (a stored public read, on the bare request), then the app for everything else.
 */
export function createServerListener(ctx: AppContext, app: Express = createApp(ctx)): RequestListener {
  const trust = app.get('trust proxy fn') as TrustProxy;
  return viewLane(ctx, trust)(ctx.cache.frontDoor(app, { isSecure: (req) => isSecure(req, trust) }));
}

/** The media name a GET or HEAD of /uploads/<name> asks for; undefined for anything else. */
function requestedMedia(req: Request): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  try {
    const name = decodeURIComponent(req.path.slice(1));
    return isMediaName(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** GET /uploads/<name> for a file this replica does not have yet: fetched from the bucket, then sent as a local file. */
function fromBucket(ctx: AppContext, options: Parameters<Response['sendFile']>[1]): RequestHandler {
  return async (req, res, next) => {
    const name = requestedMedia(req);
    if (!name) return next(notFound());
    let file: string | undefined;
    try {
      file = await ctx.storage.fetch(name);
    } catch (err) {
      ctx.logger.error({ err, name }, 'could not fetch a media object from the bucket');
      return next(serviceUnavailable('Media storage is not reachable, please retry shortly'));
    }
    if (!file) return next(notFound());
    res.sendFile(file, options, (err) => err && next(err));
  };
}

/**
 * With S3_PUBLIC_URL, media are fetched from the bucket's public address or its CDN: /uploads/<name> (the URL
 * stored in articles, stable whatever the setting) answers a redirect there, cached for a day by browsers.
 */
function toPublicUrl(publicUrl: string, prefix: string): RequestHandler {
  return (req, res, next) => {
    const name = requestedMedia(req);
    if (!name) return next(notFound());
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(302, `${publicUrl}/${prefix}${name}`);
  };
}

export function createApp(ctx: AppContext): Express {
  const { config, logger } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.set('query parser', 'simple');
  app.locals.responseCache = ctx.cache;
  app.locals.checkResponses = config.checkResponses;

  // First of all: an anonymous read the cache holds is answered before anything else runs.
  app.use(ctx.cache.middleware);

  app.use(securityHeaders(config));
  app.use((req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  });
  // An event stream is never compressed: the compressor would hold its events until a buffer fills.
  const streaming = (res: ServerResponse) => String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
  app.use(compression({ filter: (req, res) => !isFillingCache(req) && !streaming(res) && compression.filter(req, res) }));
  app.use(requestLogger(logger));

  app.use(healthRouter(ctx));
  // A staging site (the settings' `noindex`) says so on every page, feed, sitemap and share page it answers: crawlers may
  // fetch them and learn to leave them out (docs/decisions/056-site-settings.md). Stored with the answer; a save of the
  // settings purges every answer. The built assets and uploaded files are no pages: they never wait for the settings
  // (a stalled database would hold every script and image).
  app.use(async (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !NOT_PAGES.test(req.path)) {
      const { noindex } = await siteOrFallback(ctx.db, ctx.cache, logger);
      if (noindex) res.setHeader('X-Robots-Tag', 'noindex');
    }
    next();
  });
  // One address per page, feed and sitemap: `/index.html` and trailing slashes answer 301 to it.
  app.use(canonicalPaths(config.publicUrl));
  // Feeds, sitemaps and robots.txt: answered here, ahead of the static files and the reader app's fallback.
  app.use(seoRouter(ctx));
  // The rules file, and its name on every HTML answer below (Speculation-Rules header).
  app.use(speculationRules());
  // The API's routes are declared first: the reader's pages read them in process (reader/internal-api.ts).
  const api = apiRouter(ctx);
  const built = !config.viteDev && existsSync(path.join(config.clientDist, 'index.html'));
  const reader = config.viteDev || built ? readerPages(ctx) : undefined;
  // A page's head for the browser that moved there by itself: the reader's, though under /api (shared/page-head.ts).
  if (reader) app.get(PAGE_HEAD_PATH, searchPageLimit(ctx), reader.head);
  app.use('/api', express.json({ limit: '1mb' }), api, apiNotFound());
  // The reader's newsletter forms, posted without JavaScript, and the confirmation link (docs/decisions/069-newsletters.md).
  app.use(newsletterForms(ctx));

  // Every stored name is new (random, never reused), variants included: a year, like the hashed assets.
  const uploads = {
    index: false,
    dotfiles: 'deny',
    maxAge: '1y',
    immutable: true,
    setHeaders: (res: ServerResponse) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  } as const;
  // With a bucket, a file this replica lacks is fetched from it (storage/media-storage.ts), then served alike.
  if (config.s3?.publicUrl) app.use('/uploads', toPublicUrl(config.s3.publicUrl, config.s3.prefix));
  app.use('/uploads', express.static(config.uploadDir, { ...uploads, fallthrough: ctx.storage.kind === 's3' }));
  if (ctx.storage.kind === 's3') app.use('/uploads', fromBucket(ctx, uploads));

  if (config.viteDev && reader) {
    if (reader.assets) app.use(reader.assets);
    app.get(READER_PATHS, searchPageLimit(ctx), reader.pages);
  } else if (built && reader) {
    // Source maps carry the full client sources, the dashboard's included: not for the public.
    if (config.env === 'production') app.use('/assets', refuseSourceMaps);
    app.use(
      '/assets',
      express.static(path.join(config.clientDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    app.use(clientFiles(config.clientDist));
    app.get(READER_PATHS, searchPageLimit(ctx), reader.pages);
  }

  app.use(errorMiddleware(logger));
  return app;
}

/** Paths that answer files, never a page, feed or share page: no X-Robots-Tag from the settings. */
const NOT_PAGES = /^\/(assets|uploads)(\/|$)/;
/** Every path but the API's and the uploads': the reader's pages, the dashboard and the auth screens. */
const READER_PATHS = /^(?!\/(api|uploads)(\/|$)).*/;

/**
 * The built client's files beside `assets/` (favicon, logos, the default share image): served as files, and looked
 * up only for their own names, so that a reader page's path (an uncached render) costs no file-system look-up.
 */
function clientFiles(dir: string): RequestHandler {
  const names = new Set(readdirSync(dir).filter((name) => name !== 'assets'));
  const serve = express.static(dir, { index: false, maxAge: '1h' });
  return (req, res, next) => (names.has(firstSegment(req.path)) ? serve(req, res, next) : next());
}

/** The path's first segment, unescaped as express.static reads it (`/favicon%2Esvg` is the favicon); '' if it cannot be. */
function firstSegment(path: string): string {
  try {
    return decodeURIComponent(path.split('/', 2)[1]!);
  } catch {
    return '';
  }
}

const refuseSourceMaps: RequestHandler = (req, _res, next) => next(req.path.endsWith('.map') ? notFound() : undefined);

import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { isFillingCache } from './cache/response-cache';
import type { AppContext } from './context';
import { healthRouter } from './health/health.routes';
import { apiNotFound, errorMiddleware } from './lib/error-middleware';
import { notFound } from './lib/errors';
import { readerPages } from './reader/render';
import { speculationRules } from './reader/speculation';
import { apiRouter } from './routes';
import { seoRouter } from './seo/seo.routes';

/** Video hosts whose players may be embedded in article bodies (kept in step with the HTML sanitiser). */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

const HSTS = 'max-age=31536000; includeSubDomains';

export function createApp(ctx: AppContext): Express {
  const { config, logger } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.set('query parser', 'simple');
  app.locals.responseCache = ctx.cache;

  // First of all: an anonymous read the cache holds is answered before anything else runs.
  app.use(ctx.cache.middleware);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // `npm run dev` only: Vite's hot reload needs its inline preamble and its WebSocket.
          scriptSrc: config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:'],
          frameSrc: EMBED_FRAME_HOSTS,
          connectSrc: config.viteDev ? ["'self'", 'ws:'] : ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Over plain HTTP the header is meaningless and, sent from a site later moved behind TLS on
      // another port or host, misleading: it is set below only for requests that arrived over HTTPS.
      strictTransportSecurity: false,
    }),
  );
  app.use((req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  });
  app.use(compression({ filter: (req, res) => !isFillingCache(req) && compression.filter(req, res) }));
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(healthRouter(ctx));
  // Feeds, sitemaps and robots.txt: answered here, ahead of the static files and the reader app's fallback.
  app.use(seoRouter(ctx));
  // The rules file, and its name on every HTML answer below (Speculation-Rules header).
  app.use(speculationRules());
  app.use('/api', express.json({ limit: '1mb' }), apiRouter(ctx), apiNotFound());

  app.use(
    '/uploads',
    express.static(config.uploadDir, {
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
      // Every stored name is new (random, never reused), variants included: a year, like the hashed assets.
      maxAge: '1y',
      immutable: true,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );

  if (config.viteDev) {
    const reader = readerPages(ctx);
    if (reader.assets) app.use(reader.assets);
    app.get(READER_PATHS, reader.pages);
  } else if (existsSync(path.join(config.clientDist, 'index.html'))) {
    // Source maps carry the full client sources, the dashboard's included: not for the public.
    if (config.env === 'production') app.use('/assets', refuseSourceMaps);
    app.use(
      '/assets',
      express.static(path.join(config.clientDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    app.use(express.static(config.clientDist, { index: false, maxAge: '1h' }));
    app.get(READER_PATHS, readerPages(ctx).pages);
  }

  app.use(errorMiddleware(logger));
  return app;
}

/** Every path but the API's and the uploads': the reader's pages, the dashboard and the auth screens. */
const READER_PATHS = /^(?!\/(api|uploads)(\/|$)).*/;

const refuseSourceMaps: RequestHandler = (req, _res, next) => next(req.path.endsWith('.map') ? notFound() : undefined);

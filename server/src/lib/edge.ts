import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { loggableUrl } from './logger';
import type { Config } from '../config';
import type { Logger } from './logger';

/**
 * What every answer passes through on its way out, whichever way it was made: by the Express app, or by the
 * view lane on the bare Node request (views/view-lane.ts). One definition, so the two cannot drift apart.
 */
type Edge = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Video hosts whose players may be embedded in article bodies (kept in step with the HTML sanitiser). */
export const EMBED_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet's headers: the content security policy and the rest. HSTS is set per request, over HTTPS only. */
export function securityHeaders(config: Pick<Config, 'viteDev' | 's3'>): Edge {
  // Media fetched from the bucket's public address or its CDN (S3_PUBLIC_URL): images and videos may come from there.
  const mediaOrigin = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // `npm run dev` only: Vite's hot reload needs its inline preamble and its WebSocket.
        scriptSrc: config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigin],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigin],
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
    // another port or host, misleading: it is set for requests that arrived over HTTPS only.
    strictTransportSecurity: false,
  });
}

/** One line per request (probes excepted), at a level that says how it went. */
export function requestLogger(logger: Logger): Edge {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: loggableUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`), as proxy-addr takes it. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** `req.secure` as Express 5 decides it: TLS here, unless a trusted proxy's `X-Forwarded-Proto` says otherwise. */
export function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own === 'https';
  const header = String(req.headers['x-forwarded-proto'] ?? '') || own;
  return header.split(',')[0]!.trim() === 'https';
}

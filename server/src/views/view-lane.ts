import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { logViewInputSchema } from '#shared/schemas/views';
import type { AppContext } from '../context';
import { networkOf } from '../lib/client-network';
import { HSTS, isSecure, requestLogger, securityHeaders, type TrustProxy } from '../lib/edge';
import { envelope, toHttpError } from '../lib/error-middleware';
import { notFound } from '../lib/errors';
import { idParam } from '../lib/route';
import { parse } from '../lib/validate';
import type { BeaconClient } from '../reports/reading';
import { pendingView, viewToken } from './views.service';

const PATH = /^\/api\/view\/article\/([^/?#]+)$/;
/** The reading beacon (docs/decisions/068-reports.md), which every reader's page sends as it is hidden. */
export const READ_PATH = '/api/view/read';
/** The body express.json takes, in the form every reader's page sends it; any other goes the long way. */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
/** A view's body is about 150 bytes; larger ones go the long way (where the limit is 1 MB). */
const MAX_BODY_BYTES = 8 * 1024;
const ARTICLE_NOT_FOUND = 'Article not found';

/**
 * The view lane (docs/decisions/029): an anonymous `POST /api/view/article/:id` with a small JSON body, the one
 * public write that comes in bursts, is answered on the bare Node request, without Express. It does what the
 * route (views.routes.ts) does, with the same pieces: the same security headers and request log (lib/edge.ts),
 * the same schema, the same client address under `TRUST_PROXY`, the same recorder, the same answers and error
 * envelope. Whatever the lane is not sure of before reading the body (a signed-in viewer, another path
 * spelling, an id that is not one, another content type or encoding, a body of unknown or large size) goes
 * to the app, which answers it the long way.
 */
export function viewLane({ config, logger, jwtSecret, viewRecorder, readRecorder }: AppContext, trust: TrustProxy) {
  const secure = securityHeaders(config);
  const log = requestLogger(logger);

  function answer(res: ServerResponse, status: number, body: unknown) {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(json),
      // As compression would have said it: the answer does not depend on Accept-Encoding only because it is small.
      Vary: 'Accept-Encoding',
    });
    res.end(json);
  }

  function fail(req: IncomingMessage, res: ServerResponse, err: unknown) {
    const httpError = toHttpError(err, logger, { method: req.method ?? 'POST', url: req.url ?? '' });
    for (const [name, value] of Object.entries(httpError.headers ?? {})) res.setHeader(name, value);
    answer(res, httpError.status, envelope(httpError));
  }

  async function record(req: IncomingMessage, res: ServerResponse, articleId: string, text: string) {
    try {
      const input = parse(logViewInputSchema, parseJson(text));
      const view = pendingView(articleId, networkOf(proxyaddr(req, trust)), null, input, jwtSecret);
      const outcome = await viewRecorder.record(view);
      if (outcome.kind === 'unpublished') throw notFound(ARTICLE_NOT_FOUND);
      // The shapes of docs/decisions/015, as the route answers them.
      if (outcome.kind === 'repeat')
        answer(res, 200, { success: true, counted: false, id: null, token: null, totalViews: outcome.totalViews });
      else
        answer(res, 201, {
          success: true,
          counted: true,
          id: view.id,
          token: viewToken(jwtSecret, view.id),
          totalViews: outcome.totalViews,
        });
    } catch (err) {
      fail(req, res, err);
    }
  }

  async function read(req: IncomingMessage, res: ServerResponse, text: string) {
    try {
      await readRecorder.ingest(beaconClient(req, networkOf(proxyaddr(req, trust))), parseJson(text));
      res.writeHead(204).end();
    } catch (err) {
      fail(req, res, err);
    }
  }

  return (app: RequestListener): RequestListener =>
    (req, res) => {
      const taken = takes(req);
      if (taken === undefined) return void app(req, res);
      secure(req, res, () => {
        if (isSecure(req, trust)) res.setHeader('Strict-Transport-Security', HSTS);
        log(req, res, () => {
          const chunks: Buffer[] = [];
          req.on('data', (chunk: Buffer) => chunks.push(chunk));
          req.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            void (taken === READ_PATH ? read(req, res, text) : record(req, res, taken, text));
          });
        });
      });
    };
}

/** What a beacon's request says of its client (reports/reading.ts reads it and keeps none of it). */
export function beaconClient(req: IncomingMessage, network: string): BeaconClient {
  return { network, userAgent: req.headers['user-agent'], optedOut: req.headers.dnt === '1' || req.headers['sec-gpc'] === '1' };
}

/**
 * What the lane answers, from the request's headers alone: a view (its article id) or a reading beacon (READ_PATH);
 * otherwise undefined.
 */
function takes(req: IncomingMessage): string | undefined {
  if (req.method !== 'POST') return undefined;
  const url = req.url ?? '';
  const match = url === READ_PATH ? undefined : PATH.exec(url);
  if (url !== READ_PATH && !match) return undefined;
  const { authorization, 'content-type': type, 'content-length': length, 'content-encoding': encoding } = req.headers;
  if (authorization !== undefined || encoding !== undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  if (!type || !JSON_TYPE.test(type) || !length || !/^\d{1,5}$/.test(length) || Number(length) > MAX_BODY_BYTES) return undefined;
  if (!match) return READ_PATH;
  // An id that does not parse names nothing: the route's 404. One that does is the route's: lower-cased.
  const id = idParam.safeParse(match[1]);
  return id.success ? id.data : undefined;
}

/** As express.json (strict) reads a body: empty is {}, anything but an object or array is not JSON. */
function parseJson(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  if (body.length === 0) return {};
  const first = /\S/.exec(body)?.[0];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('not an object or an array');
    return JSON.parse(body);
  } catch {
    // body-parser's error, so that the envelope is the one express.json's failure gets.
    throw Object.assign(new Error('The request body is not valid JSON'), { type: 'entity.parse.failed', status: 400 });
  }
}

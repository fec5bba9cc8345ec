import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { loggableUrl, type Logger } from './logger';
import { HttpError, notFound, serviceUnavailable } from './errors';
import { zodDetails } from './validate';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  // 57014: a statement cancelled by statement_timeout (db/client.ts): the database is too slow to answer now.
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'P1001',
  'P1002',
  'P1017',
  // P2028: an interactive transaction could not get a connection or finish within its time (db/client.ts).
  'P2028',
]);

/**
 * True when an error (or one of its causes) says the database cannot answer now. Prisma nests the
 * driver's error under `cause` or under `meta.driverAdapterError`, depending on the call.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someCause(err, (rec) => {
    if (typeof rec.code === 'string' && DB_DOWN_CODES.has(rec.code)) return true;
    if (typeof rec.originalCode === 'string' && DB_DOWN_CODES.has(rec.originalCode)) return true;
    if (rec.kind === 'DatabaseNotReachable' || rec.kind === 'SocketTimeout') return true;
    return (
      typeof rec.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|Can't reach database/i.test(
        rec.message,
      )
    );
  });
}

/**
 * A transaction PostgreSQL rolled back because it crossed another at the same moment: a deadlock's victim (40P01) or a
 * serialization failure (40001; Prisma's P2034). Nothing was written, and the same request sent again passes.
 */
const CROSSED_CODES = new Set(['40P01', '40001', 'P2034']);
export const isCrossedTransaction = (err: unknown): boolean =>
  someCause(
    err,
    (rec) =>
      (typeof rec.code === 'string' && CROSSED_CODES.has(rec.code)) ||
      (typeof rec.originalCode === 'string' && CROSSED_CODES.has(rec.originalCode)),
  );

type ErrorRecord = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown; meta?: unknown };

/** Does the error, or one of its causes, match? Prisma nests the driver's error under `cause` or `meta.driverAdapterError`. */
function someCause(err: unknown, matches: (rec: ErrorRecord) => boolean): boolean {
  const pending: unknown[] = [err];
  for (let seen = 0; pending.length && seen < 12; seen++) {
    const e = pending.shift();
    if (!e || typeof e !== 'object') continue;
    const rec = e as ErrorRecord;
    if (matches(rec)) return true;
    pending.push(rec.cause, (rec.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  return false;
}

/** The Prisma error code (`P2002` unique violation, `P2003` foreign key, `P2025` no record), if any. */
export function prismaCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^P\d{4}$/.test(code) ? code : undefined;
}

export function apiNotFound(): RequestHandler {
  return (req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`));
}

/** The one place that turns errors into the envelope `{ error, message, details? }` of docs/spec/CONTRACT.md §2. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const httpError = toHttpError(err, logger, { method: req.method, url: loggableUrl(req.originalUrl) });
    if (httpError.headers) res.set(httpError.headers);
    res.status(httpError.status).json(envelope(httpError));
  };
}

/** What a client is told about an error, whoever caught it (the error middleware, the view lane). */
export function toHttpError(err: unknown, logger: Logger, request: { method: string; url: string }): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return new HttpError(400, 'Validation failed', 'Validation failed', zodDetails(err));
  if (isBodyParserError(err)) return bodyParserError(err);
  if (isDecompressionError(err)) return new HttpError(400, 'Bad Request', 'The request body could not be decompressed');
  if (isClientHttpError(err)) return new HttpError(err.status, statusLabel(err.status), err.status === 404 ? 'Not found' : err.message);
  if (isDatabaseUnavailable(err)) {
    logger.warn({ err }, 'database unavailable');
    const { status, error, message } = serviceUnavailable();
    return new HttpError(status, error, message, undefined, { 'Retry-After': '5' });
  }
  if (isCrossedTransaction(err)) {
    logger.warn({ err, ...request }, 'transaction rolled back by a concurrent one');
    return new HttpError(
      503,
      'Service Unavailable',
      'Another change crossed this one at the same moment: nothing was saved, try again.',
      undefined,
      {
        'Retry-After': '1',
      },
    );
  }
  if (prismaCode(err) === 'P2025') return notFound();
  if (prismaCode(err) === 'P2002') return new HttpError(409, 'Conflict', 'A record with this value already exists');
  if (prismaCode(err) === 'P2003') return new HttpError(409, 'Conflict', 'This record is referenced by other records');
  logger.error({ err, ...request }, 'unhandled error');
  return new HttpError(500, 'Internal Server Error', 'Something went wrong on our side');
}

export const envelope = ({ error, message, details }: HttpError) => ({ error, message, ...(details ? { details } : {}) });

/** The envelope's `error` names the status (a 403 from the static files is "Forbidden", not "Bad Request"). */
const statusLabel = (status: number) => STATUS_CODES[status] ?? 'Bad Request';

interface BodyParserError {
  type: string;
  status?: number;
  limit?: number;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { type?: unknown }).type === 'string' &&
    typeof (err as { status?: unknown }).status === 'number'
  );
}

/**
 * A gzip, deflate or brotli body that does not decompress: zlib's own words (`incorrect header check`)
 * describe our internals, not the client's mistake. zlib codes are Z_*, brotli's ERR__ERROR_*.
 */
function isDecompressionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code);
}

/** http-errors style errors from Express internals (static files, query parsing) with a 4xx status. */
function isClientHttpError(err: unknown): err is { status: number; message: string } {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function bodyParserError(err: BodyParserError): HttpError {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'Bad Request', 'The request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError(413, 'Payload Too Large', 'The request body is too large (at most 1 MB)');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported Media Type', 'Unsupported body encoding');
    default: {
      const status = err.status && err.status < 500 ? err.status : 400;
      return new HttpError(status, statusLabel(status), 'The request body could not be read');
    }
  }
}

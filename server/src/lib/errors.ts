/** Typed errors; the error middleware turns them into the envelope of docs/spec/CONTRACT.md §2. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: string[]) => new HttpError(400, 'Bad Request', message, details);
export const validationFailed = (details: string[]) => new HttpError(400, 'Validation failed', details[0] ?? 'Validation failed', details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, 'Unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, 'Forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'Not Found', message);
export const conflict = (message: string) => new HttpError(409, 'Conflict', message);
export const payloadTooLarge = (message: string) => new HttpError(413, 'Payload Too Large', message);
export const unsupportedMediaType = (message: string) => new HttpError(415, 'Unsupported Media Type', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'Too Many Requests', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message = 'The service is temporarily unavailable, please retry shortly', retryAfterSeconds?: number) =>
  new HttpError(
    503,
    'Service Unavailable',
    message,
    undefined,
    retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
  );

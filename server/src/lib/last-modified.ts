import type { Response } from 'express';

/**
 * Sets Last-Modified from the newest change of what the answer shows (never a time after now: RFC 9110 §8.8.2.1).
 * The response cache answers If-Modified-Since with it (cache/response-cache.ts), If-None-Match first.
 */
export function setLastModified(res: Response, newest: Date | null): void {
  if (newest) res.set('Last-Modified', new Date(Math.min(newest.getTime(), Date.now())).toUTCString());
}

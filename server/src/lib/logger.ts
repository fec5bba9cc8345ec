import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash'], remove: true },
  });
}

/**
 * An address as the log may keep it: the value of every `token` parameter hidden (a newsletter link's token opens its
 * subscriber's preferences: docs/decisions/069-newsletters.md), also where the address is itself escaped in a query
 * (`/api/page-head?path=%2Fnewsletters%2Fpreferences%3Ftoken%3D…`).
 */
export const loggableUrl = (url: string) => url.replace(/(token(?:=|%3D))[^&]*/gi, '$1[hidden]');

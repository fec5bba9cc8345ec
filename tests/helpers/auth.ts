import type { RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import { codeFrom, startSmtpCatcher, type CaughtMail } from './smtp-catcher';
import request from 'supertest';
import { expect } from 'vitest';

/**
 * Support for the auth API tests (never loaded by the app). startMailbox: a real SMTP server on loopback
 * (helpers/smtp-catcher.ts), in the test's own process, keeping every message it receives; the app sends to
 * it through SMTP_URL.
 */
export interface ReceivedMail extends CaughtMail {
  /** The raw message with quoted-printable soft line breaks and `=XX` escapes undone (good enough to search). */
  body: string;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface Mailbox {
  smtpUrl: string;
  mails: ReceivedMail[];
  /** Mails received so far for `to`. */
  to(address: string): ReceivedMail[];
  /** Waits for the `n`-th (1-based) mail to `address`. */
  waitFor(address: string, n?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `listenOn`: the port to listen on (a free port when 0), say where the app's mail server was down. */
export async function startMailbox(listenOn = 0): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const { port, close } = await startSmtpCatcher((mail) => mails.push({ ...mail, body: decodeQuotedPrintable(mail.raw) }), listenOn);
  const to = (addr: string) => mails.filter((m) => m.to.includes(addr.toLowerCase()));
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(addr, n = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = to(addr)[n - 1];
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`mail #${n} to ${addr} did not arrive within ${timeoutMs} ms`);
    },
    close,
  };
}

export { codeFrom };

/** A code that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** No password hash, code hash or bcrypt string may leave the server (docs/spec/CONTRACT.md §5). */
export function leaksSecrets(body: unknown): boolean {
  return /passwordHash|codeHash|\$2[aby]\$\d\d\$/.test(JSON.stringify(body ?? null));
}

export const uniqueEmail = (prefix = 'reader') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

/** POST to /api/auth{path}: every answer is checked to carry no hash and no 5xx before the test sees it. */
export function authPoster(app: RequestListener) {
  return async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await request(app)
      .post(`/api/auth${path}`)
      .set(headers)
      .send(body as object);
    expect(leaksSecrets(res.body), `${path} answered ${JSON.stringify(res.body)}`).toBe(false);
    expect(res.status).toBeLessThan(500);
    return res;
  };
}

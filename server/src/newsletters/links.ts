import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../lib/errors';

/**
 * The signed links of newsletter e-mails (docs/decisions/069-newsletters.md): a confirmation link carries the request it
 * confirms (the address and the newsletters, until it expires), sealed (AES-256-GCM) so that no log or proxy that
 * sees the link reads the address, and nothing is stored for an address that never confirms; a preferences link names
 * a subscriber (its payload in base64url and an HMAC-SHA256 of it) and never expires, so the link of an old issue
 * still unsubscribes. Both keys are derived from the JWT secret.
 */

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'chronicle newsletter links', 32));
const sealKeyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'chronicle newsletter confirmations', 32));

function seal(secret: string, payload: object): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKeyOf(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('~');
}

function unseal(secret: string, token: string): unknown {
  const [iv, tag, data, extra] = token.split('~').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || iv.length !== 12 || !tag || tag.length !== 16 || !data || extra) throw badRequest(LINK_FAILURE);
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKeyOf(secret), iv, { authTagLength: 16 });
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8'));
  } catch {
    throw badRequest(LINK_FAILURE);
  }
}

const confirmSchema = z.object({ p: z.literal('confirm'), e: z.string(), n: z.array(z.string()).max(50), x: z.number() });
const preferencesSchema = z.object({ p: z.literal('prefs'), s: z.string() });

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;

export const LINK_FAILURE = 'This link is not valid (it may have been cut short in the e-mail). Please subscribe again.';
export const CONFIRM_EXPIRED = 'This confirmation link has expired. Please subscribe again.';

function sign(secret: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

function open(secret: string, token: string): unknown {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw badRequest(LINK_FAILURE);
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(LINK_FAILURE);
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(LINK_FAILURE);
  }
}

export interface ConfirmRequest {
  email: string;
  newsletterIds: string[];
}

export const confirmToken = (secret: string, { email, newsletterIds }: ConfirmRequest, now = Date.now()): string =>
  seal(secret, { p: 'confirm', e: email, n: newsletterIds, x: now + CONFIRM_TTL_MS });

export function openConfirmToken(secret: string, token: string, now = Date.now()): ConfirmRequest {
  const parsed = confirmSchema.safeParse(unseal(secret, token));
  if (!parsed.success) throw badRequest(LINK_FAILURE);
  if (parsed.data.x <= now) throw badRequest(CONFIRM_EXPIRED);
  return { email: parsed.data.e, newsletterIds: parsed.data.n };
}

export const preferencesToken = (secret: string, subscriberId: string): string => sign(secret, { p: 'prefs', s: subscriberId });

export function openPreferencesToken(secret: string, token: string): string {
  const parsed = preferencesSchema.safeParse(open(secret, token));
  if (!parsed.success) throw badRequest(LINK_FAILURE);
  return parsed.data.s;
}

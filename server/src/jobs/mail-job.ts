import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Mail, Mailer } from '../lib/mailer';
import { addJob } from './job-queue';

/**
 * E-mail as a job: the mail is queued in the transaction that stores its code, and sent by a worker, which
 * retries while the mail server is down, so an outage delays a code and never loses it. A code is useful
 * only while it is valid: a mail still unsent when its code expires is dropped. The mail travels sealed
 * (AES-256-GCM, a key derived from the JWT secret), so the queue's rows never hold a code in clear.
 */

const sealKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'chronicle mail jobs', 32));

const mailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });

/** Sealed mails are padded to a multiple of this, so their size does not tell a mail from none (a sealed null). */
const SEALED_BLOCK = 8192;

export function sealMail(secret: string, mail: Mail | null): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const json = Buffer.from(JSON.stringify(mail), 'utf8');
  // Trailing spaces, which JSON.parse ignores, up to the next whole block.
  const padded = Buffer.concat([json, Buffer.alloc(SEALED_BLOCK - (json.length % SEALED_BLOCK), ' ')]);
  const data = Buffer.concat([cipher.update(padded), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The mail inside, or an error when it was sealed with another secret or changed. */
export function openMail(secret: string, sealed: string): Mail | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('not a sealed mail');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), iv, { authTagLength: 16 });
  decipher.setAuthTag(tag);
  const json = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  return mailSchema.nullable().parse(JSON.parse(json));
}

const payloadSchema = z.object({ sealed: z.string(), expiresAt: z.iso.datetime() });

export interface QueuedMail {
  /** Null: a job that sends nothing, so that the work (and the queue) looks the same whether there is a mail or not. */
  mail: Mail | null;
  /** When the mail stops being worth sending: its code's expiry. */
  expiresAt: Date;
  /** A later mail of the same key replaces one still waiting (a new code makes the old one useless). */
  key: string;
}

/** A mail job's key: one per flow and address, without the address in clear (an HMAC of it). */
export function mailKey(secret: string, purpose: string, email: string): string {
  return `mail:${purpose}:${createHmac('sha256', secret).update(`mail-key:${email}`).digest('hex')}`;
}

export async function queueMail(db: Db | Tx, secret: string, { mail, expiresAt, key }: QueuedMail): Promise<void> {
  await addJob(db, 'send-mail', { sealed: sealMail(secret, mail), expiresAt: expiresAt.toISOString() }, { key, maxAttempts: 25 });
}

export function sendMailTask({ mailer, logger, jwtSecret }: { mailer: Mailer; logger: Logger; jwtSecret: string }): Task {
  return async (payload, helpers) => {
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return void logger.error({ jobId: helpers.job.id }, 'a send-mail job with a malformed payload was dropped');
    let mail: Mail | null;
    try {
      mail = openMail(jwtSecret, parsed.data.sealed);
    } catch {
      // Retrying cannot help: another secret sealed it (a replica with a different JWT_SECRET).
      return void logger.error(
        { jobId: helpers.job.id },
        'a queued mail could not be opened (sealed with another JWT_SECRET?) and was dropped',
      );
    }
    if (!mail) return;
    if (Date.parse(parsed.data.expiresAt) <= Date.now()) {
      return void logger.warn(
        { jobId: helpers.job.id, to: mail.to },
        'a queued mail was dropped: its code expired before the mail server took it',
      );
    }
    try {
      // A stop that cannot wait for the mail server any longer fails the attempt: the job is retried, here or elsewhere.
      await Promise.race([mailer.send(mail), helpers.abortPromise]);
    } catch (err) {
      const { attempts, max_attempts: max } = helpers.job;
      logger.warn(
        { err, to: mail.to, attempt: attempts, of: max },
        `mail to ${mail.to} not sent (attempt ${attempts} of ${max}); it will be retried`,
      );
      // The queue keeps the error's message: the mail server's own words may name the address, so it gets only their code.
      throw new Error(`the mail server could not take the mail (${String((err as { code?: unknown }).code ?? 'error')})`, { cause: err });
    }
  };
}

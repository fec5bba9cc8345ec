import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Mail, Mailer } from '../lib/mailer';
import { addJob, runAgain } from './job-queue.service';

/**
 * E-mail as a job: the mail is queued in the transaction that stores its code, and sent by a worker, which
 * retries while the mail server is down, so an outage delays a code and never loses it. A code is useful
 * only while it is valid: a mail still unsent when its code expires is dropped. The mail travels sealed
 * (AES-256-GCM, a key derived from the JWT secret), so the queue's rows never hold a code in clear.
 *
 * Retries come every 30 s at most (MAIL_RETRY), not at graphile-worker's exponential back-off, whose tries
 * after a few minutes' outage come after the code's 10 minutes (issue 22, item 9): a failed send queues the
 * mail again itself (runAgain) and its job ends.
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

const payloadSchema = z.object({
  sealed: z.string(),
  expiresAt: z.iso.datetime(),
  /** Failed sends so far, and the mail server's error code for the last one (never its words). */
  failures: z.int().min(0).default(0),
  lastError: z.string().optional(),
});

/** The delay after a failed send: `firstMs`, doubling with each failure up to `capMs`, each with jitter. */
export interface MailRetry {
  firstMs: number;
  capMs: number;
}

/** About 2 s, 4 s, 8 s, 16 s, then 15 to 30 s: a code mail arrives within 30 s of the mail server's return. */
export const MAIL_RETRY: MailRetry = { firstMs: 2_000, capMs: 30_000 };

/**
 * Between half and all of the step (full steps would bring every mail of an outage back at the same moment),
 * never more than `capMs`.
 */
export function mailRetryDelay({ firstMs, capMs }: MailRetry, failures: number, random = Math.random): number {
  const step = Math.min(capMs, firstMs * 2 ** Math.min(Math.max(failures - 1, 0), 20));
  return Math.max(1, Math.round(step * (0.5 + random() / 2)));
}

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

export interface MailTaskContext {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  jwtSecret: string;
  /** The delays between tries (MAIL_RETRY unless a test chooses shorter ones). */
  retry?: MailRetry;
}

export function sendMailTask({ db, mailer, logger, jwtSecret, retry = MAIL_RETRY }: MailTaskContext): Task {
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
    const expiresAt = Date.parse(parsed.data.expiresAt);
    if (expiresAt <= Date.now()) {
      return void logger.warn(
        { jobId: helpers.job.id, to: mail.to },
        'a queued mail was dropped: its code expired before the mail server took it',
      );
    }
    try {
      await Promise.race([mailer.send(mail), helpers.abortPromise]);
    } catch (err) {
      // The mail server's own words may name the address: the queue keeps only their code.
      const code = String((err as { code?: unknown }).code ?? 'error');
      // A stop that cannot wait for the mail server any longer fails the attempt: the job is retried, here or elsewhere.
      if (helpers.abortSignal.aborted) throw new Error(`the mail was not sent before the worker stopped (${code})`, { cause: err });
      const failures = parsed.data.failures + 1;
      const delay = mailRetryDelay(retry, failures);
      if (Date.now() + delay >= expiresAt) {
        return void logger.warn(
          { err, jobId: helpers.job.id, to: mail.to, failures },
          `mail to ${mail.to} not sent (failure ${failures}) and dropped: its code expires before another try`,
        );
      }
      const next = { ...parsed.data, failures, lastError: code };
      // Not added when a newer mail for the address took the key meanwhile: that one is the mail to send.
      const again = await runAgain(db, helpers.job, 'send-mail', next, delay);
      logger.warn(
        { err, jobId: helpers.job.id, to: mail.to, failures, retryInMs: again ? delay : null },
        again
          ? `mail to ${mail.to} not sent (failure ${failures}); it will be tried again in ${Math.ceil(delay / 1000)} s`
          : `mail to ${mail.to} not sent (failure ${failures}); a newer mail to the address replaces it`,
      );
    }
  };
}

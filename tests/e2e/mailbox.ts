import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeFrom, startSmtpCatcher, type CaughtMail } from '../helpers/smtp-catcher';
import { E2E_PORT } from './playwright.config';

/** Where the e2e SMTP server writes each received message (one JSON line each). */
export const MAILBOX_FILE = path.resolve(
  import.meta.dirname,
  E2E_PORT === 3999 ? '../../test-results/e2e-mailbox.jsonl' : `../../test-results/e2e-mailbox-${E2E_PORT}.jsonl`,
);

export interface ReceivedMail extends CaughtMail {
  at: number;
}

/** A real SMTP server on loopback (helpers/smtp-catcher.ts) that keeps what it receives in MAILBOX_FILE. */
export async function startMailbox(): Promise<{ port: number; close: () => Promise<void> }> {
  writeFileSync(MAILBOX_FILE, '');
  return startSmtpCatcher((mail) => appendFileSync(MAILBOX_FILE, `${JSON.stringify({ ...mail, at: Date.now() })}\n`));
}

/** The newest mail to `to` received after `since` (and that `matches`), waiting up to `timeoutMs`. */
export async function waitForMail(
  to: string,
  since = 0,
  timeoutMs = 15_000,
  matches: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(MAILBOX_FILE)) {
      const mails = readFileSync(MAILBOX_FILE, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ReceivedMail)
        .filter((m) => m.to.includes(to.toLowerCase()) && m.at >= since && matches(m));
      if (mails.length) return mails[mails.length - 1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

export { codeFrom };

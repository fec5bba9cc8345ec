import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_PORT } from './playwright.config';

/** Where the e2e SMTP server writes each received message (one JSON line each). */
export const MAILBOX_FILE = path.resolve(
  import.meta.dirname,
  E2E_PORT === 3999 ? '../../test-results/e2e-mailbox.jsonl' : `../../test-results/e2e-mailbox-${E2E_PORT}.jsonl`,
);

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
  at: number;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** A real SMTP server on loopback that keeps what it receives in MAILBOX_FILE. */
export async function startMailbox(): Promise<{ port: number; close: () => Promise<void> }> {
  writeFileSync(MAILBOX_FILE, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          raw,
          at: Date.now(),
        };
        appendFileSync(MAILBOX_FILE, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The newest mail to `to` received after `since`, waiting up to `timeoutMs`. */
export async function waitForMail(to: string, since = 0, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(MAILBOX_FILE)) {
      const mails = readFileSync(MAILBOX_FILE, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ReceivedMail)
        .filter((m) => m.to.includes(to.toLowerCase()) && m.at >= since);
      if (mails.length) return mails[mails.length - 1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The six-digit code that CONTRACT.md §5 puts in the subject. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject);
  if (!match) throw new Error(`No code in the subject "${mail.subject}"`);
  return match[1]!;
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A newsletter's own: its From name, Message-ID (the idempotency key of issue and recipient) and List-* headers. */
  fromName?: string;
  messageId?: string;
  headers?: Record<string, string>;
}

export interface SendOptions {
  /** The time (ms since the epoch) by which the message must have started, or it is not sent: MailNotStarted. */
  startBy?: number;
}

export interface Mailer {
  send(mail: Mail, options?: SendOptions): Promise<void>;
  close(): void;
}

/** Connections one process keeps open to the mail server (a newsletter sends on several at once). */
export const SMTP_CONNECTIONS = 4;

/** A message that waited for a connection past its `startBy`: nothing of it reached the mail server. */
export class MailNotStarted extends Error {
  readonly code = 'ENOTSTARTED';
  constructor() {
    super('No connection to the mail server was free in time: the message was not sent');
  }
}

/**
 * At most `size` holders at once; the others wait in turn, each until its deadline at most. The mailer's messages take
 * their connection here rather than in nodemailer's pool, whose queue has no deadline: a newsletter's message that
 * waited there longer than its claim stands could be sent by the run that took over, and then by this one too.
 */
export function slots(size: number) {
  let free = size;
  const waiting: { grant(): void; timer?: NodeJS.Timeout }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (!next) return void free++;
    clearTimeout(next.timer);
    next.grant();
  };
  return {
    /** Resolves with its release once a slot is free; rejects with MailNotStarted when `deadline` comes first. */
    take(deadline?: number): Promise<() => void> {
      if (free > 0) {
        free--;
        return Promise.resolve(release);
      }
      return new Promise((resolve, reject) => {
        const waiter: (typeof waiting)[number] = { grant: () => resolve(release) };
        if (deadline !== undefined)
          waiter.timer = setTimeout(
            () => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(new MailNotStarted());
            },
            Math.max(0, deadline - Date.now()),
          );
        waiting.push(waiter);
      });
    },
  };
}

/** Sends through SMTP_URL; without it every mail, code included, goes to the server log. */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          `mail to ${mail.to}: ${mail.subject} (SMTP_URL is not set, so it was logged instead of sent)`,
        );
      },
      close() {},
    };
  }
  // A mail server that stops answering fails the send in seconds (nodemailer waits minutes by default): the job is retried.
  // Pooled: a newsletter's messages reuse open connections (a new one costs about 100 ms of handshakes each, even on
  // loopback: docs/decisions/069-newsletters.md); a connection that fails is replaced at the next message.
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    // Closed when a second passes without a message: nothing stays open between a code's mail and the next.
    idleTimeout: 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const connections = slots(SMTP_CONNECTIONS);
  return {
    async send({ fromName, ...mail }, { startBy } = {}) {
      const release = await connections.take(startBy);
      try {
        await transport.sendMail({ from: fromName ? withName(from, fromName) : from, ...mail });
      } finally {
        release();
      }
    },
    close() {
      transport.close();
    },
  };
}

/** MAIL_FROM's address under another display name: `Name <address>`. */
export function withName(from: string, name: string): { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name, address };
}

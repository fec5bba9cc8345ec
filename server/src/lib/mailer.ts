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

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Connections one process keeps open to the mail server (a newsletter sends on several at once). */
export const SMTP_CONNECTIONS = 4;

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
  return {
    async send({ fromName, ...mail }) {
      await transport.sendMail({ from: fromName ? withName(from, fromName) : from, ...mail });
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

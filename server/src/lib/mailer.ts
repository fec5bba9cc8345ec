import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
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
  const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that hands every message it receives to `onMail`: the API tests keep them
 * in memory (helpers/auth.ts), the browser tests in a file the test processes read (e2e/mailbox.ts).
 */
export interface CaughtMail {
  to: string[];
  subject: string;
  raw: string;
}

/** A header's value, unfolded. */
export function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** Listens on `port` (a free one when 0): a test can start it where a mail server was down. */
export async function startSmtpCatcher(
  onMail: (mail: CaughtMail) => void,
  port = 0,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        onMail({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: header(raw, 'Subject'), raw });
        callback();
      });
    },
  });
  return listening(server, port);
}

/**
 * A real SMTP server on loopback that decides each message's answer: `onMessage` gets its (first) recipient, lower
 * case, and `accept`, which answers 250; a message never accepted is held unanswered. `onRecipient` may refuse an
 * address at RCPT TO with an error carrying its `responseCode`.
 */
export async function startSmtpServer(
  onMessage: (to: string, accept: () => void) => void,
  { onRecipient }: { onRecipient?: (to: string) => Error | undefined } = {},
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(onRecipient?.(address.address.toLowerCase()));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => onMessage(session.envelope.rcptTo[0]!.address.toLowerCase(), () => callback()));
    },
  });
  return listening(server, 0);
}

/** Starts a server on loopback at `port` (a free one when 0): the port it listens on, and how to stop it. */
async function listening(server: SMTPServer, port: number): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code that docs/spec/CONTRACT.md §5 puts in the subject. */
export function codeFrom(mail: Pick<CaughtMail, 'subject'>): string {
  const match = /\b(\d{6})\b/.exec(mail.subject);
  if (!match) throw new Error(`no code in the subject "${mail.subject}"`);
  return match[1]!;
}

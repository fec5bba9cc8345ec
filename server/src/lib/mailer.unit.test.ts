import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createMailer, MailNotStarted, SMTP_CONNECTIONS, slots } from './mailer';

describe('slots', () => {
  it('lets `size` holders in at once and the others in turn, each until its deadline at most', async () => {
    const pool = slots(2);
    const first = await pool.take();
    await pool.take();
    const late = pool.take(Date.now() + 30);
    const order: string[] = [];
    const patient = pool.take().then((release) => (order.push('patient'), release));
    const later = pool.take(Date.now() + 60_000).then((release) => (order.push('later'), release));
    await expect(late).rejects.toBeInstanceOf(MailNotStarted);
    first();
    (await patient)();
    await later;
    expect(order).toEqual(['patient', 'later']);
  });
});

describe('createMailer', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('does not send a message that could not start by its deadline, while every connection is taken', async () => {
    // A real SMTP server that holds each message until the test lets them go.
    const received: string[] = [];
    const held: (() => void)[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          held.push(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Chronicle <news@example.test>', createLogger('silent'));
    close = async () => {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

    const busy = Array.from({ length: SMTP_CONNECTIONS }, (_, i) => mailer.send(mail(`busy-${i}@example.test`)));
    await until(() => received.length === SMTP_CONNECTIONS);
    const tooLate = mailer.send(mail('too-late@example.test'), { startBy: Date.now() + 200 });
    const patient = mailer.send(mail('patient@example.test'));
    await expect(tooLate).rejects.toBeInstanceOf(MailNotStarted);
    for (const release of held.splice(0)) release();
    await Promise.all(busy);
    await until(() => held.length === 1);
    held[0]!();
    await patient;
    expect(received.sort()).toEqual([
      ...Array.from({ length: SMTP_CONNECTIONS }, (_, i) => `busy-${i}@example.test`),
      'patient@example.test',
    ]);
  });
});

async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) throw new Error('waited 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

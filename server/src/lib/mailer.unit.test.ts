import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '#tests/helpers/smtp-catcher';
import { until } from '#tests/helpers/until';
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
    const server = await startSmtpServer((to, accept) => {
      received.push(to);
      held.push(accept);
    });
    const mailer = createMailer(`smtp://127.0.0.1:${server.port}`, 'Chronicle <news@example.test>', createLogger('silent'));
    close = async () => {
      mailer.close();
      await server.close();
    };
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

    const busy = Array.from({ length: SMTP_CONNECTIONS }, (_, i) => mailer.send(mail(`busy-${i}@example.test`)));
    await until('every connection taken', async () => received.length === SMTP_CONNECTIONS);
    const tooLate = mailer.send(mail('too-late@example.test'), { startBy: Date.now() + 200 });
    const patient = mailer.send(mail('patient@example.test'));
    await expect(tooLate).rejects.toBeInstanceOf(MailNotStarted);
    for (const release of held.splice(0)) release();
    await Promise.all(busy);
    await until('the patient message', async () => held.length === 1);
    held[0]!();
    await patient;
    expect(received.sort()).toEqual([
      ...Array.from({ length: SMTP_CONNECTIONS }, (_, i) => `busy-${i}@example.test`),
      'patient@example.test',
    ]);
  });
});

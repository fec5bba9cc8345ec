import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createUser } from '#tests/helpers/factories';
import { Tags } from '../lib/cache-scope';
import { ACCOUNT_CREATIONS_PER_HOUR } from './auth.routes';
import { cooldownKey } from './otp.service';
import { codeFrom, uniqueEmail, wrongCode } from '#tests/helpers/auth';
import { mailTestbed } from '#tests/helpers/testbed';

const { app, ctx, db, mailbox, post, codeAfter } = await mailTestbed();

const STRONG = 'Fresh-Start#2026';

/** initiate → the code from the mail (the n-th mail to that address). */
const requestCode = (email: string, n = 1) => codeAfter('/signup/initiate', email, n);

/** A new address whose code was just verified (200): what complete takes next. */
async function verifiedAddress() {
  const email = uniqueEmail();
  const code = await requestCode(email);
  expect((await post('/signup/verify-otp', { email, otp: code })).status).toBe(200);
  return { email, code };
}

/** What 60 seconds do to the resend cooldown. */
const endCooldown = (email: string) => db.rateLimit.deleteMany({ where: { key: cooldownKey('signup', email) } });

const codeRow = (email: string) => db.emailCode.findFirstOrThrow({ where: { email, purpose: 'signup' }, orderBy: { createdAt: 'desc' } });

describe('POST /api/auth/signup (one step)', () => {
  it('creates a reader with a bcrypt hash and answers 201 with a working token', async () => {
    const email = uniqueEmail();
    const res = await post('/signup', { name: '  Ada Reader ', email: `  ${email.toUpperCase()} `, password: STRONG });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Account created successfully!',
      token: expect.any(String),
      user: {
        id: expect.any(String),
        name: 'Ada Reader',
        email,
        role: 'user',
        suspended: false,
        bio: null,
        // Every user gets the address of an author page (docs/decisions/049-author-pages.md); readers never get the page.
        slug: expect.stringMatching(/^ada-reader(-\d+)?$/),
        avatarUrl: null,
        createdAt: expect.any(String),
        version: 1,
      },
    });
    const row = await db.user.findUniqueOrThrow({ where: { email } });
    expect(row.role).toBe('user');
    expect(row.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(row.id);
  });

  it(`caps account creation at ${ACCOUNT_CREATIONS_PER_HOUR} an hour per client address (429, nothing created)`, async () => {
    expect((await post('/signup', { name: 'First Reader', email: uniqueEmail(), password: STRONG })).status).toBe(201);
    const counter = await db.rateLimit.findFirstOrThrow({ where: { key: { startsWith: 'signup:ip:' } } });
    await db.rateLimit.update({ where: { key: counter.key }, data: { hits: ACCOUNT_CREATIONS_PER_HOUR } });
    try {
      const email = uniqueEmail();
      const res = await post('/signup', { name: 'One Too Many', email, password: STRONG });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await db.user.count({ where: { email } })).toBe(0);
      const complete = await post('/signup/complete', { name: 'One Too Many', email, otp: '123456', password: STRONG });
      expect(complete.status).toBe(429);
    } finally {
      await db.rateLimit.delete({ where: { key: counter.key } });
    }
  });

  it('refuses an address that already has an account with 409, whatever its case', async () => {
    const existing = await createUser(db);
    const res = await post('/signup', { name: 'Someone Else', email: ` ${existing.email.toUpperCase()}`, password: STRONG });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Conflict', message: 'An account with this email address already exists. Please log in instead.' });
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
  });

  it.each([
    [{}, ['Name is required', 'Email is required', 'Password is required']],
    [{ name: 'A', email: 'a@example.test', password: STRONG }, ['Name must be at least 2 characters']],
    [{ name: 'x'.repeat(101), email: 'a@example.test', password: STRONG }, ['Name must be at most 100 characters']],
    [{ name: 'Ada', email: 'not-an-address', password: STRONG }, ['Invalid email address']],
    [{ name: 'Ada', email: `${'x'.repeat(250)}@example.test`, password: STRONG }, ['Email must be at most 254 characters']],
    [{ name: 'Ada', email: 'a@example.test', password: 'Sh0rt!' }, ['Password must be at least 8 characters long']],
    [{ name: 'Ada', email: 'a@example.test', password: 'lower-case-1' }, ['Password must contain an upper-case letter']],
    [{ name: 'Ada', email: 'a@example.test', password: 'UPPER-CASE-1' }, ['Password must contain a lower-case letter']],
    [{ name: 'Ada', email: 'a@example.test', password: 'No-Digits-Here' }, ['Password must contain a digit']],
    [{ name: 'Ada', email: 'a@example.test', password: 'NoSpecial123' }, ['Password must contain a special character (such as ! ? # @ -)']],
    [
      { name: 'Ada', email: 'a@example.test', password: `Aa1!${'x'.repeat(69)}` },
      ['Password must be at most 72 bytes long (accented letters and emoji count as 2 to 4)'],
    ],
    [
      { name: 'Ada', email: 'a@example.test', password: 'abc' },
      [
        'Password must be at least 8 characters long',
        'Password must contain an upper-case letter',
        'Password must contain a digit',
        'Password must contain a special character (such as ! ? # @ -)',
      ],
    ],
    [{ name: 42, email: true, password: ['Abc-1234'] }, ['Name must be a string', 'Email must be a string', 'Password must be a string']],
  ])('answers 400 for %j with one detail per problem and creates nothing', async (body, details) => {
    const before = await db.user.count();
    const res = await post('/signup', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details).toEqual(details);
    expect(await db.user.count()).toBe(before);
  });
});

describe('sign-up in three steps: initiate → verify-otp → complete', () => {
  it('mails a code (text and HTML, code in the subject, 10-minute validity), stores only its hash, then creates the reader', async () => {
    const email = uniqueEmail();
    const initiated = await post('/signup/initiate', { email: ` ${email.toUpperCase()} ` });
    expect(initiated.status).toBe(200);
    expect(initiated.body).toEqual({ message: expect.stringContaining('10 minutes') });

    const mail = await mailbox.waitFor(email);
    expect(mail.subject).toMatch(/^\d{6} is your Chronicle News verification code$/);
    const code = codeFrom(mail);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.body).toContain('valid for 10 minutes');
    expect(mail.body).toContain('http://chronicle.test/auth');

    const row = await codeRow(email);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);

    const verified = await post('/signup/verify-otp', { email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'Email verified successfully.', verified: true });
    expect((await codeRow(email)).verifiedAt).not.toBeNull();

    const completed = await post('/signup/complete', { email, otp: code, name: 'Grace Reader', password: STRONG });
    expect(completed.status).toBe(201);
    expect(completed.body).toEqual({
      message: 'Account created successfully! Please log in with your credentials.',
      token: expect.any(String),
      user: expect.objectContaining({ email, name: 'Grace Reader', role: 'user', suspended: false }),
    });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.role).toBe('user');
    expect(user.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect((await codeRow(email)).consumedAt).not.toBeNull();

    const login = await post('/login', { email, password: STRONG });
    expect(login.status).toBe(200);
  });

  it('answers initiate for an address that already has an account as for a new one, and tells its owner instead of mailing a code', async () => {
    const existing = await createUser(db);
    const res = await post('/signup/initiate', { email: existing.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Verification code sent. Check your inbox: the code is valid for 10 minutes.' });
    const mail = await mailbox.waitFor(existing.email);
    expect(mail.subject).toBe('Someone tried to sign up to Chronicle News with your address');
    expect(mail.subject).not.toMatch(/\d{6}/);
    expect(mail.body).not.toMatch(/\b\d{6}\b/);
    expect(mail.body).toContain('http://chronicle.test/auth/reset-password');
    // The same rows as for a new address (a code, never sent), so the work does not tell either.
    expect(await db.emailCode.count({ where: { email: existing.email, purpose: 'signup' } })).toBe(1);
  });

  it('refuses a wrong code with 400 and does not verify', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const res = await post('/signup/verify-otp', { email, otp: wrongCode(code) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', message: 'Invalid verification code. Please check the code and try again.' });
    const row = await codeRow(email);
    expect(row.verifiedAt).toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('refuses a code for an address that never asked for one', async () => {
    const res = await post('/signup/verify-otp', { email: uniqueEmail(), otp: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('No valid code for this address. Please request a new code.');
  });

  it('refuses an expired code, even the right one', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    await db.emailCode.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await post('/signup/verify-otp', { email, otp: code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This code has expired. Please request a new code.');
    expect((await codeRow(email)).verifiedAt).toBeNull();
  });

  it('accepts the right code after four wrong tries', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    for (let i = 0; i < 4; i++) expect((await post('/signup/verify-otp', { email, otp: wrongCode(code) })).status).toBe(400);
    expect((await post('/signup/verify-otp', { email, otp: code })).status).toBe(200);
  });

  it('lets five wrong tries kill the code: the right code fails afterwards', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/signup/verify-otp', { email, otp: wrongCode(code) })).body.message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code. Please check the code and try again.'));
    expect(answers[4]).toBe('Too many wrong attempts: this code no longer works. Please request a new code.');

    const right = await post('/signup/verify-otp', { email, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong attempts: this code no longer works. Please request a new code.');
    const row = await codeRow(email);
    expect(row.attempts).toBe(5);
    expect(row.verifiedAt).toBeNull();
  });

  it('keeps parallel guesses within the five tries', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((otp) => post('/signup/verify-otp', { email, otp })));
    expect(results.every((r) => r.status === 400)).toBe(true);
    expect((await codeRow(email)).attempts).toBe(5);
    expect((await post('/signup/verify-otp', { email, otp: code })).status).toBe(400);
  });

  it('answers a resend within 60 s with 429 and Retry-After, and sends no second mail', async () => {
    const email = uniqueEmail();
    await requestCode(email);
    const again = await post('/signup/initiate', { email });
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('Too Many Requests');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.to(email)).toHaveLength(1);
    expect(await db.emailCode.count({ where: { email } })).toBe(1);
  });

  it('lets a newer code replace the older one', async () => {
    const email = uniqueEmail();
    const first = await requestCode(email, 1);
    await endCooldown(email);
    const second = await requestCode(email, 2);
    expect(await db.emailCode.count({ where: { email } })).toBe(1);
    if (first !== second) expect((await post('/signup/verify-otp', { email, otp: first })).status).toBe(400);
    expect((await post('/signup/verify-otp', { email, otp: second })).status).toBe(200);
  });

  it('sends at most 5 codes an hour to one address, then 429 with a long Retry-After', async () => {
    const email = uniqueEmail();
    for (let n = 1; n <= 5; n++) {
      await requestCode(email, n);
      await endCooldown(email);
    }
    const sixth = await post('/signup/initiate', { email });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.to(email)).toHaveLength(5);
  });

  it('refuses complete without the right code, counts the wrong one as a try, and creates nothing', async () => {
    const { email, code } = await verifiedAddress();
    const res = await post('/signup/complete', { email, otp: wrongCode(code), name: 'Not The Owner', password: STRONG });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid verification code. Please check the code and try again.');
    expect(await db.user.count({ where: { email } })).toBe(0);
    const row = await codeRow(email);
    expect(row.consumedAt).toBeNull();
    expect(row.attempts).toBe(1);

    const never = uniqueEmail();
    expect((await post('/signup/complete', { email: never, otp: '123456', name: 'Never Asked', password: STRONG })).status).toBe(400);
    expect(await db.user.count({ where: { email: never } })).toBe(0);
  });

  it('refuses complete once the code is past its 10 minutes, even after it was verified in time', async () => {
    const { email, code } = await verifiedAddress();
    await db.emailCode.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await post('/signup/complete', { email, otp: code, name: 'Too Late', password: STRONG });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This code has expired. Please request a new code.');
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it('uses a code once: a second complete is refused (400, the code is spent)', async () => {
    const { email, code } = await verifiedAddress();
    expect((await post('/signup/complete', { email, otp: code, name: 'First Time', password: STRONG })).status).toBe(201);
    const again = await post('/signup/complete', { email, otp: code, name: 'Second Time', password: STRONG });
    expect(again.status).toBe(400);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('refuses complete with 409 when the address got an account after verification', async () => {
    const { email, code } = await verifiedAddress();
    await createUser(db, { email });
    const res = await post('/signup/complete', { email, otp: code, name: 'Latecomer', password: STRONG });
    expect(res.status).toBe(409);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('applies the password and name rules on complete, one detail per broken part, and keeps the code', async () => {
    const { email, code } = await verifiedAddress();
    const res = await post('/signup/complete', { email, otp: code, name: 'X', password: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      'Name must be at least 2 characters',
      'Password must contain an upper-case letter',
      'Password must contain a digit',
      'Password must contain a special character (such as ! ? # @ -)',
    ]);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await codeRow(email)).consumedAt).toBeNull();
  });

  it.each([
    ['/signup/initiate', {}, ['Email is required']],
    ['/signup/initiate', { email: 'nobody' }, ['Invalid email address']],
    ['/signup/initiate', { email: 12 }, ['Email must be a string']],
    ['/signup/verify-otp', { email: 'a@example.test' }, ['OTP is required']],
    ['/signup/verify-otp', { email: 'a@example.test', otp: '12345' }, ['OTP must be 6 digits']],
    ['/signup/verify-otp', { email: 'a@example.test', otp: 'abcdef' }, ['OTP must be 6 digits']],
    ['/signup/verify-otp', { email: 'a@example.test', otp: 123456 }, ['OTP must be a string']],
    ['/signup/complete', { email: 'a@example.test' }, ['OTP is required', 'Name is required', 'Password is required']],
  ])('%s answers 400 for %j', async (path, body, details) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Validation failed', message: details[0], details });
  });

  it.each(['/signup', '/signup/initiate', '/signup/verify-otp', '/signup/complete'])(
    '%s answers malformed or non-object JSON with 400',
    async (path) => {
      const broken = await request(app).post(`/api/auth${path}`).set('Content-Type', 'application/json').send('{"email":');
      expect(broken.status).toBe(400);
      expect(broken.body.error).toBe('Bad Request');
      const array = await request(app).post(`/api/auth${path}`).set('Content-Type', 'application/json').send('[1,2]');
      expect(array.status).toBe(400);
      const text = await request(app).post(`/api/auth${path}`).set('Content-Type', 'text/plain').send('email=a@example.test');
      expect(text.status).toBe(400);
    },
  );
});

describe('the sign-up e-mails name the site (docs/decisions/056-site-settings.md)', () => {
  it('in the subject, the greeting and the signature, as the settings have it now', async () => {
    await db.siteSettings.update({ where: { id: 1 }, data: { name: 'The Riverside Courier', version: { increment: 1 } } });
    await ctx.cache.purge([Tags.site]);
    try {
      const email = uniqueEmail();
      expect((await post('/signup/initiate', { email })).status).toBe(200);
      const mail = await mailbox.waitFor(email);
      expect(mail.subject).toMatch(/^\d{6} is your The Riverside Courier verification code$/);
      expect(mail.body).toContain('Welcome to The Riverside Courier!');
      expect(mail.body).toContain('— The Riverside Courier');
      // MAIL_FROM is the operator's setting (its default names Chronicle): everything else names the site.
      expect(mail.body.replace(/^From: .*$/m, '')).not.toContain('Chronicle');
    } finally {
      await db.siteSettings.update({ where: { id: 1 }, data: { name: 'Chronicle News', version: { increment: 1 } } });
      await ctx.cache.purge([Tags.site]);
    }
  });
});

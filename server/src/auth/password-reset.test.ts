import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createUser, login as loginAs, TEST_PASSWORD } from '#tests/helpers/factories';
import { SERVER, verifyPassword } from '../lib/passwords';
import { cooldownKey } from './otp.service';
import { codeFrom, uniqueEmail, wrongCode } from '#tests/helpers/auth';
import { mailTestbed } from '#tests/helpers/testbed';

const { app, ctx, db, mailbox, post, codeAfter } = await mailTestbed();

const NEW_PASSWORD = 'Brand-New#Pass9';
const SENT = {
  message: 'If an account exists for this email address, a password reset code has been sent to it. The code is valid for 10 minutes.',
};
const BAD_CODE = { error: 'Bad Request', message: 'Invalid or expired code. Please check the code or request a new one.' };

/** forgot-password for an account → the code from the n-th mail to it. */
const resetCode = (email: string, n = 1) => codeAfter('/forgot-password', email, n);

const endCooldown = (email: string) => db.rateLimit.deleteMany({ where: { key: cooldownKey('reset', email) } });
const passwordOf = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).passwordHash;

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset code (text and HTML, code in the subject, reset link) to a known address', async () => {
    const user = await createUser(db);
    const res = await post('/forgot-password', { email: ` ${user.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SENT);
    const mail = await mailbox.waitFor(user.email);
    expect(mail.subject).toMatch(/^\d{6} is your Chronicle News password reset code$/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.body).toContain('valid for 10 minutes');
    expect(mail.body).toContain('http://chronicle.test/auth/reset-password');
    const row = await db.emailCode.findFirstOrThrow({ where: { email: user.email, purpose: 'reset' } });
    expect(row.codeHash).not.toContain(codeFrom(mail));
  });

  it('answers an unknown address exactly like a known one, with the same work (a stored code), and mails nothing to it', async () => {
    const user = await createUser(db);
    const ghost = uniqueEmail('ghost');
    const unknown = await post('/forgot-password', { email: ghost });
    const known = await post('/forgot-password', { email: user.email });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await mailbox.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.to(ghost)).toHaveLength(0);
    expect(await db.emailCode.count({ where: { email: ghost, purpose: 'reset' } })).toBe(1);
    expect(await db.emailCode.count({ where: { email: user.email, purpose: 'reset' } })).toBe(1);
  });

  it('applies the 60 s cooldown to known and unknown addresses alike (429, Retry-After, same body)', async () => {
    const user = await createUser(db);
    const ghost = uniqueEmail('ghost');
    await post('/forgot-password', { email: user.email });
    await post('/forgot-password', { email: ghost });
    const known = await post('/forgot-password', { email: user.email });
    const unknown = await post('/forgot-password', { email: ghost });
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
    expect(Number(known.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(Number(unknown.headers['retry-after'])).toBeLessThanOrEqual(60);
    await mailbox.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.to(user.email)).toHaveLength(1);
  });

  it('applies the 5-an-hour cap to unknown addresses too', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) {
      expect((await post('/forgot-password', { email: ghost })).status).toBe(200);
      await endCooldown(ghost);
    }
    const sixth = await post('/forgot-password', { email: ghost });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
  });

  it.each([
    [{}, ['Email is required']],
    [{ email: 'not an address' }, ['Invalid email address']],
    [{ email: { $gt: '' } }, ['Email must be a string']],
  ])('answers 400 for %j', async (body, details) => {
    const res = await post('/forgot-password', body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(details);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('confirms the right code and marks it verified', async () => {
    const user = await createUser(db);
    const code = await resetCode(user.email);
    const res = await post('/verify-otp', { email: user.email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Code verified. You can now choose a new password.', verified: true });
    expect((await db.emailCode.findFirstOrThrow({ where: { email: user.email } })).verifiedAt).not.toBeNull();
  });

  it('gives one answer for a wrong code, an unknown address, an expired code and a dead code', async () => {
    const user = await createUser(db);
    const code = await resetCode(user.email);
    const wrong = await post('/verify-otp', { email: user.email, otp: wrongCode(code) });
    const unknown = await post('/verify-otp', { email: uniqueEmail('ghost'), otp: code });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(BAD_CODE);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(BAD_CODE);

    await db.emailCode.updateMany({ where: { email: user.email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await post('/verify-otp', { email: user.email, otp: code });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(BAD_CODE);
    expect((await db.emailCode.findFirstOrThrow({ where: { email: user.email } })).verifiedAt).toBeNull();
  });

  it('lets five wrong tries kill the code: the right code and a reset with it fail afterwards', async () => {
    const user = await createUser(db);
    const code = await resetCode(user.email);
    for (let i = 0; i < 5; i++) expect((await post('/verify-otp', { email: user.email, otp: wrongCode(code) })).body).toEqual(BAD_CODE);
    expect((await post('/verify-otp', { email: user.email, otp: code })).body).toEqual(BAD_CODE);
    const before = await passwordOf(user.id);
    expect((await post('/reset-password', { email: user.email, otp: code, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect(await passwordOf(user.id)).toBe(before);
  });

  it('does not accept a sign-up code as a reset code', async () => {
    const email = uniqueEmail();
    expect((await post('/signup/initiate', { email })).status).toBe(200);
    const signupCode = codeFrom(await mailbox.waitFor(email));
    await createUser(db, { email });
    expect((await post('/verify-otp', { email, otp: signupCode })).body).toEqual(BAD_CODE);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, consumes the code and revokes every earlier token', async () => {
    const { user, auth } = await loginAs(ctx, 'author');
    const other = await post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(other.status).toBe(200);
    const code = await resetCode(user.email);
    expect((await post('/verify-otp', { email: user.email, otp: code })).status).toBe(200);

    const res = await post('/reset-password', { email: user.email, otp: code, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successful! You may now log in.' });

    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await request(app).get('/api/auth/me').set(auth)).status).toBe(401);
    expect((await request(app).get('/api/auth/me').set('Authorization', `Bearer ${other.body.token}`)).status).toBe(401);
    expect(await verifyPassword(NEW_PASSWORD, await passwordOf(user.id), SERVER)).toBe(true);
    expect((await db.emailCode.findFirstOrThrow({ where: { email: user.email } })).consumedAt).not.toBeNull();

    expect((await post('/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    const fresh = await post('/login', { email: user.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
    expect((await request(app).get('/api/auth/me').set('Authorization', `Bearer ${fresh.body.token}`)).status).toBe(200);

    // The code is spent.
    const again = await post('/reset-password', { email: user.email, otp: code, newPassword: 'Another-Pass#8' });
    expect(again.status).toBe(400);
    expect(await verifyPassword(NEW_PASSWORD, await passwordOf(user.id), SERVER)).toBe(true);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const { user, auth } = await loginAs(ctx, 'user');
    const code = await resetCode(user.email);
    const before = await passwordOf(user.id);
    const res = await post('/reset-password', { email: user.email, otp: wrongCode(code), newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(BAD_CODE);
    expect(await passwordOf(user.id)).toBe(before);
    expect((await request(app).get('/api/auth/me').set(auth)).status).toBe(200);
  });

  it('refuses an unknown address with the same answer as a wrong code', async () => {
    const res = await post('/reset-password', { email: uniqueEmail('ghost'), otp: '123456', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(BAD_CODE);
  });

  it('applies the password rule, one detail per broken part, and leaves the code usable', async () => {
    const user = await createUser(db);
    const code = await resetCode(user.email);
    const res = await post('/reset-password', { email: user.email, otp: code, newPassword: 'weakpass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Validation failed',
      message: 'Password must contain an upper-case letter',
      details: [
        'Password must contain an upper-case letter',
        'Password must contain a digit',
        'Password must contain a special character (such as ! ? # @ -)',
      ],
    });
    expect((await post('/reset-password', { email: user.email, otp: code, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it.each([
    [{}, ['Email is required', 'OTP is required', 'New password is required']],
    [{ email: 'a@example.test', otp: '1234', newPassword: NEW_PASSWORD }, ['OTP must be 6 digits']],
    [{ email: 'a@example.test', otp: 123456, newPassword: 12345678 }, ['OTP must be a string', 'New password must be a string']],
  ])('answers 400 for %j', async (body, details) => {
    const res = await post('/reset-password', body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(details);
  });

  it.each(['/forgot-password', '/verify-otp', '/reset-password'])('%s answers malformed JSON with 400', async (path) => {
    const res = await request(app)
      .post(`/api/auth${path}`)
      .set('Content-Type', 'application/json')
      .send('{"email":"a@example.test","otp":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
  });
});

import http from 'node:http';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, loginAttemptKey, loginPairKey, loginSuccessKey } from '../../server/src/auth/auth.service';
import { CODE_REQUESTS_PER_IP_PER_HOUR } from '../../server/src/auth/auth.routes';
import { authPoster, codeFrom, startMailbox, uniqueEmail, wrongCode } from '../helpers/auth';
import { HASH_CONCURRENCY, hashingLoad } from '../../server/src/lib/passwords';
import { createTestApp } from '../helpers/app';
import { createUser, login, TEST_PASSWORD } from '../helpers/factories';

/**
 * Issue 9, items 4 and 13–16: the attacks on sign-in, sign-up and reset, each replayed against the real app.
 * TRUST_PROXY=loopback lets each test speak from its own client addresses (X-Forwarded-For).
 */
const mailbox = await startMailbox();
const { app, ctx, db } = await createTestApp({ SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'loopback' });
const server = http.createServer(app).listen(0, '127.0.0.1');
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mailbox.close();
});

const post = authPoster(app);
let nextIp = 0;
/** A client address no other test uses. */
const freshIp = () => `10.77.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const STRONG = 'Fresh-Start#2026';
const TOO_LONG = 'Password must be at most 72 bytes long (accented letters and emoji count as 2 to 4)';

beforeEach(async () => {
  await db.rateLimit.deleteMany();
});

// Dozens of real bcrypt checks at the production cost: generous time on a loaded machine.
describe('item 4: logins are limited and bcrypt cannot starve file serving', { timeout: 90_000 }, () => {
  it('serves a static file while 40 logins hash at once: bcrypt never holds more than its share of the thread pool', async () => {
    const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    expect(HASH_CONCURRENCY).toBeLessThan(poolSize);
    writeFileSync(path.join(ctx.config.uploadDir, 'probe.txt'), 'still here');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    let done = 0;
    const logins = Array.from({ length: 40 }, () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...from(freshIp()) },
        body: JSON.stringify({ email: uniqueEmail('crowd'), password: 'Wrong-Pass#1' }),
      }).then((res) => {
        done++;
        return res.status;
      }),
    );

    // Wait (bounded) until the logins really queue up behind the hashing cap, watching the cap all along.
    let peak = 0;
    const deadline = Date.now() + 30_000;
    while (hashingLoad().waiting < 15 && Date.now() < deadline) {
      peak = Math.max(peak, hashingLoad().running);
      await new Promise((r) => setImmediate(r));
    }
    expect(hashingLoad().waiting).toBeGreaterThanOrEqual(15);

    const file = await fetch(`${base}/uploads/probe.txt`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('still here');
    // The file did not queue behind the hashes: most logins were still waiting when it arrived.
    expect(40 - done).toBeGreaterThanOrEqual(8);

    const statuses = await Promise.all(logins);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0, requesters: 0 });
  });

  // The counters are brought to the edge directly: each real check costs a bcrypt run, and the edge is what matters.
  it(`caps attempts of any outcome at ${LOGIN_LIMITS.attemptsPerIp} a minute per IP, atomically; other networks are unaffected`, async () => {
    const ip = freshIp();
    const [first, second] = [await createUser(db), await createUser(db)];
    expect((await post('/login', { email: first.email, password: 'Wrong-Pass#1' }, from(ip))).status).toBe(401);
    await db.rateLimit.update({ where: { key: loginAttemptKey(ip) }, data: { hits: LOGIN_LIMITS.attemptsPerIp - 1 } });
    const results = await Promise.all([first, second].map((u) => post('/login', { email: u.email, password: TEST_PASSWORD }, from(ip))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe('Too many login attempts from your network. Please try again in a minute.');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await post('/login', { email: first.email, password: TEST_PASSWORD }, from(freshIp()))).status).toBe(200);
  });

  it(`caps successful sign-ins at ${LOGIN_LIMITS.successesPerAccount} a minute per account, a cap only the password's holder can reach`, async () => {
    const user = await createUser(db);
    expect((await post('/login', { email: user.email, password: TEST_PASSWORD }, from(freshIp()))).status).toBe(200);
    await db.rateLimit.update({ where: { key: loginSuccessKey(user.email) }, data: { hits: LOGIN_LIMITS.successesPerAccount - 1 } });
    expect((await post('/login', { email: user.email, password: TEST_PASSWORD }, from(freshIp()))).status).toBe(200);
    const over = await post('/login', { email: user.email, password: TEST_PASSWORD }, from(freshIp()));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('This account has signed in too often in the last minute. Please try again in a minute.');
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
    // A stranger learns nothing from it: a wrong password is still just wrong.
    expect((await post('/login', { email: user.email, password: 'Wrong-Pass#1' }, from(freshIp()))).status).toBe(401);
  });
});

describe('item 13: sign-up and reset do not tell which addresses have accounts', () => {
  it('answers signup/initiate the same for existing and new addresses, with the same rows written, and mails the owner instead', async () => {
    const owners = await Promise.all([createUser(db, { role: 'super-admin' }), createUser(db), createUser(db)]);
    const strangers = [uniqueEmail('new'), uniqueEmail('new'), uniqueEmail('new')];
    const answers = await Promise.all([...owners.map((u) => u.email), ...strangers].map((email) => post('/signup/initiate', { email })));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
    for (const email of [...owners.map((u) => u.email), ...strangers]) {
      expect(await db.emailCode.count({ where: { email, purpose: 'signup' } })).toBe(1);
      expect(await db.rateLimit.count({ where: { key: { endsWith: email } } })).toBe(2);
    }
    for (const owner of owners) {
      const mail = await mailbox.waitFor(owner.email);
      expect(mail.subject).toBe('Someone tried to sign up to Chronicle News with your address');
      expect(mail.raw).not.toMatch(/\b\d{6}\b/);
    }
    for (const email of strangers) expect(codeFrom(await mailbox.waitFor(email))).toMatch(/^\d{6}$/);
  });

  it('applies the send limits before anything else, to existing addresses as to new ones', async () => {
    const owner = await createUser(db);
    const stranger = uniqueEmail('new');
    for (const email of [owner.email, stranger]) {
      expect((await post('/signup/initiate', { email })).status).toBe(200);
      const again = await post('/signup/initiate', { email });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    }
  });

  it(`caps code requests at ${CODE_REQUESTS_PER_IP_PER_HOUR} an hour per network, whatever the addresses, sign-up and reset together`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CODE_REQUESTS_PER_IP_PER_HOUR; i++) {
      const path = i % 2 ? '/forgot-password' : '/signup/initiate';
      const res = await request(app)
        .post(`/api/auth${path}`)
        .set(from(ip))
        .send({ email: uniqueEmail('bomb') });
      expect(res.status).toBe(200);
    }
    const victim = uniqueEmail('victim');
    const refused = await request(app).post('/api/auth/signup/initiate').set(from(ip)).send({ email: victim });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await db.emailCode.count({ where: { email: victim } })).toBe(0);
    // Another network is not held back by this one.
    expect((await request(app).post('/api/auth/signup/initiate').set(from(freshIp())).send({ email: victim })).status).toBe(200);
  });

  it('answers signup/complete without the right code the same for existing and new addresses (never 409)', async () => {
    const owner = await createUser(db);
    const stranger = uniqueEmail('new');
    await post('/signup/initiate', { email: owner.email });
    await post('/signup/initiate', { email: stranger });
    const known = await post('/signup/complete', { email: owner.email, otp: '000000', name: 'Prober', password: STRONG });
    const unknown = await post('/signup/complete', { email: stranger, otp: '000000', name: 'Prober', password: STRONG });
    expect(known.status).toBe(400);
    expect(known.body).toEqual(unknown.body);
    expect(await db.user.count({ where: { email: stranger } })).toBe(0);
  });

  it('does the same work in forgot-password for known and unknown addresses: a code row each, a mail only to the owner', async () => {
    const owner = await createUser(db);
    const stranger = uniqueEmail('ghost');
    const known = await post('/forgot-password', { email: owner.email });
    const unknown = await post('/forgot-password', { email: stranger });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    for (const email of [owner.email, stranger]) {
      expect(await db.emailCode.count({ where: { email, purpose: 'reset' } })).toBe(1);
      expect(await db.rateLimit.count({ where: { key: { endsWith: email } } })).toBe(2);
    }
    await mailbox.waitFor(owner.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.to(stranger)).toHaveLength(0);
  });
});

describe('item 14: failures count per address+IP and per IP; a stranger never locks the owner out', { timeout: 90_000 }, () => {
  it("lets the super-admin in from their network after strangers' failures from two others", async () => {
    const admin = await createUser(db, { role: 'super-admin' });
    const strangers = [freshIp(), freshIp()];
    const guesses = strangers.flatMap((ip) =>
      Array.from({ length: 11 }, (_, i) => post('/login', { email: admin.email, password: `Wrong-Pass#${i}` }, from(ip))),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Each stranger's network is shut out, with the right password too ...
    expect((await post('/login', { email: admin.email, password: TEST_PASSWORD }, from(strangers[0]!))).status).toBe(429);
    // ... and the owner is not.
    const owner = await post('/login', { email: admin.email, password: TEST_PASSWORD }, from(freshIp()));
    expect(owner.status).toBe(200);
    expect(owner.body.user.role).toBe('super-admin');
  });

  it('counts every address of one IPv6 /64 as one network: a host cannot rotate addresses to guess on', async () => {
    const owner = await createUser(db);
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMITS.failuresPerPair + 1; i++)
      statuses.push(
        (await post('/login', { email: owner.email, password: 'Wrong-Guess#1' }, from(`2001:db8:77:77::${i.toString(16)}`))).status,
      );
    expect(statuses.slice(0, LOGIN_LIMITS.failuresPerPair).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another network.
    expect((await post('/login', { email: owner.email, password: TEST_PASSWORD }, from('2001:db8:77:78::1'))).status).toBe(200);
  });

  it('lets 20 simultaneous right logins from one client all succeed, and counts none of them as a failure', async () => {
    const user = await createUser(db);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/login', { email: user.email, password: TEST_PASSWORD }, from(ip))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await db.session.count({ where: { userId: user.id } })).toBe(20);
    const pair = await db.rateLimit.findUniqueOrThrow({ where: { key: loginPairKey(user.email, ip) } });
    expect(pair).toMatchObject({ hits: 0, pending: 0 });
  });

  it('still checks at most 10 guesses of one client when they arrive together with right logins of the owner elsewhere', async () => {
    const user = await createUser(db);
    const attacker = freshIp();
    const results = await Promise.all([
      ...Array.from({ length: 13 }, (_, i) => post('/login', { email: user.email, password: `Wrong-Pass#${i}` }, from(attacker))),
      ...Array.from({ length: 3 }, () => post('/login', { email: user.email, password: TEST_PASSWORD }, from(freshIp()))),
    ]);
    const attackerStatuses = results.slice(0, 13).map((r) => r.status);
    expect(attackerStatuses.filter((s) => s === 401)).toHaveLength(10);
    expect(attackerStatuses.filter((s) => s === 429)).toHaveLength(3);
    expect(results.slice(13).map((r) => r.status)).toEqual(Array(3).fill(200));
  });
});

describe('item 15: an address belongs to whoever proves it', () => {
  it('does not let a third party finish the sign-up of an address its owner verified', async () => {
    const email = uniqueEmail('victim');
    expect((await post('/signup/initiate', { email })).status).toBe(200);
    const code = codeFrom(await mailbox.waitFor(email));
    expect((await post('/signup/verify-otp', { email, otp: code })).status).toBe(200);

    const noCode = await post('/signup/complete', { email, name: 'Hijacker', password: STRONG });
    expect(noCode.status).toBe(400);
    expect(noCode.body.details).toEqual(['OTP is required']);
    for (let i = 1; i <= 3; i++) {
      const guess = await post('/signup/complete', { email, otp: wrongCode(code), name: 'Hijacker', password: STRONG });
      expect(guess.status).toBe(400);
    }
    expect(await db.user.count({ where: { email } })).toBe(0);

    const owner = await post('/signup/complete', { email, otp: code, name: 'Rightful Owner', password: STRONG });
    expect(owner.status).toBe(201);
    const row = await db.user.findUniqueOrThrow({ where: { email } });
    expect(row.name).toBe('Rightful Owner');
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('keeps a one-step account from a staff role until a password reset proves its address', async () => {
    const { auth } = await login(ctx, 'admin');
    const email = uniqueEmail('squatter');
    const signup = await post('/signup', { name: 'Not Really Staff', email, password: STRONG });
    expect(signup.status).toBe(201);
    const reader = await db.user.findUniqueOrThrow({ where: { email } });
    expect(reader.emailVerifiedAt).toBeNull();

    for (const role of ['author', 'editor', 'admin']) {
      const res = await request(app)
        .put(`/api/users/${reader.id}`)
        .set(auth)
        .send({ role, name: 'Promoted Reader', version: reader.version });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/has not confirmed their e-mail address/);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: reader.id } })).toMatchObject({ role: 'user', name: 'Not Really Staff' });
    // Edits that grant nothing stay possible.
    const harmless = await request(app)
      .put(`/api/users/${reader.id}`)
      .set(auth)
      .send({ role: 'user', bio: 'Reader.', version: reader.version });
    expect(harmless.status).toBe(200);

    expect((await post('/forgot-password', { email })).status).toBe(200);
    const code = codeFrom(await mailbox.waitFor(email));
    expect((await post('/reset-password', { email, otp: code, newPassword: 'Proven-Owner#9' })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).emailVerifiedAt).not.toBeNull();
    const promoted = await request(app).put(`/api/users/${reader.id}`).set(auth).send({ role: 'author', version: harmless.body.version });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('author');
  });

  it('counts staff-created accounts as verified: an admin may later change their role', async () => {
    const { auth } = await login(ctx, 'admin');
    const created = await request(app)
      .post('/api/users')
      .set(auth)
      .send({ name: 'Desk Reader', email: uniqueEmail('desk'), password: STRONG, role: 'user' });
    expect(created.status).toBe(201);
    const res = await request(app).put(`/api/users/${created.body.id}`).set(auth).send({ role: 'editor', version: created.body.version });
    expect(res.status).toBe(200);
  });
});

describe('item 16: codes keep their stated 10 minutes; passwords past 72 bytes are refused, not cut short', () => {
  it('refuses a reset code verified in time once its 10 minutes are over', async () => {
    const user = await createUser(db);
    expect((await post('/forgot-password', { email: user.email })).status).toBe(200);
    const code = codeFrom(await mailbox.waitFor(user.email));
    expect((await post('/verify-otp', { email: user.email, otp: code })).status).toBe(200);
    // Twenty minutes on: verified at minute 1, the code ran out at minute 10.
    await db.emailCode.updateMany({ where: { email: user.email }, data: { expiresAt: new Date(Date.now() - 10 * 60_000) } });
    const before = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    const res = await post('/reset-password', { email: user.email, otp: code, newPassword: 'Too-Late#2026' });
    expect(res.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before);
  });

  it('refuses over-long passwords with a clear 400 wherever a password is set', async () => {
    const long = `Aa1!${'é'.repeat(35)}`; // 39 characters, 74 bytes
    const { auth } = await login(ctx, 'admin');
    const signup = await post('/signup', { name: 'Long Pass', email: uniqueEmail(), password: long });
    expect(signup.status).toBe(400);
    expect(signup.body.details).toEqual([TOO_LONG]);

    const email = uniqueEmail();
    await post('/signup/initiate', { email });
    const code = codeFrom(await mailbox.waitFor(email));
    const complete = await post('/signup/complete', { email, otp: code, name: 'Long Pass', password: long });
    expect(complete.body.details).toEqual([TOO_LONG]);

    const reset = await post('/reset-password', { email, otp: '123456', newPassword: long });
    expect(reset.body.details).toEqual([TOO_LONG]);

    const staff = await request(app).post('/api/users').set(auth).send({ name: 'Long Pass', email: uniqueEmail(), password: long });
    expect(staff.status).toBe(400);
    expect(staff.body.details).toEqual([TOO_LONG]);

    const target = await createUser(db);
    const edit = await request(app).put(`/api/users/${target.id}`).set(auth).send({ password: long, version: target.version });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([TOO_LONG]);
    expect(await db.user.count({ where: { name: 'Long Pass' } })).toBe(0);
  });

  it('fails a login whose password only starts with the real 72-byte one (bcrypt would have matched it)', async () => {
    const password = `Aa1!${'z'.repeat(68)}`;
    const user = await createUser(db);
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await bcrypt.hash(password, 12) } });
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await bcrypt.compare(`${password}-and-more`, passwordHash)).toBe(true);
    const ip = freshIp();
    const longer = await post('/login', { email: user.email, password: `${password}-and-more` }, from(ip));
    expect(longer.status).toBe(401);
    expect(longer.body.token).toBeUndefined();
    expect(longer.body.message).toMatch(/^Passwords longer than 72 bytes can no longer be used to sign in\. Please reset your password/);
    expect((await post('/login', { email: user.email, password }, from(ip))).status).toBe(200);
  });

  it('sends the holder of an account from before the 72-byte rule to a reset, without counting a failure', async () => {
    const legacy = `Aa1!${'x'.repeat(100)}`;
    const user = await createUser(db);
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await bcrypt.hash(legacy, 12) } });
    const ip = freshIp();
    const res = await post('/login', { email: user.email, password: legacy }, from(ip));
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Please reset your password/);
    const wrong = await post('/login', { email: user.email, password: `Bb2@${'x'.repeat(100)}` }, from(ip));
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(await db.rateLimit.findMany({ where: { key: loginPairKey(user.email, ip) }, select: { hits: true } })).toEqual([{ hits: 1 }]);
  });
});

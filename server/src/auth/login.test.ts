import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, createUser, login as loginAs, TEST_PASSWORD } from '#tests/helpers/factories';
import { roleFromWire } from '../lib/wire';
import { leaksSecrets, uniqueEmail } from '#tests/helpers/auth';

const { app, ctx, db } = await createTestApp();

// Every test here logs in from the same address (supertest's loopback): start each with clean counters.
beforeEach(async () => {
  await db.rateLimit.deleteMany();
});

async function call(method: 'get' | 'post', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const req = request(app)[method](`/api/auth${path}`).set(headers);
  const res = body === undefined ? await req : await req.send(body as object);
  expect(leaksSecrets(res.body), `${path} answered ${JSON.stringify(res.body)}`).toBe(false);
  expect(res.status).toBeLessThan(500);
  return res;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const INVALID = { error: 'Unauthorized', message: 'Invalid email or password' };

describe('POST /api/auth/login', () => {
  it('signs in with the right password: 200 { message, token, user } and one new session', async () => {
    const user = await createUser(db, { role: 'editor' });
    const res = await call('post', '/login', { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Login successful',
      token: expect.any(String),
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'editor',
        suspended: false,
        bio: null,
        slug: user.slug,
        avatarUrl: null,
        createdAt: user.createdAt.toISOString(),
        version: 1,
      },
    });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    const me = await call('get', '/me', undefined, bearer(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
  });

  it('names roles as the wire does (super-admin)', async () => {
    const user = await createUser(db, { role: 'super-admin' });
    const res = await call('post', '/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.body.user.role).toBe('super-admin');
  });

  it('answers a wrong password and an unknown address with the same 401 body, and creates no session', async () => {
    const user = await createUser(db);
    const wrong = await call('post', '/login', { email: user.email, password: 'Wrong-Pass#1' });
    const unknown = await call('post', '/login', { email: uniqueEmail('ghost'), password: 'Wrong-Pass#1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
    expect(unknown.body).toEqual(INVALID);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses a suspended account with 403 and a clear message, even with the right password', async () => {
    const user = await createUser(db, { suspended: true });
    const res = await call('post', '/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Forbidden', message: 'Your account has been suspended. Please contact an administrator.' });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    // A wrong password says nothing about the suspension.
    expect((await call('post', '/login', { email: user.email, password: 'Wrong-Pass#1' })).body).toEqual(INVALID);
  });

  it('refuses an address with 429 and Retry-After after 10 failures in 15 minutes, even with the right password', async () => {
    const user = await createUser(db);
    for (let i = 0; i < 10; i++)
      expect((await call('post', '/login', { email: user.email, password: `Wrong-Pass#${i}` })).status).toBe(401);
    const res = await call('post', '/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too Many Requests');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses an IP with 429 once it has 50 failures in 15 minutes across addresses; 10 are not enough', async () => {
    const user = await createUser(db);
    for (let i = 0; i < 10; i++)
      expect((await call('post', '/login', { email: uniqueEmail('probe'), password: 'Wrong-Pass#1' })).status).toBe(401);
    expect((await call('post', '/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    // 40 more failures would also meet the 30-attempts-a-minute cap first: count them into the window directly.
    await db.rateLimit.updateMany({ where: { key: { startsWith: 'login-fail:ip:' } }, data: { hits: 50 } });
    const res = await call('post', '/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('holds the limit under a burst of parallel guesses: at most 10 are checked, the rest get 429', async () => {
    const user = await createUser(db);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call('post', '/login', { email: user.email, password: `Wrong-Pass#${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect((await call('post', '/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(429);
  });

  it('counts failures only: successful logins do not bring the limit closer', async () => {
    const user = await createUser(db);
    for (let i = 0; i < 11; i++) expect((await call('post', '/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await call('post', '/login', { email: user.email, password: 'Wrong-Pass#1' })).status).toBe(401);
  });

  it.each([
    [{}, ['Email is required', 'Password is required']],
    [{ email: '', password: '' }, ['Email is required', 'Password is required']],
    [{ email: ['a@example.test'], password: { $ne: '' } }, ['Email must be a string', 'Password must be a string']],
  ])('answers 400 for %j', async (body, details) => {
    const res = await call('post', '/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Validation failed', message: details[0], details });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": "a@example.test", ');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the presented token only: the other sessions of the user keep working', async () => {
    const user = await createUser(db);
    const first = (await call('post', '/login', { email: user.email, password: TEST_PASSWORD })).body.token as string;
    const second = (await call('post', '/login', { email: user.email, password: TEST_PASSWORD })).body.token as string;
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);

    const res = await call('post', '/logout', undefined, bearer(first));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out successfully.' });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);

    expect((await call('get', '/me', undefined, bearer(first))).status).toBe(401);
    expect((await call('post', '/logout', undefined, bearer(first))).status).toBe(401);
    expect((await call('get', '/me', undefined, bearer(second))).status).toBe(200);
  });

  it.each(ACTORS)('for %s: 401 when anonymous, else 200 and that session is gone', async (actor) => {
    const { byRole, headers } = await actors(ctx);
    const sessionsBefore = await db.session.count();
    const res = await call('post', '/logout', undefined, headers(actor));
    if (actor === 'anonymous') {
      expect(res.status).toBe(401);
      expect(await db.session.count()).toBe(sessionsBefore);
    } else {
      expect(res.status).toBe(200);
      expect(await db.session.count()).toBe(sessionsBefore - 1);
      expect(await db.session.count({ where: { userId: byRole[actor].user.id } })).toBe(0);
    }
  });
});

describe('GET /api/auth/me', () => {
  it.each(ACTORS)('for %s: 401 when anonymous, else 200 with the public user', async (actor) => {
    const { byRole, headers } = await actors(ctx);
    const res = await call('get', '/me', undefined, headers(actor));
    if (actor === 'anonymous') {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', message: expect.any(String) });
      return;
    }
    expect(res.status).toBe(200);
    const row = await db.user.findUniqueOrThrow({ where: { id: byRole[actor].user.id } });
    expect(roleFromWire(res.body.user.role)).toBe(row.role);
    expect(res.body).toEqual({
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        role: actor,
        suspended: false,
        bio: null,
        slug: row.slug,
        avatarUrl: null,
        createdAt: row.createdAt.toISOString(),
        version: row.version,
      },
    });
  });

  it('answers 401 for a garbage token, a token of a suspended user and a token of a deleted user', async () => {
    expect((await call('get', '/me', undefined, bearer('not-a-jwt'))).status).toBe(401);
    const suspended = await loginAs(ctx, 'author');
    await db.user.update({ where: { id: suspended.user.id }, data: { suspended: true } });
    expect((await call('get', '/me', undefined, suspended.auth)).status).toBe(401);
    const deleted = await loginAs(ctx, 'user');
    await db.user.delete({ where: { id: deleted.user.id } });
    expect((await call('get', '/me', undefined, deleted.auth)).status).toBe(401);
  });
});

import bcrypt from 'bcrypt';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  createArticle,
  createBreakingNews,
  createCategory,
  createComment,
  createUser,
  login,
  TEST_PASSWORD,
  type Actor,
} from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { actorsTestbed } from '#tests/helpers/testbed';

const { app, ctx, db, byRole, headers } = await actorsTestbed();

const ADMINS = new Set<Actor>(['admin', 'super-admin']);
const UNKNOWN = '0190a5b2-0000-7000-8000-000000000000';
const adminAuth = () => byRole.admin.auth;
const superAuth = () => byRole['super-admin'].auth;

/** POST /api/users: an admin, unless said, adds a user. */
const addUser = (body: object, auth: Record<string, string> = adminAuth()) => request(app).post('/api/users').set(auth).send(body);

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nora Newsdesk',
  email: `nora-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: 'Long-enough1',
  ...overrides,
});

describe('permission table (docs/spec/CONTRACT.md §3: users are managed by admins and super-admins)', () => {
  it.each(ACTORS)('%s: GET /api/users', async (actor) => {
    const res = await request(app).get('/api/users').set(headers(actor));
    expect(res.status).toBe(ADMINS.has(actor) ? 200 : deniedStatus(actor));
  });

  it.each(ACTORS)('%s: POST /api/users', async (actor) => {
    const body = newUser();
    const res = await addUser(body, headers(actor));
    const row = await db.user.findUnique({ where: { email: body.email } });
    if (ADMINS.has(actor)) {
      expect(res.status).toBe(201);
      expect(row).toMatchObject({ name: body.name, role: 'author' });
    } else {
      expect(res.status).toBe(deniedStatus(actor));
      expect(row).toBeNull();
    }
  });

  it.each(ACTORS)('%s: PUT /api/users/:id', async (actor) => {
    const target = await createUser(db, { role: 'author', name: 'Before Name' });
    const res = await request(app).put(`/api/users/${target.id}`).set(headers(actor)).send({ name: 'After Name', version: 1 });
    const row = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(res.status).toBe(ADMINS.has(actor) ? 200 : deniedStatus(actor));
    expect(row.name).toBe(ADMINS.has(actor) ? 'After Name' : 'Before Name');
  });

  it.each(ACTORS)('%s: DELETE /api/users/:id (a denied delete leaves the row)', async (actor) => {
    const target = await createUser(db, { role: 'author' });
    const res = await request(app).delete(`/api/users/${target.id}`).set(headers(actor));
    const row = await db.user.findUnique({ where: { id: target.id } });
    expect(res.status).toBe(ADMINS.has(actor) ? 200 : deniedStatus(actor));
    expect(row === null).toBe(ADMINS.has(actor));
  });

  it.each(ACTORS)('%s: POST /api/users/:id/suspend and /unsuspend', async (actor) => {
    const target = await createUser(db, { role: 'editor' });
    const suspend = await request(app).post(`/api/users/${target.id}/suspend`).set(headers(actor));
    expect(suspend.status).toBe(ADMINS.has(actor) ? 200 : deniedStatus(actor));
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).suspended).toBe(ADMINS.has(actor));

    await db.user.update({ where: { id: target.id }, data: { suspended: true } });
    const unsuspend = await request(app).post(`/api/users/${target.id}/unsuspend`).set(headers(actor));
    expect(unsuspend.status).toBe(ADMINS.has(actor) ? 200 : deniedStatus(actor));
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).suspended).toBe(!ADMINS.has(actor));
  });
});

describe('GET /api/users', () => {
  it('pages newest first with a total and never returns password hashes', async () => {
    const total = await db.user.count();
    const res = await request(app).get('/api/users?limit=2&offset=1').set(adminAuth());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.pagination).toEqual({ total, limit: 2, offset: 1 });
    const newest = await db.user.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: 1, take: 2, select: { id: true } });
    expect(res.body.data.map((u: { id: string }) => u.id)).toEqual(newest.map((u) => u.id));
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'avatarUrl',
      'bio',
      'createdAt',
      'email',
      'id',
      'name',
      'role',
      'slug',
      'suspended',
      'version',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$2[aby]\$/);
  });

  it('searches name and email case-insensitively and reports wire roles', async () => {
    const sa = await createUser(db, { role: 'super-admin', name: 'Quentin Quill', email: 'qq-desk@example.test' });
    for (const q of ['quentin', 'QQ-DESK']) {
      const res = await request(app).get(`/api/users?q=${q}`).set(adminAuth());
      expect(res.body.data).toEqual([expect.objectContaining({ id: sa.id, role: 'super-admin', suspended: false })]);
      expect(res.body.pagination.total).toBe(1);
    }
    await db.user.delete({ where: { id: sa.id } });
  });

  it('searches for _, % and \\ literally, not as LIKE wildcards', async () => {
    const odd = await createUser(db, { name: 'Ann_100%\\ Odd', email: 'ann-odd@example.test' });
    for (const q of ['_', '%', '\\', '_100%\\']) {
      const res = await request(app).get('/api/users').query({ q }).set(adminAuth());
      const ids = res.body.data.map((u: { id: string }) => u.id);
      expect(ids, q).toEqual([odd.id]);
    }
    await db.user.delete({ where: { id: odd.id } });
  });

  it('defaults to 100 and refuses limits beyond 500 or malformed paging with 400', async () => {
    expect((await request(app).get('/api/users').set(adminAuth())).body.pagination).toMatchObject({ limit: 100, offset: 0 });
    expect((await request(app).get('/api/users?limit=500').set(adminAuth())).status).toBe(200);
    for (const qs of ['limit=501', 'limit=0', 'offset=-1', 'limit=ten', `q=${'x'.repeat(101)}`]) {
      expect((await request(app).get(`/api/users?${qs}`).set(adminAuth())).status, qs).toBe(400);
    }
  });
});

describe('POST /api/users', () => {
  it('creates an author by default with a bcrypt hash, a lower-cased email and a trimmed bio', async () => {
    const res = await addUser(newUser({ email: 'Mixed.Case@Example.TEST', bio: '  Covers the courts.  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Nora Newsdesk',
      email: 'mixed.case@example.test',
      role: 'author',
      suspended: false,
      bio: 'Covers the courts.',
      // The author page's address, made from the name (docs/decisions/049-author-pages.md).
      slug: expect.stringMatching(/^nora-newsdesk(-\d+)?$/),
      avatarUrl: null,
      createdAt: expect.any(String),
      version: 1,
    });
    const row = await db.user.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(await bcrypt.compare('Long-enough1', row.passwordHash)).toBe(true);
  });

  it.each(['user', 'author', 'editor', 'admin'])('lets an admin create the role %s', async (role) => {
    const res = await addUser(newUser({ role }));
    expect(res.status).toBe(201);
    expect(res.body.role).toBe(role);
  });

  it.each([
    [{ password: 'Short7!' }, 'Password must be at least 8 characters long'],
    [{ password: 'longenough' }, 'Password must contain an upper-case letter'],
    [{ password: 'Long-enough' }, 'Password must contain a digit'],
    [{ password: undefined }, 'Password is required'],
    [{ name: 'N' }, 'Name must be at least 2 characters.'],
    [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters.'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 12 }, 'Email is required.'],
    [{ role: 'owner' }, 'Role must be one of'],
    [{ role: 'super_admin' }, 'Role must be one of'],
    [{ bio: 'b'.repeat(1001) }, 'Bio must be at most 1000 characters.'],
  ])('refuses %j with 400 and creates nothing', async (override, message) => {
    const body = newUser(override);
    const before = await db.user.count();
    const res = await addUser(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details.join(' ')).toContain(message);
    expect(await db.user.count()).toBe(before);
  });

  it('does not take an underscore in an email for a wildcard: j_doe@ is free while jxdoe@ exists', async () => {
    const existing = await createUser(db, { role: 'user', email: 'jxdoe@example.test' });
    const res = await addUser(newUser({ email: 'j_doe@example.test' }));
    expect(res.status).toBe(201);
    expect(await db.user.count({ where: { email: 'j_doe@example.test' } })).toBe(1);
    await db.user.deleteMany({ where: { id: { in: [existing.id, res.body.id] } } });
  });

  it('refuses an email already registered, whatever its case, with 409', async () => {
    const existing = await createUser(db, { role: 'user', email: 'taken@example.test' });
    const res = await addUser(newUser({ email: 'TAKEN@example.test' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with this email already exists.');
    expect(await db.user.count({ where: { email: { equals: 'taken@example.test', mode: 'insensitive' } } })).toBe(1);
    await db.user.delete({ where: { id: existing.id } });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(app).post('/api/users').set(adminAuth()).set('Content-Type', 'application/json').send('{"name": "x",');
    expect(res.status).toBe(400);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates only the fields sent', async () => {
    const target = await createUser(db, { role: 'author', name: 'Old Name', bio: 'Old bio' });
    const res = await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({ role: 'editor', version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Old Name', role: 'editor', bio: 'Old bio' });
    const cleared = await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({ bio: null, version: res.body.version });
    expect(cleared.body.bio).toBeNull();
    const row = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(row).toMatchObject({ role: 'editor', bio: null, passwordHash: target.passwordHash });
  });

  it('a new password replaces the hash and signs the user out everywhere', async () => {
    const { user, auth } = await login(ctx, 'author');
    const res = await request(app)
      .put(`/api/users/${user.id}`)
      .set(adminAuth())
      .send({ password: 'Brand-new-pass1', version: user.version });
    expect(res.status).toBe(200);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await bcrypt.compare('Brand-new-pass1', row.passwordHash)).toBe(true);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await request(app).post('/api/breaking-news').set(auth).send({ headline: 'Still here?' })).status).toBe(401);
  });

  it('an admin changing their own password keeps the session they used', async () => {
    const me = await login(ctx, 'admin');
    const other = await login(ctx, 'admin', { email: `second-${me.user.email}` });
    await db.session.updateMany({ where: { userId: other.user.id }, data: { userId: me.user.id } });
    const res = await request(app)
      .put(`/api/users/${me.user.id}`)
      .set(me.auth)
      .send({ password: 'My-new-password1', version: me.user.version });
    expect(res.status).toBe(200);
    expect(await db.session.count({ where: { userId: me.user.id } })).toBe(1);
    expect((await request(app).get('/api/users?limit=1').set(me.auth)).status).toBe(200);
    expect((await request(app).get('/api/users?limit=1').set(other.auth)).status).toBe(401);
  });

  it('refuses an empty update, a taken email, a bad id and an unknown id', async () => {
    const target = await createUser(db, { role: 'author' });
    const other = await createUser(db, { role: 'author' });
    const empty = await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContain('Provide at least one field to update.');
    const taken = await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({ email: other.email.toUpperCase(), version: 1 });
    expect(taken.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).email).toBe(target.email);
    expect((await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({ email: target.email, version: 1 })).status).toBe(200);
    expect((await request(app).put('/api/users/nope').set(adminAuth()).send({ name: 'Valid Name', version: 1 })).status).toBe(404);
    expect((await request(app).put(`/api/users/${UNKNOWN}`).set(adminAuth()).send({ name: 'Valid Name', version: 1 })).status).toBe(404);
    expect((await request(app).put(`/api/users/${target.id}`).set(adminAuth()).send({ password: 'short', version: 2 })).status).toBe(400);
  });
});

describe('user-management limits (docs/spec/CONTRACT.md §3)', () => {
  it('an admin cannot create a super-admin', async () => {
    const body = newUser({ role: 'super-admin' });
    const res = await addUser(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a super-admin can grant the super-admin role.');
    expect(await db.user.findUnique({ where: { email: body.email } })).toBeNull();
  });

  it('a super-admin can create a super-admin', async () => {
    const res = await addUser(newUser({ role: 'super-admin' }), superAuth());
    expect(res.status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { id: res.body.id } })).role).toBe('super_admin');
  });

  it('an admin cannot grant the super-admin role, not even to themselves', async () => {
    const target = await createUser(db, { role: 'editor' });
    for (const id of [target.id, byRole.admin.user.id]) {
      const res = await request(app).put(`/api/users/${id}`).set(adminAuth()).send({ role: 'super-admin', version: 1 });
      expect(res.status).toBe(403);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe('editor');
    expect((await db.user.findUniqueOrThrow({ where: { id: byRole.admin.user.id } })).role).toBe('admin');
  });

  it('an admin cannot edit, suspend, unsuspend or delete a super-admin', async () => {
    const sa = await createUser(db, { role: 'super-admin', name: 'Top Boss' });
    const edit = await request(app).put(`/api/users/${sa.id}`).set(adminAuth()).send({ name: 'Demoted Boss', role: 'author', version: 1 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('Only a super-admin can change a super-admin account.');
    expect((await request(app).post(`/api/users/${sa.id}/suspend`).set(adminAuth())).status).toBe(403);
    expect((await request(app).delete(`/api/users/${sa.id}`).set(adminAuth())).status).toBe(403);
    expect(await db.user.findUniqueOrThrow({ where: { id: sa.id } })).toMatchObject({
      name: 'Top Boss',
      role: 'super_admin',
      suspended: false,
    });

    await db.user.update({ where: { id: sa.id }, data: { suspended: true } });
    expect((await request(app).post(`/api/users/${sa.id}/unsuspend`).set(adminAuth())).status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: sa.id } })).suspended).toBe(true);
    await db.user.delete({ where: { id: sa.id } });
  });

  it('a super-admin can edit, suspend and delete another super-admin', async () => {
    const sa = await createUser(db, { role: 'super-admin' });
    expect((await request(app).put(`/api/users/${sa.id}`).set(superAuth()).send({ role: 'admin', version: 1 })).status).toBe(200);
    expect((await request(app).post(`/api/users/${sa.id}/suspend`).set(superAuth())).status).toBe(200);
    expect((await request(app).delete(`/api/users/${sa.id}`).set(superAuth())).status).toBe(200);
    expect(await db.user.findUnique({ where: { id: sa.id } })).toBeNull();
  });

  it.each(['admin', 'super-admin'] as const)('a %s cannot suspend or delete their own account', async (role) => {
    const me = await login(ctx, role);
    const suspend = await request(app).post(`/api/users/${me.user.id}/suspend`).set(me.auth);
    expect(suspend.status).toBe(403);
    expect(suspend.body.message).toBe('You cannot suspend your own account.');
    const del = await request(app).delete(`/api/users/${me.user.id}`).set(me.auth);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('You cannot delete your own account.');
    expect(await db.user.findUniqueOrThrow({ where: { id: me.user.id } })).toMatchObject({ suspended: false });
    expect(await db.session.count({ where: { userId: me.user.id } })).toBe(1);
  });

  it('the last active super-admin cannot be demoted; with another one it can', async () => {
    const me = await login(ctx, 'super-admin');
    const others = await db.user.findMany({
      where: { role: 'super_admin', suspended: false, NOT: { id: me.user.id } },
      select: { id: true },
    });
    await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { suspended: true } });
    try {
      const res = await request(app).put(`/api/users/${me.user.id}`).set(me.auth).send({ role: 'admin', version: 1 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The last super-admin cannot be removed, suspended or demoted.');
      expect((await db.user.findUniqueOrThrow({ where: { id: me.user.id } })).role).toBe('super_admin');
      // Other changes to the last super-admin are fine.
      expect(
        (await request(app).put(`/api/users/${me.user.id}`).set(me.auth).send({ role: 'super-admin', bio: 'Still in charge', version: 1 }))
          .status,
      ).toBe(200);
    } finally {
      await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { suspended: false } });
    }
    const res = await request(app).put(`/api/users/${me.user.id}`).set(me.auth).send({ role: 'admin', version: 2 });
    expect(res.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: me.user.id } })).role).toBe('admin');
  });

  it('two super-admins demoting each other at once leave one super-admin', async () => {
    const one = await login(ctx, 'super-admin');
    const two = await login(ctx, 'super-admin');
    const others = await db.user.findMany({
      where: { role: 'super_admin', suspended: false, id: { notIn: [one.user.id, two.user.id] } },
      select: { id: true },
    });
    await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { suspended: true } });
    try {
      const [r1, r2] = await Promise.all([
        request(app).put(`/api/users/${two.user.id}`).set(one.auth).send({ role: 'editor', version: 1 }),
        request(app).put(`/api/users/${one.user.id}`).set(two.auth).send({ role: 'editor', version: 1 }),
      ]);
      // One wins. The other is refused: 409 when both passed the permission check before either
      // change committed, 403 when the winner had already demoted its author.
      const [won, lost, winner] = r1.status === 200 ? [r1, r2, one] : [r2, r1, two];
      expect(won.status).toBe(200);
      expect([403, 409]).toContain(lost.status);
      if (lost.status === 409) expect(lost.body.message).toBe('The last super-admin cannot be removed, suspended or demoted.');
      const left = await db.user.findMany({ where: { id: { in: [one.user.id, two.user.id] }, role: 'super_admin' } });
      expect(left.map((u) => u.id)).toEqual([winner.user.id]);
    } finally {
      await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { suspended: false } });
    }
  });
});

describe('suspension', () => {
  it('revokes every session at once: an existing token answers 401 and login answers 403', async () => {
    const victim = await login(ctx, 'author');
    const before = await request(app).post('/api/breaking-news').set(victim.auth).send({ headline: 'Before suspension' });
    expect(before.status).toBe(201);

    const res = await request(app).post(`/api/users/${victim.user.id}/suspend`).set(adminAuth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: victim.user.id, suspended: true });
    expect(await db.session.count({ where: { userId: victim.user.id } })).toBe(0);

    const after = await request(app).post('/api/breaking-news').set(victim.auth).send({ headline: 'After suspension' });
    expect(after.status).toBe(401);
    expect(await db.breakingNews.count({ where: { headline: 'After suspension' } })).toBe(0);

    const loginRes = await request(app).post('/api/auth/login').send({ email: victim.user.email, password: TEST_PASSWORD });
    // The auth routes are built separately; while they are absent the token check above is the proof.
    if (loginRes.status !== 404) {
      expect(loginRes.status).toBe(403);
      expect(loginRes.body.token).toBeUndefined();
    }

    const un = await request(app).post(`/api/users/${victim.user.id}/unsuspend`).set(adminAuth());
    expect(un.status).toBe(200);
    expect(un.body.suspended).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.user.id } })).suspended).toBe(false);
    // Old tokens stay revoked after the suspension is lifted.
    expect((await request(app).post('/api/breaking-news').set(victim.auth).send({ headline: 'Old token' })).status).toBe(401);
  });

  it('answers 404 for an unknown user and for a malformed id', async () => {
    expect((await request(app).post(`/api/users/${UNKNOWN}/suspend`).set(adminAuth())).status).toBe(404);
    expect((await request(app).post(`/api/users/${UNKNOWN}/unsuspend`).set(adminAuth())).status).toBe(404);
    expect((await request(app).post("/api/users/1'--/suspend").set(adminAuth())).status).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('refuses with 409 while the user has articles, and keeps the user and the articles', async () => {
    const author = await createUser(db, { role: 'author' });
    const category = await createCategory(db);
    const article = await createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published' });
    const res = await request(app).delete(`/api/users/${author.id}`).set(adminAuth());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This user still has 1 article: choose another author to take them over, or delete their articles first.',
    );
    expect(await db.user.findUnique({ where: { id: author.id } })).not.toBeNull();
    expect(await db.article.findUnique({ where: { id: article.id } })).not.toBeNull();
  });

  it('refuses with 409 while the user has breaking news', async () => {
    const author = await createUser(db, { role: 'author' });
    await createBreakingNews(db, { authorId: author.id });
    await createBreakingNews(db, { authorId: author.id, status: 'published' });
    const res = await request(app).delete(`/api/users/${author.id}`).set(superAuth());
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('2 breaking-news items');
    expect(await db.user.findUnique({ where: { id: author.id } })).not.toBeNull();
  });

  it('otherwise deletes the user with their sessions and comments, keeping their views anonymously', async () => {
    const writer = await createUser(db, { role: 'author' });
    const category = await createCategory(db);
    const article = await createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published' });
    const reader = await login(ctx, 'user');
    const comment = await createComment(db, { articleId: article.id, authorId: reader.user.id });
    const view = await db.viewLog.create({ data: { articleId: article.id, userId: reader.user.id, viewedAt: new Date() } });

    const res = await request(app).delete(`/api/users/${reader.user.id}`).set(adminAuth());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted' });
    expect(await db.user.findUnique({ where: { id: reader.user.id } })).toBeNull();
    expect(await db.session.count({ where: { userId: reader.user.id } })).toBe(0);
    expect(await db.comment.findUnique({ where: { id: comment.id } })).toBeNull();
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: view.id } })).userId).toBeNull();
    expect(await db.article.findUnique({ where: { id: article.id } })).not.toBeNull();
    expect((await request(app).post('/api/breaking-news').set(reader.auth).send({ headline: 'x' })).status).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await request(app).delete(`/api/users/${UNKNOWN}`).set(adminAuth())).status).toBe(404);
    expect((await request(app).delete('/api/users/%E0%A4%A').set(adminAuth())).status).toBe(400);
  });
});

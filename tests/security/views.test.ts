import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../server/src/views/uuid7';
import { viewToken } from '../../server/src/views/views.service';
import { createTestApp } from '../helpers/app';
import { actors, createArticle, createCategory, createUser, login } from '../helpers/factories';

/**
 * Issue 9, items 12 and 16: view counts could be inflated and backdated, durations overwritten, drafts probed.
 * Issue 22, item 8: sock-puppet accounts inflated views.
 */
const { app, ctx, db } = await createTestApp({ TRUST_PROXY: '1' });
const { byRole, headers } = await actors(ctx);
const category = await createCategory(db);
const writer = await createUser(db, { role: 'author' });
const published = () => createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published' });
const client = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
const counter = async (id: string) => (await db.article.findUniqueOrThrow({ where: { id }, select: { totalViews: true } })).totalViews;
const view = (articleId: string, who: Record<string, string> = client(1), body: object = {}) =>
  request(app).post(`/api/view/article/${articleId}`).set(who).send(body);

describe('one client cannot inflate a view count', () => {
  it('counts 50 sequential and 50 concurrent views from one client once, and answers each without an error', async () => {
    const article = await published();
    const first = await view(article.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, counted: true, totalViews: 1 });
    for (let i = 0; i < 50; i++) {
      const again = await view(article.id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, counted: false, id: null, token: null, totalViews: 1 });
    }
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => view(article.id)));
    expect(concurrent.every((r) => r.status === 200 && r.body.totalViews === 1)).toBe(true);
    expect(await counter(article.id)).toBe(1);
    expect(await db.viewLog.count({ where: { articleId: article.id } })).toBe(1);
  });

  it('counts the first of 30 concurrent views of a fresh article exactly once', async () => {
    const article = await published();
    const results = await Promise.all(Array.from({ length: 30 }, () => view(article.id, client(2))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(29);
    expect(await counter(article.id)).toBe(1);
    expect(await db.viewLog.count({ where: { articleId: article.id } })).toBe(1);
  });

  it('counts other clients, and a signed-in reader apart from the anonymous one on the same address', async () => {
    const article = await published();
    expect((await view(article.id, client(3))).status).toBe(201);
    expect((await view(article.id, client(4))).status).toBe(201);
    expect((await view(article.id, { ...client(3), ...headers('user') })).status).toBe(201);
    expect((await view(article.id, { ...client(3), ...headers('user') })).status).toBe(200);
    expect(await counter(article.id)).toBe(3);
  });

  // Issue 22, item 8: one-step sign-up needs no code, so accounts are free; only a proven address is a viewer.
  it('counts 20 fresh one-step accounts viewing from one address as one view', async () => {
    const article = await published();
    const from = client(10);
    const signups = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(app)
          .post('/api/auth/signup')
          .set(from)
          .send({ name: `Puppet ${i}`, email: `puppet-${i}-${article.id.slice(-8)}@example.test`, password: 'Puppet-Pass#123' }),
      ),
    );
    expect(signups.map((r) => r.status)).toEqual(Array(20).fill(201));
    const views = await Promise.all(signups.map((r) => view(article.id, { ...from, Authorization: `Bearer ${r.body.token}` })));
    expect(views.filter((r) => r.status === 201)).toHaveLength(1);
    expect(views.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await counter(article.id)).toBe(1);
    // The accounts share the address's window with its anonymous readers.
    expect((await view(article.id, from)).status).toBe(200);
    expect(await counter(article.id)).toBe(1);
  });

  it('counts two verified accounts on one address as two views', async () => {
    const article = await published();
    const [one, two] = await Promise.all([login(ctx, 'user'), login(ctx, 'user')]);
    expect(one.user.emailVerifiedAt).not.toBeNull();
    const from = client(11);
    expect((await view(article.id, { ...from, ...one.auth })).status).toBe(201);
    expect((await view(article.id, { ...from, ...two.auth })).status).toBe(201);
    expect((await view(article.id, { ...from, ...two.auth })).status).toBe(200);
    expect(await counter(article.id)).toBe(2);
  });

  it('counts the same client again once the 30-minute window has passed', async () => {
    const article = await published();
    expect((await view(article.id, client(5))).status).toBe(201);
    expect((await view(article.id, client(5))).status).toBe(200);
    // The window closes: what 30 minutes would do.
    await db.rateLimit.updateMany({
      where: { key: { startsWith: `view:${article.id}:` } },
      data: { resetAt: new Date(Date.now() - 1000) },
    });
    expect((await view(article.id, client(5))).status).toBe(201);
    expect(await counter(article.id)).toBe(2);
  });
});

describe('viewedAt is the time of the request, give or take a day', () => {
  it.each([
    ['1970', '1970-01-01T00:00:00.000Z'],
    ['two days ago', new Date(Date.now() - 48 * 3_600_000).toISOString()],
    ['four minutes ahead', new Date(Date.now() + 4 * 60_000).toISOString()],
  ])('stores a viewedAt of %s as now', async (_label, viewedAt) => {
    const article = await published();
    const before = Date.now();
    const res = await view(article.id, client(6), { viewedAt });
    expect(res.status).toBe(201);
    const log = await db.viewLog.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(log.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(log.viewedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('keeps a viewedAt of a moment ago', async () => {
    const article = await published();
    const viewedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const res = await view(article.id, client(7), { viewedAt });
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: res.body.id } })).viewedAt.toISOString()).toBe(viewedAt);
  });
});

describe('only the client that logged a view may set its duration', () => {
  it('refuses a duration update without the token, or with the token of another view, with 404 and changes nothing', async () => {
    const mine = (await view((await published()).id, client(8))).body as { id: string; token: string };
    const other = (await view((await published()).id, client(9))).body as { id: string; token: string };

    for (const body of [{ duration: 9999 }, { duration: 9999, token: other.token }, { duration: 9999, token: 'x'.repeat(43) }]) {
      const res = await request(app).put(`/api/view/${mine.id}/duration`).send(body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Not Found');
    }
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: mine.id } })).durationSeconds).toBeNull();

    const ok = await request(app).put(`/api/view/${mine.id}/duration`).send({ duration: 42, token: mine.token });
    expect(ok.status).toBe(200);
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: mine.id } })).durationSeconds).toBe(42);
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: other.id } })).durationSeconds).toBeNull();
  });

  it('answers 404 for a view that does not exist, even with a well-formed token', async () => {
    const id = uuidv7();
    expect(
      (
        await request(app)
          .put(`/api/view/${id}/duration`)
          .send({ duration: 1, token: viewToken(ctx.jwtSecret, id) })
      ).status,
    ).toBe(404);
  });
});

describe("an author cannot probe another author's drafts through the view logs", () => {
  it('answers 404 as GET /api/articles/:id does, for drafts and unpublished articles of others', async () => {
    for (const status of ['draft', 'unpublished'] as const) {
      const theirs = await createArticle(db, { authorId: writer.id, categoryId: category.id, status });
      const logs = await request(app).get(`/api/view/article/${theirs.id}`).set(headers('author'));
      const article = await request(app).get(`/api/articles/${theirs.id}`).set(headers('author'));
      expect(article.status).toBe(404);
      expect(logs.status).toBe(404);
      expect(logs.body).toEqual(expect.objectContaining({ error: 'Not Found' }));
      expect((await request(app).get(`/api/view/article/${theirs.id}`).set(headers('editor'))).status).toBe(200);
    }
    const own = await createArticle(db, { authorId: byRole.author.user.id, categoryId: category.id, status: 'draft' });
    expect((await request(app).get(`/api/view/article/${own.id}`).set(headers('author'))).status).toBe(200);
    expect(
      (
        await request(app)
          .get(`/api/view/article/${(await published()).id}`)
          .set(headers('author'))
      ).status,
    ).toBe(200);
  });
});

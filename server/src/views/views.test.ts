import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Article, ViewLog } from '#shared/types';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, createArticle, createCategory, createUser, type Actor } from '#tests/helpers/factories';
import { uuidv7 } from './uuid7';

// Behind a proxy that names the client, so that tests can be several readers (one view per reader counts).
const { app, ctx, db } = await createTestApp({ TRUST_PROXY: '1' });
const { byRole, headers } = await actors(ctx);
const category = await createCategory(db);
const writer = await createUser(db, { role: 'author' });

const published = (extra: { totalViews?: number; publishedAt?: Date } = {}) =>
  createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published', ...extra });
const draft = (extra: { totalViews?: number } = {}) =>
  createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'draft', ...extra });
const totalViews = async (id: string) => (await db.article.findUniqueOrThrow({ where: { id }, select: { totalViews: true } })).totalViews;
const STAFF_ONLY: Record<Actor, number> = { anonymous: 401, user: 403, author: 200, editor: 200, admin: 200, 'super-admin': 200 };
const MISSING = '0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f';
/** Reader number `n`: another client address. */
const reader = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}` });

describe('POST /api/view/article/:id', () => {
  it('counts an id in any letter case as the same article and the same 30-minute window, signed in or not', async () => {
    const article = await published();
    const post = (id: string, n: number, auth: Record<string, string> = {}) =>
      request(app).post(`/api/view/article/${id}`).set(reader(n)).set(auth).send({});
    // Anonymous: the view lane answers; signed in: the route does. Both parse the id the same way.
    expect((await post(article.id, 1)).body.counted).toBe(true);
    expect((await post(article.id.toUpperCase(), 1)).body).toMatchObject({ counted: false, totalViews: 1 });
    expect((await post(article.id.toUpperCase(), 2)).body).toMatchObject({ counted: true, totalViews: 2 });
    expect((await post(article.id.toUpperCase(), 3, headers('user'))).body).toMatchObject({ counted: true, totalViews: 3 });
    expect((await post(article.id, 3, headers('user'))).body).toMatchObject({ counted: false, totalViews: 3 });
    const logs = await db.viewLog.findMany({ where: { articleId: article.id } });
    expect(logs).toHaveLength(3);
  });

  it('stores one view log with its read depth and adds 1 to totalViews', async () => {
    const article = await published();
    const viewedAt = new Date(Date.now() - 60_000).toISOString();
    const body = { viewedAt, percentViewed: 87.5, fullyViewed: true, middleViewed: true, topViewed: true, bottomViewed: false };
    const res = await request(app).post(`/api/view/article/${article.id}`).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, counted: true, id: expect.any(String), token: expect.any(String), totalViews: 1 });
    const log = await db.viewLog.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(log).toMatchObject({
      articleId: article.id,
      userId: null,
      percentViewed: 87.5,
      fullyViewed: true,
      middleViewed: true,
      topViewed: true,
      bottomViewed: false,
    });
    expect(log.viewedAt.toISOString()).toBe(viewedAt);
    expect(await totalViews(article.id)).toBe(1);
  });

  it('defaults every field: viewedAt now, percentViewed 0, flags false', async () => {
    const article = await published();
    const before = Date.now();
    const res = await request(app).post(`/api/view/article/${article.id}`);
    expect(res.status).toBe(201);
    const log = await db.viewLog.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(log).toMatchObject({
      percentViewed: 0,
      fullyViewed: false,
      middleViewed: false,
      topViewed: false,
      bottomViewed: false,
      durationSeconds: null,
    });
    expect(log.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(log.viewedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each(ACTORS)("as %s: anyone may log a view; a signed-in viewer's id is kept", async (actor: Actor) => {
    const article = await published();
    const res = await request(app)
      .post(`/api/view/article/${article.id}`)
      .set(headers(actor))
      .send({ percentViewed: 100, fullyViewed: true });
    expect(res.status).toBe(201);
    const log = await db.viewLog.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(log.userId).toBe(actor === 'anonymous' ? null : byRole[actor].user.id);
    expect(await totalViews(article.id)).toBe(1);
  });

  it('counts 20 concurrent views of 20 readers exactly', async () => {
    const article = await published({ totalViews: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => request(app).post(`/api/view/article/${article.id}`).set(reader(n)).send({ percentViewed: 50 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.totalViews)).size).toBe(20);
    expect(Math.max(...results.map((r) => r.body.totalViews))).toBe(25);
    expect(await totalViews(article.id)).toBe(25);
    expect(await db.viewLog.count({ where: { articleId: article.id } })).toBe(20);
  });

  it("counts sequential readers' views one by one and leaves updatedAt alone", async () => {
    const article = await published();
    for (let i = 1; i <= 3; i++)
      expect((await request(app).post(`/api/view/article/${article.id}`).set(reader(i))).body.totalViews).toBe(i);
    const after = await db.article.findUniqueOrThrow({ where: { id: article.id } });
    expect(after.updatedAt.getTime()).toBe(article.updatedAt.getTime());
  });

  it('refuses views of a draft or a missing article with 404, counting nothing', async () => {
    const hidden = await draft();
    const res = await request(app).post(`/api/view/article/${hidden.id}`).set(headers('admin')).send({});
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not Found');
    expect(await totalViews(hidden.id)).toBe(0);
    expect(await db.viewLog.count({ where: { articleId: hidden.id } })).toBe(0);
    expect((await request(app).post(`/api/view/article/${MISSING}`).send({})).status).toBe(404);
  });

  it.each([
    [{ percentViewed: 101 }, 'percentViewed must be between 0 and 100'],
    [{ percentViewed: -1 }, 'percentViewed must be between 0 and 100'],
    [{ percentViewed: '50' }, 'percentViewed must be a number'],
    [{ fullyViewed: 'yes' }, 'fullyViewed must be true or false'],
    [{ viewedAt: 'yesterday' }, 'viewedAt must be an ISO 8601 date-time'],
    [{ viewedAt: 1700000000000 }, 'viewedAt must be an ISO 8601 date-time'],
    [{ viewedAt: new Date(Date.now() + 60 * 60_000).toISOString() }, 'viewedAt cannot be more than 5 minutes in the future'],
  ])('refuses %j with 400 and counts nothing', async (body, detail) => {
    const article = await published();
    const res = await request(app).post(`/api/view/article/${article.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details).toContain(detail);
    expect(await totalViews(article.id)).toBe(0);
    expect(await db.viewLog.count({ where: { articleId: article.id } })).toBe(0);
  });

  it('accepts a client clock a little ahead (under 5 minutes)', async () => {
    const article = await published();
    const res = await request(app)
      .post(`/api/view/article/${article.id}`)
      .send({ viewedAt: new Date(Date.now() + 4 * 60_000).toISOString() });
    expect(res.status).toBe(201);
  });

  it('answers malformed JSON with 400 and bad ids with 404, never 5xx', async () => {
    const article = await published();
    const broken = await request(app)
      .post(`/api/view/article/${article.id}`)
      .set('Content-Type', 'application/json')
      .send('{"percentViewed":');
    expect(broken.status).toBe(400);
    expect((await request(app).post('/api/view/article/42').send({})).status).toBe(404);
    expect((await request(app).post(`/api/view/article/${article.id}`).send([1, 2])).status).toBe(400);
    expect(await totalViews(article.id)).toBe(0);
  });
});

describe('GET /api/view/article/:id (view logs)', () => {
  it.each(ACTORS)('as %s: only staff list view logs', async (actor: Actor) => {
    const article = await published();
    await request(app).post(`/api/view/article/${article.id}`).send({ percentViewed: 10 });
    const res = await request(app).get(`/api/view/article/${article.id}`).set(headers(actor));
    expect(res.status).toBe(STAFF_ONLY[actor]);
    if (res.status === 200) expect(res.body.data).toHaveLength(1);
    else expect(res.body.data).toBeUndefined();
  });

  it('lists newest first with pagination', async () => {
    const article = await published();
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 3; i++) {
      await request(app)
        .post(`/api/view/article/${article.id}`)
        .set(reader(i))
        .send({ viewedAt: new Date(base + i * 60_000).toISOString(), percentViewed: i * 10 });
    }
    const res = await request(app).get(`/api/view/article/${article.id}?limit=2`).set(headers('editor'));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 3, limit: 2, offset: 0 });
    expect(res.body.data.map((v: ViewLog) => v.percentViewed)).toEqual([20, 10]);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      articleId: article.id,
      viewedAt: new Date(base + 120_000).toISOString(),
      percentViewed: 20,
      fullyViewed: false,
      topViewed: false,
      middleViewed: false,
      bottomViewed: false,
      durationSeconds: null,
    });
    const rest = await request(app).get(`/api/view/article/${article.id}?limit=2&offset=2`).set(headers('editor'));
    expect(rest.body.data.map((v: ViewLog) => v.percentViewed)).toEqual([0]);
    expect((await request(app).get(`/api/view/article/${article.id}`).set(headers('editor'))).body.pagination.limit).toBe(50);
  });

  it('answers 404 for a missing article and 400 for bad input', async () => {
    expect((await request(app).get(`/api/view/article/${MISSING}`).set(headers('admin'))).status).toBe(404);
    expect((await request(app).get('/api/view/article/x').set(headers('admin'))).status).toBe(404);
    const article = await published();
    expect((await request(app).get(`/api/view/article/${article.id}?limit=201`).set(headers('admin'))).status).toBe(400);
  });
});

describe('GET /api/view/article/:id/stats', () => {
  it.each(ACTORS)('as %s: reads the counter of a published article', async (actor: Actor) => {
    const article = await published({ totalViews: 41 });
    await request(app).post(`/api/view/article/${article.id}`).send({});
    const res = await request(app).get(`/api/view/article/${article.id}/stats`).set(headers(actor));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ articleId: article.id, totalViews: 42 });
  });

  it('answers 404 for a draft or missing article', async () => {
    expect((await request(app).get(`/api/view/article/${(await draft({ totalViews: 3 })).id}/stats`)).status).toBe(404);
    expect((await request(app).get(`/api/view/article/${MISSING}/stats`)).status).toBe(404);
  });
});

describe('PUT /api/view/:id/duration', () => {
  const logView = async () =>
    (
      await request(app)
        .post(`/api/view/article/${(await published()).id}`)
        .send({})
    ).body as { id: string; token: string };

  it.each([0, 95, 86_400])('stores a duration of %i seconds', async (duration) => {
    const { id, token } = await logView();
    const res = await request(app).put(`/api/view/${id}/duration`).send({ token, duration });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await db.viewLog.findUniqueOrThrow({ where: { id } })).durationSeconds).toBe(duration);
  });

  it.each([{ duration: -1 }, { duration: 86_401 }, { duration: 1.5 }, { duration: '60' }, {}])('refuses %j with 400', async (body) => {
    const { id, token } = await logView();
    const res = await request(app)
      .put(`/api/view/${id}/duration`)
      .send({ token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.details.length).toBeGreaterThan(0);
    expect((await db.viewLog.findUniqueOrThrow({ where: { id } })).durationSeconds).toBeNull();
  });

  it('refuses a view older than 24 hours with 409 and leaves it unchanged', async () => {
    const { id, token } = await logView();
    await db.viewLog.update({ where: { id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    const res = await request(app).put(`/api/view/${id}/duration`).send({ token, duration: 30 });
    expect(res.status).toBe(409);
    expect((await db.viewLog.findUniqueOrThrow({ where: { id } })).durationSeconds).toBeNull();
  });

  it('answers 404 for an unknown view and for a bad id', async () => {
    expect((await request(app).put(`/api/view/${uuidv7()}/duration`).send({ duration: 1 })).status).toBe(404);
    expect((await request(app).put('/api/view/abc/duration').send({ duration: 1 })).status).toBe(404);
  });
});

describe('GET /api/view/top-articles', () => {
  it('answers the most viewed published articles, most views first, as list items (no content)', async () => {
    const [third, first, second] = await Promise.all([
      published({ totalViews: 1_000_001 }),
      published({ totalViews: 1_000_003 }),
      published({ totalViews: 1_000_002 }),
    ]);
    await draft({ totalViews: 9_999_999 });
    const res = await request(app).get('/api/view/top-articles?limit=3');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: Article) => a.id)).toEqual([first.id, second.id, third.id]);
    expect(res.body.data[0]).toMatchObject({
      id: first.id,
      title: first.title,
      status: 'published',
      totalViews: 1_000_003,
      author: { id: writer.id, name: writer.name },
      category: { id: category.id, name: category.name },
      section: 'General',
      media: [],
    });
    for (const item of res.body.data) expect(item).not.toHaveProperty('content');
  });

  it('answers 5 by default, at most 50, never a draft', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => published({ totalViews: 10 + i })));
    const res = await request(app).get('/api/view/top-articles');
    expect(res.body.data).toHaveLength(5);
    const views = res.body.data.map((a: Article) => a.totalViews);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    const all = await request(app).get('/api/view/top-articles?limit=50');
    expect(all.body.data.every((a: Article) => a.status === 'published')).toBe(true);
    expect(all.body.data.length).toBe(Math.min(50, await db.article.count({ where: { status: 'published' } })));
    expect((await request(app).get('/api/view/top-articles?limit=51')).status).toBe(400);
    expect((await request(app).get('/api/view/top-articles?limit=0')).status).toBe(400);
  });
});

describe('GET /api/view/daily', () => {
  const dayString = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  it.each(ACTORS)('as %s: only staff read daily views', async (actor: Actor) => {
    const res = await request(app).get('/api/view/daily?days=3').set(headers(actor));
    expect(res.status).toBe(STAFF_ONLY[actor]);
    if (res.status === 200) expect(res.body.data).toHaveLength(3);
  });

  it('answers one entry per UTC day, oldest first, zero-filled, counting views by viewedAt', async () => {
    const article = await published();
    const noonDaysAgo = (n: number) => new Date(`${dayString(n)}T12:00:00.000Z`);
    await db.viewLog.createMany({
      data: [
        { articleId: article.id, viewedAt: noonDaysAgo(2) },
        { articleId: article.id, viewedAt: noonDaysAgo(2) },
        { articleId: article.id, viewedAt: noonDaysAgo(5) },
        { articleId: article.id, viewedAt: noonDaysAgo(40) },
      ],
    });
    const res = await request(app).get('/api/view/daily?days=7').set(headers('author'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayString));
    const expected = await Promise.all(
      [6, 5, 4, 3, 2, 1, 0].map((n) =>
        db.viewLog.count({
          where: {
            viewedAt: {
              gte: new Date(`${dayString(n)}T00:00:00.000Z`),
              lt: new Date(new Date(`${dayString(n)}T00:00:00.000Z`).getTime() + 86_400_000),
            },
          },
        }),
      ),
    );
    expect(res.body.data.map((d: { views: number }) => d.views)).toEqual(expected);
    expect(res.body.data[1]).toEqual({ date: dayString(5), views: 1 });
    expect(res.body.data[4]).toEqual({ date: dayString(2), views: 2 });
    expect(res.body.data[0]).toEqual({ date: dayString(6), views: 0 });
  });

  it('covers 30 days by default and at most 90', async () => {
    const res = await request(app).get('/api/view/daily').set(headers('admin'));
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data.at(-1).date).toBe(dayString(0));
    expect((await request(app).get('/api/view/daily?days=90').set(headers('admin'))).body.data).toHaveLength(90);
    expect((await request(app).get('/api/view/daily?days=91').set(headers('admin'))).status).toBe(400);
    expect((await request(app).get('/api/view/daily?days=zero').set(headers('admin'))).status).toBe(400);
  });
});

import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, createBreakingNews, createUser, type Actor } from '#tests/helpers/factories';
import { deniedStatus, expectDeleteOutcome } from '#tests/helpers/permissions';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';

const { app, ctx, db } = await createTestApp();
let a: Awaited<ReturnType<typeof actors>>;
let otherAuthorId: string;

beforeAll(async () => {
  a = await actors(ctx);
  otherAuthorId = (await createUser(db, { role: 'author' })).id;
});

const STAFF = new Set<Actor>(['author', 'editor', 'admin', 'super-admin']);
const EDITORS = new Set<Actor>(['editor', 'admin', 'super-admin']);
const UNKNOWN = '0190a5b2-0000-7000-8000-000000000000';

describe('GET /api/breaking-news', () => {
  it('gives readers published items only, newest first by updatedAt, cacheable when anonymous; staff see all; nothing signed in is cached', async () => {
    await db.breakingNews.deleteMany();
    const old = await createBreakingNews(db, { authorId: otherAuthorId, status: 'published', headline: 'Old news' });
    const fresh = await createBreakingNews(db, { authorId: otherAuthorId, status: 'published', headline: 'Fresh news' });
    const draft = await createBreakingNews(db, { authorId: otherAuthorId, headline: 'Secret draft' });
    // Touching the old item moves it to the front of the ticker.
    await db.breakingNews.update({ where: { id: old.id }, data: { updatedAt: new Date(Date.now() + 60_000) } });

    for (const actor of ACTORS) {
      const res = await request(app).get('/api/breaking-news').set(a.headers(actor));
      expect(res.status, actor).toBe(200);
      const ids = (res.body.news as { id: string }[]).map((n) => n.id);
      if (STAFF.has(actor)) {
        expect(ids, actor).toEqual([old.id, draft.id, fresh.id]);
        expect(res.headers['cache-control']).toBe('private, no-store');
      } else {
        expect(ids, actor).toEqual([old.id, fresh.id]);
        // Only what nobody signed in asks for may be kept by a shared cache.
        expect(res.headers['cache-control']).toBe(actor === 'anonymous' ? PUBLIC_CACHE_CONTROL : 'private, no-store');
      }
      expect(res.headers.vary).toMatch(/Authorization/);
    }
  });

  it('returns the wire shape with the author name and wire role', async () => {
    await db.breakingNews.deleteMany();
    const sa = a.byRole['super-admin'].user;
    const item = await createBreakingNews(db, { authorId: sa.id, status: 'published', headline: 'Storm warning' });
    const res = await request(app).get('/api/breaking-news');
    expect(res.body.news).toEqual([
      {
        id: item.id,
        headline: 'Storm warning',
        status: 'published',
        author: { id: sa.id, name: sa.name, role: 'super-admin' },
        createdAt: item.createdAt.toISOString(),
        updatedAt: item.updatedAt.toISOString(),
        publishedAt: item.publishedAt?.toISOString(),
        scheduledAt: null,
        version: 1,
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('email');
  });

  it('filters by status for staff only, and honours limit', async () => {
    await db.breakingNews.deleteMany();
    for (let i = 0; i < 3; i++) await createBreakingNews(db, { authorId: otherAuthorId, status: 'published' });
    await createBreakingNews(db, { authorId: otherAuthorId });
    const drafts = await request(app).get('/api/breaking-news?status=draft').set(a.byRole.author.auth);
    expect(drafts.body.news.map((n: { status: string }) => n.status)).toEqual(['draft']);
    const anonymous = await request(app).get('/api/breaking-news?status=draft');
    expect(anonymous.body.news.every((n: { status: string }) => n.status === 'published')).toBe(true);
    expect((await request(app).get('/api/breaking-news?limit=2')).body.news).toHaveLength(2);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'status=pending', 'limit=1&limit=2'])('answers ?%s with 400', async (qs) => {
    const res = await request(app).get(`/api/breaking-news?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });
});

describe('POST /api/breaking-news', () => {
  it.each(ACTORS)('%s: creates a draft authored by the caller only when staff', async (actor) => {
    const headline = `Created by ${actor}`;
    const res = await request(app).post('/api/breaking-news').set(a.headers(actor)).send({ headline });
    const row = await db.breakingNews.findFirst({ where: { headline } });
    if (STAFF.has(actor)) {
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: row?.id, headline, status: 'draft', publishedAt: null });
      expect(row?.authorId).toBe(a.byRole[actor as Exclude<Actor, 'anonymous'>].user.id);
    } else {
      expect(res.status).toBe(deniedStatus(actor));
      expect(row).toBeNull();
    }
  });

  it('stores the headline as one trimmed line of plain text', async () => {
    const res = await request(app).post('/api/breaking-news').set(a.byRole.author.auth).send({ headline: '  Flood\n  warning\tissued  ' });
    expect(res.status).toBe(201);
    expect(res.body.headline).toBe('Flood warning issued');
  });

  it.each([
    [{}, 'Headline is required.'],
    [{ headline: '   ' }, 'Headline is required.'],
    [{ headline: ['a'] }, 'Headline is required.'],
    [{ headline: 'h'.repeat(101) }, 'Headline must be at most 100 characters.'],
  ])('refuses %j with 400', async (body, message) => {
    const before = await db.breakingNews.count();
    const res = await request(app).post('/api/breaking-news').set(a.byRole.editor.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details.join(' ')).toContain(message);
    expect(await db.breakingNews.count()).toBe(before);
  });

  it('accepts exactly 100 characters', async () => {
    expect(
      (
        await request(app)
          .post('/api/breaking-news')
          .set(a.byRole.editor.auth)
          .send({ headline: 'h'.repeat(100) })
      ).status,
    ).toBe(201);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(app)
      .post('/api/breaking-news')
      .set(a.byRole.editor.auth)
      .set('Content-Type', 'application/json')
      .send('{"headline"');
    expect(res.status).toBe(400);
  });
});

describe('PUT /api/breaking-news/:id', () => {
  // Who may edit what: an author only their own draft; editors and above anything.
  const cases: { name: string; owner: 'self-author' | 'other'; status: 'draft' | 'published' }[] = [
    { name: "the author's own draft", owner: 'self-author', status: 'draft' },
    { name: "the author's own published item", owner: 'self-author', status: 'published' },
    { name: "someone else's draft", owner: 'other', status: 'draft' },
    { name: "someone else's published item", owner: 'other', status: 'published' },
  ];
  for (const c of cases) {
    it.each(ACTORS)(`%s: edits ${c.name} only when allowed`, async (actor) => {
      const authorId = c.owner === 'self-author' ? a.byRole.author.user.id : otherAuthorId;
      const item = await createBreakingNews(db, { authorId, status: c.status, headline: 'Before' });
      const res = await request(app).put(`/api/breaking-news/${item.id}`).set(a.headers(actor)).send({ headline: 'After', version: 1 });
      const allowed = EDITORS.has(actor) || (actor === 'author' && c.owner === 'self-author' && c.status === 'draft');
      const row = await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } });
      if (allowed) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: item.id, headline: 'After', status: c.status });
        expect(row.headline).toBe('After');
      } else {
        expect(res.status).toBe(deniedStatus(actor));
        expect(row.headline).toBe('Before');
      }
    });
  }

  it('answers 404 for an unknown or malformed id, 400 for a bad headline', async () => {
    const auth = a.byRole.editor.auth;
    expect((await request(app).put(`/api/breaking-news/${UNKNOWN}`).set(auth).send({ headline: 'x', version: 1 })).status).toBe(404);
    expect((await request(app).put('/api/breaking-news/123').set(auth).send({ headline: 'x', version: 1 })).status).toBe(404);
    const item = await createBreakingNews(db, { authorId: otherAuthorId, headline: 'Kept' });
    expect((await request(app).put(`/api/breaking-news/${item.id}`).set(auth).send({ headline: 7, version: 1 })).status).toBe(400);
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } })).headline).toBe('Kept');
  });
});

describe('DELETE /api/breaking-news/:id', () => {
  it.each(ACTORS)('%s: deletes only as editor or above; a denied delete leaves the row', async (actor) => {
    const item = await createBreakingNews(db, { authorId: a.byRole.author.user.id });
    const res = await request(app).delete(`/api/breaking-news/${item.id}`).set(a.headers(actor));
    const row = await db.breakingNews.findUnique({ where: { id: item.id } });
    expectDeleteOutcome(actor, EDITORS.has(actor), res, row, 'Breaking news deleted');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await request(app).delete(`/api/breaking-news/${UNKNOWN}`).set(a.byRole.admin.auth)).status).toBe(404);
  });
});

describe('POST /api/breaking-news/:id/publish and /unpublish', () => {
  it.each(ACTORS)('%s: publishes and unpublishes only as editor or above', async (actor) => {
    const item = await createBreakingNews(db, { authorId: a.byRole.author.user.id });
    const pub = await request(app).post(`/api/breaking-news/${item.id}/publish`).set(a.headers(actor));
    const afterPublish = await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } });
    if (!EDITORS.has(actor)) {
      expect(pub.status).toBe(deniedStatus(actor));
      expect(afterPublish.status).toBe('draft');
      await db.breakingNews.update({ where: { id: item.id }, data: { status: 'published' } });
      const unpub = await request(app).post(`/api/breaking-news/${item.id}/unpublish`).set(a.headers(actor));
      expect(unpub.status).toBe(deniedStatus(actor));
      expect((await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } })).status).toBe('published');
      return;
    }
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: item.id, status: 'published', publishedAt: expect.any(String) });
    expect(afterPublish.status).toBe('published');
    const unpub = await request(app).post(`/api/breaking-news/${item.id}/unpublish`).set(a.headers(actor));
    expect(unpub.status).toBe(200);
    expect(unpub.body.status).toBe('draft');
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } })).status).toBe('draft');
  });

  it('keeps the first publication time and moves a republished item to the front', async () => {
    await db.breakingNews.deleteMany();
    const auth = a.byRole.editor.auth;
    const first = await createBreakingNews(db, { authorId: otherAuthorId });
    const second = await createBreakingNews(db, { authorId: otherAuthorId });
    const p1 = await request(app).post(`/api/breaking-news/${first.id}/publish`).set(auth);
    await request(app).post(`/api/breaking-news/${second.id}/publish`).set(auth);
    await request(app).post(`/api/breaking-news/${first.id}/unpublish`).set(auth);
    const p2 = await request(app).post(`/api/breaking-news/${first.id}/publish`).set(auth);
    expect(p2.body.publishedAt).toBe(p1.body.publishedAt);
    const ticker = await request(app).get('/api/breaking-news');
    expect(ticker.body.news.map((n: { id: string }) => n.id)).toEqual([first.id, second.id]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const auth = a.byRole.editor.auth;
    expect((await request(app).post(`/api/breaking-news/${UNKNOWN}/publish`).set(auth)).status).toBe(404);
    expect((await request(app).post(`/api/breaking-news/${UNKNOWN}/unpublish`).set(auth)).status).toBe(404);
    expect((await request(app).post('/api/breaking-news/%00/publish').set(auth)).status).toBe(404);
  });
});

import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, db, headers, article } = await articlesTestbed();
const editor = headers('editor');
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

const story = (overrides: Parameters<typeof article>[0] = {}) => article({ status: 'published', isStory: true, ...overrides });
const row = (id: string) => db.article.findUniqueOrThrow({ where: { id } });

/** Editors+ may publish and set flags; everybody else is refused (docs/spec/CONTRACT.md §3). */
const EDITORS_ONLY: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 200, admin: 200, 'super-admin': 200 };

// Featured and main-story slots are global: start every test from a clean slate.
beforeEach(async () => {
  await db.article.updateMany({ data: { isFeatured: false, featuredAt: null, isMainStory: false } });
});

describe('POST /api/articles/:id/publish and /unpublish', () => {
  it('publishes a draft and sets publishedAt on the first publication only', async () => {
    const a = await article();
    const first = await request(app).post(`/api/articles/${a.id}/publish`).set(editor);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('published');
    const publishedAt = first.body.publishedAt as string;
    expect(Date.parse(publishedAt)).toBeGreaterThan(Date.now() - 60_000);

    const off = await request(app).post(`/api/articles/${a.id}/unpublish`).set(editor);
    expect(off.body).toMatchObject({ status: 'unpublished', publishedAt });
    const again = await request(app).post(`/api/articles/${a.id}/publish`).set(editor);
    expect(again.body).toMatchObject({ status: 'published', publishedAt });
    expect((await row(a.id)).publishedAt?.toISOString()).toBe(publishedAt);
  });

  it('unpublishing clears the featured and main flags but keeps the story flag', async () => {
    const a = await story({ isFeatured: true, featuredAt: new Date(), isMainStory: true, section: 'Sports' });
    const res = await request(app).post(`/api/articles/${a.id}/unpublish`).set(editor);
    expect(res.body).toMatchObject({ status: 'unpublished', isStory: true, isFeatured: false, isMainStory: false });
    expect(await row(a.id)).toMatchObject({ status: 'unpublished', isFeatured: false, featuredAt: null, isMainStory: false });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const action of ['publish', 'unpublish']) {
      expect((await request(app).post(`/api/articles/${MISSING_UUID}/${action}`).set(editor)).status).toBe(404);
      expect((await request(app).post(`/api/articles/nope/${action}`).set(editor)).status).toBe(404);
    }
  });

  describe('who may publish (a denied publish leaves the status)', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article();
      const res = await request(app).post(`/api/articles/${a.id}/publish`).set(headers(actor));
      expect(res.status).toBe(EDITORS_ONLY[actor]);
      expect((await row(a.id)).status).toBe(EDITORS_ONLY[actor] === 200 ? 'published' : 'draft');
    });
  });

  describe('who may unpublish', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article({ status: 'published' });
      const res = await request(app).post(`/api/articles/${a.id}/unpublish`).set(headers(actor));
      expect(res.status).toBe(EDITORS_ONLY[actor]);
      expect((await row(a.id)).status).toBe(EDITORS_ONLY[actor] === 200 ? 'unpublished' : 'published');
    });
  });
});

describe('POST /api/articles/:id/status', () => {
  it('marks a story and sets its priority', async () => {
    const a = await article({ status: 'published' });
    const res = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ isStory: true, storyPriority: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isStory: true, storyPriority: 4, isMainStory: false });
    expect(await row(a.id)).toMatchObject({ isStory: true, storyPriority: 4 });
    const raised = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ storyPriority: 5 });
    expect(raised.body).toMatchObject({ isStory: true, storyPriority: 5 });
  });

  it('unmarking a story clears its featured and main flags', async () => {
    const a = await story({ isFeatured: true, featuredAt: new Date(), isMainStory: true, section: 'Business' });
    const res = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ isStory: false });
    expect(res.body).toMatchObject({ isStory: false, isFeatured: false, isMainStory: false });
    expect(await row(a.id)).toMatchObject({ isStory: false, isFeatured: false, featuredAt: null, isMainStory: false });
  });

  it('refuses main on a non-story with 409 and changes nothing', async () => {
    const a = await article({ status: 'published' });
    const res = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ isMainStory: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Conflict', message: 'Only stories can be set as main story' });
    const both = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ isStory: false, isMainStory: true });
    expect(both.status).toBe(409);
    expect(await row(a.id)).toMatchObject({ isStory: false, isMainStory: false });
  });

  it('refuses main on a story that is not published (a hidden main story would leave the section empty)', async () => {
    const a = await article({ isStory: true });
    const res = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send({ isMainStory: true });
    expect(res.status).toBe(409);
    expect((await row(a.id)).isMainStory).toBe(false);
  });

  it('setting a main story replaces the previous main story of the same section only', async () => {
    const sportsOld = await story({ section: 'Sports', isMainStory: true });
    const business = await story({ section: 'Business', isMainStory: true });
    const sportsNew = await story({ section: 'Sports' });
    const res = await request(app).post(`/api/articles/${sportsNew.id}/status`).set(editor).send({ isMainStory: true });
    expect(res.status).toBe(200);
    expect(res.body.isMainStory).toBe(true);
    expect((await row(sportsOld.id)).isMainStory).toBe(false);
    expect((await row(business.id)).isMainStory).toBe(true);
    const off = await request(app).post(`/api/articles/${sportsNew.id}/status`).set(editor).send({ isMainStory: false });
    expect(off.body).toMatchObject({ isMainStory: false, isStory: true });
  });

  it('leaves exactly one main story when six requests race for one section', async () => {
    const contenders = await Promise.all(Array.from({ length: 6 }, () => story({ section: 'Technology' })));
    const results = await Promise.all(
      contenders.map((c) => request(app).post(`/api/articles/${c.id}/status`).set(editor).send({ isMainStory: true })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await db.article.count({ where: { section: 'Technology', isMainStory: true } })).toBe(1);
  });

  it('answers 400 with details for bad bodies and 404 for unknown ids', async () => {
    const a = await story();
    const bodies = [
      {},
      { isStory: 'yes' },
      { storyPriority: 1.5 },
      { storyPriority: -1 },
      { storyPriority: 1_000_001 },
      { storyPriority: '3' },
      { isMainStory: null },
    ];
    for (const body of bodies) {
      const res = await request(app).post(`/api/articles/${a.id}/status`).set(editor).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    expect(await row(a.id)).toMatchObject({ isStory: true, storyPriority: 0 });
    expect((await request(app).post(`/api/articles/${MISSING_UUID}/status`).set(editor).send({ isStory: true })).status).toBe(404);
  });

  describe('who may change story flags (a denied change leaves the flags)', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article({ status: 'published' });
      const res = await request(app).post(`/api/articles/${a.id}/status`).set(headers(actor)).send({ isStory: true, storyPriority: 9 });
      expect(res.status).toBe(EDITORS_ONLY[actor]);
      expect(await row(a.id)).toMatchObject(
        EDITORS_ONLY[actor] === 200 ? { isStory: true, storyPriority: 9 } : { isStory: false, storyPriority: 0 },
      );
    });
  });
});

describe('POST /api/articles/:id/featured', () => {
  it('features a story and reports that nothing was unfeatured', async () => {
    const a = await story();
    const res = await request(app).post(`/api/articles/${a.id}/featured`).set(editor).send({ isFeatured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, isFeatured: true, unfeatured: null });
    expect((await row(a.id)).featuredAt).not.toBeNull();
  });

  it('featuring a fourth story unfeatures the one featured longest ago', async () => {
    const base = Date.now();
    const oldest = await story({ isFeatured: true, featuredAt: new Date(base - 30_000), title: 'oldest featured' });
    const middle = await story({ isFeatured: true, featuredAt: new Date(base - 20_000) });
    const newest = await story({ isFeatured: true, featuredAt: new Date(base - 10_000) });
    const fourth = await story();
    const res = await request(app).post(`/api/articles/${fourth.id}/featured`).set(editor).send({ isFeatured: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isFeatured: true, unfeatured: { id: oldest.id, title: 'oldest featured' } });
    expect(await row(oldest.id)).toMatchObject({ isFeatured: false, featuredAt: null });
    expect((await db.article.findMany({ where: { isFeatured: true }, select: { id: true } })).map((r) => r.id).sort()).toEqual(
      [middle.id, newest.id, fourth.id].sort(),
    );
  });

  it('never holds more than three featured stories under concurrent requests', async () => {
    const stories = await Promise.all(Array.from({ length: 6 }, () => story()));
    const results = await Promise.all(
      stories.map((s) => request(app).post(`/api/articles/${s.id}/featured`).set(editor).send({ isFeatured: true })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await db.article.count({ where: { isFeatured: true } })).toBe(3);
    expect(results.filter((r) => r.body.unfeatured !== null)).toHaveLength(3);
  });

  it('featuring an already featured story changes nothing', async () => {
    const featuredAt = new Date(Date.now() - 60_000);
    const a = await story({ isFeatured: true, featuredAt });
    const res = await request(app).post(`/api/articles/${a.id}/featured`).set(editor).send({ isFeatured: true });
    expect(res.body).toMatchObject({ isFeatured: true, unfeatured: null });
    expect((await row(a.id)).featuredAt?.toISOString()).toBe(featuredAt.toISOString());
  });

  it('unfeatures a story', async () => {
    const a = await story({ isFeatured: true, featuredAt: new Date() });
    const res = await request(app).post(`/api/articles/${a.id}/featured`).set(editor).send({ isFeatured: false });
    expect(res.body).toMatchObject({ isFeatured: false, unfeatured: null });
    expect(await row(a.id)).toMatchObject({ isFeatured: false, featuredAt: null });
  });

  it('refuses to feature a non-story or an unpublished story with 409', async () => {
    const plain = await article({ status: 'published' });
    const res = await request(app).post(`/api/articles/${plain.id}/featured`).set(editor).send({ isFeatured: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only stories can be featured');
    const hidden = await article({ isStory: true });
    expect((await request(app).post(`/api/articles/${hidden.id}/featured`).set(editor).send({ isFeatured: true })).status).toBe(409);
    expect(await db.article.count({ where: { id: { in: [plain.id, hidden.id] }, isFeatured: true } })).toBe(0);
  });

  it('answers 400 for bad bodies and 404 for unknown ids', async () => {
    const a = await story();
    for (const body of [{}, { isFeatured: 'true' }, { isFeatured: 1 }]) {
      const res = await request(app).post(`/api/articles/${a.id}/featured`).set(editor).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toEqual([expect.stringContaining('isFeatured')]);
    }
    expect((await request(app).post(`/api/articles/${MISSING_UUID}/featured`).set(editor).send({ isFeatured: true })).status).toBe(404);
  });

  describe('who may feature (a denied request leaves the flag)', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const a = await story();
      const res = await request(app).post(`/api/articles/${a.id}/featured`).set(headers(actor)).send({ isFeatured: true });
      expect(res.status).toBe(EDITORS_ONLY[actor]);
      expect((await row(a.id)).isFeatured).toBe(EDITORS_ONLY[actor] === 200);
    });
  });
});

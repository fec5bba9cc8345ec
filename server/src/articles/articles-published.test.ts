import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createCategory } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';

const { app, db, article, category } = await articlesTestbed();

const HOUR = 3_600_000;
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

// 25 published General articles, one per hour; the newest is "p0".
const general = [];
for (let i = 0; i < 25; i++) general.push(await article({ status: 'published', title: `p${i}`, publishedAt: at(i + 1) }));
// Same publishedAt: the more recently updated comes first.
const tieOld = await article({ status: 'published', title: 'tie-old', section: 'Business', publishedAt: at(100), updatedAt: at(90) });
const tieNew = await article({ status: 'published', title: 'tie-new', section: 'Business', publishedAt: at(100), updatedAt: at(80) });
const draft = await article({ title: 'hidden draft', section: 'Sports' });
const unpublished = await article({ status: 'unpublished', title: 'hidden unpublished', section: 'Sports', publishedAt: at(2) });
const sports = await article({
  status: 'published',
  title: 'sports story',
  section: 'Sports',
  publishedAt: at(3),
  isStory: true,
  isMainStory: true,
});
const opinion = await article({
  status: 'published',
  title: 'an opinion',
  section: 'OpinionsEditorials',
  publishedAt: at(4),
  isStory: true,
});
const world = await createCategory(db, 'World News');
const worldArticle = await article({
  status: 'published',
  title: 'world',
  categoryId: world.id,
  section: 'Technology',
  publishedAt: at(50),
});
const featuredOld = await article({
  status: 'published',
  title: 'featured old',
  isStory: true,
  isFeatured: true,
  featuredAt: at(30),
  publishedAt: at(0.5),
});
const featuredNew = await article({
  status: 'published',
  title: 'featured new',
  isStory: true,
  isFeatured: true,
  featuredAt: at(1),
  publishedAt: at(200),
});

const titles = (res: request.Response) => res.body.data.map((a: { title: string }) => a.title);
const get = (qs = '') => request(app).get(`/api/articles/published${qs}`);

describe('GET /api/articles/published', () => {
  it('lists published articles only, newest first, 20 by default, with the total', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 25 + 2 + 2 + 1 + 2, limit: 20, offset: 0 });
    expect(res.body.data).toHaveLength(20);
    expect(titles(res).slice(0, 3)).toEqual(['featured old', 'p0', 'p1']);
    const all = await get('?limit=100');
    expect(titles(all)).not.toContain(draft.title);
    expect(titles(all)).not.toContain(unpublished.title);
    const times = all.body.data.map((a: { publishedAt: string }) => Date.parse(a.publishedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('carries every field of an article but its content, which the single-article call carries (docs/spec/CONTRACT.md §2)', async () => {
    for (const qs of ['', '?section=Sports', `?category=${world.slug}`, '?featured=true', '?main=true', '?story=true']) {
      const res = await get(qs);
      expect(res.body.data.length, qs).toBeGreaterThan(0);
      for (const item of res.body.data) expect(item, qs).not.toHaveProperty('content');
    }
    const [item] = (await get('?main=true')).body.data;
    const single = await request(app).get(`/api/articles/${sports.id}`);
    expect(single.body.content).toBe(sports.content);
    const { content: _body, corrections: _corrections, ...rest } = single.body;
    expect(item).toEqual(rest);
  });

  it('breaks publishedAt ties by updatedAt, newest first', async () => {
    const res = await get('?section=business');
    expect(titles(res)).toEqual([tieNew.title, tieOld.title]);
  });

  it('pages with limit and offset without overlap', async () => {
    const first = await get('?section=General&limit=10&offset=0');
    const second = await get('?section=General&limit=10&offset=10');
    expect(first.body.pagination).toEqual({ total: 27, limit: 10, offset: 0 });
    expect(second.body.pagination.offset).toBe(10);
    const overlap = titles(first).filter((t: string) => titles(second).includes(t));
    expect(overlap).toEqual([]);
    expect(titles(second)[0]).toBe('p9');
    const beyond = await get('?offset=1000');
    expect(beyond.body).toEqual({ data: [], pagination: { total: 32, limit: 20, offset: 1000 } });
  });

  it('caps limit at 100', async () => {
    const res = await get('?limit=100000');
    expect(res.status).toBe(200);
    expect(res.body.pagination.limit).toBe(100);
    expect(res.body.data).toHaveLength(32);
  });

  it('filters by section: wire name in any case and the lowercase aliases', async () => {
    expect(titles(await get('?section=Sports'))).toEqual(['sports story']);
    expect(titles(await get('?section=SPORTS'))).toEqual(['sports story']);
    for (const alias of ['editorials', 'opinions', 'Opinions%20%26%20Editorials', 'opinions%20%26%20editorials']) {
      expect(titles(await get(`?section=${alias}`)), alias).toEqual(['an opinion']);
    }
    expect(titles(await get('?section=technology'))).toEqual(['world']);
    expect((await get('?section=general')).body.pagination.total).toBe(27);
    expect(opinion.section).toBe('OpinionsEditorials');
  });

  it('filters by category id or slug (the name lowercased with hyphens)', async () => {
    expect(titles(await get(`?category=${world.id}`))).toEqual([worldArticle.title]);
    expect(titles(await get('?category=world-news'))).toEqual([worldArticle.title]);
    expect(titles(await get('?category=World%20News'))).toEqual([worldArticle.title]);
    expect((await get(`?category=${category.slug}`)).body.pagination.total).toBe(31);
    const unknown = await get('?category=no-such-category');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });
  });

  it('featured=true lists featured stories, most recently featured first', async () => {
    expect(titles(await get('?featured=true'))).toEqual([featuredNew.title, featuredOld.title]);
  });

  it('main=true and story=true filter on the flags', async () => {
    expect(titles(await get('?main=true'))).toEqual([sports.title]);
    expect(titles(await get('?story=true'))).toEqual(['featured old', 'sports story', 'an opinion', 'featured new']);
    expect((await get('?story=false')).body.pagination.total).toBe(28);
  });

  it('answers 400 with details for bad filters', async () => {
    for (const qs of [
      '?section=gossip',
      '?featured=yes',
      '?main=1',
      '?limit=0',
      '?limit=ten',
      '?offset=-5',
      '?offset=1.5',
      '?section=a&section=b',
      '?category=',
    ]) {
      const res = await get(qs);
      expect(res.status, qs).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.details.length, qs).toBeGreaterThan(0);
    }
  });

  it('is cacheable by browsers and proxies for a short while, with an ETag', async () => {
    const res = await get('?section=sports');
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.etag).toBeTruthy();
    const again = await get('?section=sports').set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
  });
});

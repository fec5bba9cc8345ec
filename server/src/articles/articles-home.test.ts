import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { HomeArticles } from '#shared/types';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, article } = await articlesTestbed();

const HOUR = 3_600_000;
const now = Date.now();
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
const story = { status: 'published', isStory: true } as const;

// The newest main story (Sports), two featured stories of which one is in Sports, and one more Sports article.
const main = await article({ ...story, title: 'main', section: 'Sports', isMainStory: true, publishedAt: at(1) });
const featuredSports = await article({
  ...story,
  title: 'featured sports',
  section: 'Sports',
  isFeatured: true,
  featuredAt: at(1),
  publishedAt: at(2),
});
const featuredOpinion = await article({
  ...story,
  title: 'featured opinion',
  section: 'OpinionsEditorials',
  isFeatured: true,
  featuredAt: at(2),
  publishedAt: at(3),
});
const sports = await article({ status: 'published', title: 'sports', section: 'Sports', publishedAt: at(4) });
const opinion = await article({ status: 'published', title: 'opinion', section: 'OpinionsEditorials', publishedAt: at(5) });
// 12 Politics-like General articles, newer than every block article but one: only the river shows them.
const general: { id: string }[] = [];
for (let i = 0; i < 12; i++) general.push(await article({ status: 'published', title: `general ${i}`, publishedAt: at(0.5 + i * 0.01) }));
await article({ title: 'a draft', section: 'General' });
await article({ status: 'unpublished', title: 'unpublished', publishedAt: at(0.1) });

const home = async (query = '') => {
  const res = await request(app).get(`/api/articles/home${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as HomeArticles;
};
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('GET /api/articles/home', () => {
  it('shows each article in one block only: the first it belongs to', async () => {
    const page = await home();
    expect(page.main?.id).toBe(main.id);
    expect(ids(page.featured)).toEqual([featuredSports.id, featuredOpinion.id]);
    // The main story and the featured Sports story are Sports articles too, shown above: not again.
    expect(ids(page.sports)).toEqual([sports.id]);
    expect(ids(page.opinions)).toEqual([opinion.id]);
    const all = [page.main!, ...page.featured, ...page.sports, ...page.opinions, ...page.latest.data].map((a) => a.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('rivers the newest published articles that no block shows, newest first, a page at a time', async () => {
    const first = await home();
    expect(ids(first.latest.data)).toEqual(ids(general.slice(0, 10)));
    // 17 published, 5 in the blocks.
    expect(first.latest.pagination).toEqual({ total: 12, limit: 10, offset: 0 });
    const second = await home('?offset=10');
    expect(ids(second.latest.data)).toEqual(ids(general.slice(10)));
    expect(second.latest.pagination).toEqual({ total: 12, limit: 10, offset: 10 });
    // Drafts and unpublished articles are nowhere.
    expect([...first.latest.data, ...second.latest.data].map((a) => a.title)).not.toContain('unpublished');
  });

  it('shows a new article of any section at the top of the river', async () => {
    const fresh = await article({ status: 'published', title: 'fresh politics', section: 'General', publishedAt: new Date() });
    expect((await home()).latest.data[0]?.id).toBe(fresh.id);
  });

  it('names the author page of every byline', async () => {
    const page = await home();
    for (const a of [page.main!, ...page.latest.data]) expect(a.author.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it.each(['?limit=0', '?limit=abc', '?offset=-1', '?offset=1.5', '?offset=10001', '?offset=x'])('refuses %s with 400', async (query) => {
    const res = await request(app).get(`/api/articles/home${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });

  it('caps the page size', async () => {
    expect((await home('?limit=1000')).latest.pagination.limit).toBe(50);
  });
});

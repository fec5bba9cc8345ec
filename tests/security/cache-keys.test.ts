import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { createTestApp } from '../helpers/app';
import { behindFrontDoor } from '../helpers/front-door';
import { authorDesk } from '../helpers/testbed';

/**
 * Issue 24's red-team pass: what one anonymous client can make the server render or load for each request. A page
 * with `?page=N` and the head of any page (GET /api/page-head) are answered from the response cache like the page
 * itself, whatever else the request carries: a query the page does not read cannot make every request a miss (a full
 * server render, or every load of the home page) while a reader's request of the same page is a hit.
 */
const { app, ctx } = await createTestApp();
const desk = await authorDesk(ctx.db, { category: 'Cache Keys', author: 'Keyed Writer' });
const firstStory = await desk.article({ title: 'River story' });
for (let i = 0; i < 30; i++) await desk.article({ title: `River story ${i}` });

/** Requests `variant(i)` for i = 0…9 once the page has been asked for twice (stored): how many reached the app. */
async function missesOf(warm: string, variant: (i: number) => string): Promise<number> {
  let misses = 0;
  await behindFrontDoor({ ctx, app }, async (server, reachedApp) => {
    await ctx.cache.purge(['*']);
    for (let i = 0; i < 2; i++) expect((await request(server).get(warm)).status).toBe(200);
    const before = reachedApp();
    for (let i = 0; i < 10; i++) expect((await request(server).get(variant(i))).status).toBeLessThan(500);
    misses = reachedApp() - before;
  });
  return misses;
}

const head = (path: string, extra = '') => `${PAGE_HEAD_PATH}?path=${encodeURIComponent(path)}${extra}`;

describe('a page number repeated in the query', () => {
  it('/?page=2&page=<anything> is the stored /?page=2 (the page reads the first)', async () => {
    expect(await missesOf('/?page=2', (i) => `/?page=2&page=${i}x`)).toBe(0);
  });

  it(`the author page's /author/<slug>?page=2&page=<anything> likewise`, async () => {
    const page = `/author/${desk.author.slug}?page=2`;
    expect(await missesOf(page, (i) => `${page}&page=${i}x`)).toBe(0);
  });
});

describe('the head of a page', () => {
  it('with a parameter of its own that the head does not read (?path=/&n=…), is the stored head', async () => {
    expect(await missesOf(head('/'), (i) => head('/', `&n=${i}`))).toBe(0);
  });

  it('of an address with a tracking parameter (/?utm_source=…), is the stored head of the page', async () => {
    expect(await missesOf(head('/'), (i) => head(`/?utm_source=${i}`))).toBe(0);
  });

  it('of /?page=2&page=<anything>, is the stored head of /?page=2', async () => {
    expect(await missesOf(head('/?page=2'), (i) => head(`/?page=2&page=${i}x`))).toBe(0);
  });

  it('still tells pages apart: the head of /?page=2 is not the head of /', async () => {
    const [first, second] = await Promise.all([request(app).get(head('/')), request(app).get(head('/?page=2'))]);
    expect(second.body.head).not.toBe(first.body.head);
  });
});

describe('a redirect that carries the query', () => {
  it.each([
    ['a trailing slash', () => `/author/${desk.author.slug}/?page=2`],
    ['another case of the slug', () => `/author/${desk.author.slug.toUpperCase()}?page=2`],
  ])('(%s) is never stored with parameters another reader did not send', async (_name, address) => {
    await ctx.cache.purge(['*']);
    // Twice: a key with a query is stored from its second miss.
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get(`${address()}&utm_source=attacker`);
      expect(res.status).toBe(301);
      expect(res.headers.location).toContain('utm_source=attacker');
    }
    const reader = await request(app).get(address());
    expect(reader.status).toBe(301);
    expect(reader.headers.location).not.toContain('attacker');
    expect(reader.headers.location).toMatch(/\?page=2$/);
  });
});

describe('spellings of one address', () => {
  it("an article's id in another case answers 301 to its own, and no spelling takes a place in the store at its first miss", async () => {
    const story = await desk.article({ title: 'Spelt once' });
    const upper = await request(app).get(`/article/${story.id.toUpperCase()}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(`/article/${story.id}`);
    await ctx.cache.purge(['*']);
    // The page as spelt, stored with what every page reads around it (the ticker, the categories: kept reads, one each
    // whatever the address): from here, no other spelling may add an entry.
    expect((await request(app).get(`/article/${story.id}`)).status).toBe(200);
    const entries = (await ctx.cache.stats()).store!.entries;
    const escaped = (i: number) => `/article/${[...story.id].map((c, at) => (at === i ? `%${c.charCodeAt(0).toString(16)}` : c)).join('')}`;
    for (let i = 0; i < 10; i++) {
      expect((await request(app).get(escaped(i))).status).toBe(200);
      expect((await request(app).get(`/article/${story.id.slice(0, i)}${story.id.slice(i).toUpperCase()}`)).status).toBe(301);
    }
    expect((await ctx.cache.stats()).store!.entries).toBe(entries);
  });

  it('an escape is not unescaped for the key: /%61pi/… (a reader 404 page) is never stored as the API read', async () => {
    const story = await desk.article({ title: 'Not shadowed' });
    await ctx.cache.purge(['*']);
    for (let i = 0; i < 3; i++) expect((await request(app).get(`/%61pi/articles/${story.id}`)).status).toBe(404);
    expect((await request(app).get(`/api/articles/${story.id}`)).body.title).toBe('Not shadowed');
  });

  it('the API read of an article likewise', async () => {
    const story = await desk.article({ title: 'One read, many spellings' });
    const upper = (i: number) => `/api/articles/${story.id.slice(0, i + 1).toUpperCase()}${story.id.slice(i + 1)}`;
    expect(await missesOf(`/api/articles/${story.id}`, upper)).toBe(0);
  });
});

describe('a page number where nothing reads one', () => {
  it.each([
    ['a sitemap', () => '/sitemaps/articles-1.xml'],
    ['the feed', () => '/rss.xml'],
    ['an article page', () => `/article/${firstStory.id}`],
    ['a category page', () => `/category/${desk.category.slug}`],
  ])('%s with ?page=<anything> is the stored answer', async (_name, address) => {
    expect(await missesOf(address(), (i) => `${address()}?page=${i + 2}`)).toBe(0);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { login } from '../helpers/factories';
import { authorDesk } from '../helpers/testbed';

/**
 * One address per page, feed and sitemap (issue 24, defect 5; docs/decisions/046-one-address-and-last-modified.md):
 * every other spelling the server used to answer (a trailing slash, /index.html) is a 301 to it, with its query.
 */
const { app, ctx, db } = await createTestApp();
const BASE = ctx.config.publicUrl;
const desk = await authorDesk(db, { category: 'Harbour Life' });
const article = await desk.article({ title: 'Ferry timetable changes' });

/** Every variant and the canonical address it leads to. */
const VARIANTS: [variant: string, canonical: string][] = [
  ['/index.html', '/'],
  ['/index.html?utm_source=x', '/?utm_source=x'],
  [`/article/${article.id}/`, `/article/${article.id}`],
  [`/article/${article.id}//`, `/article/${article.id}`],
  [`/Article/${article.id}`, `/article/${article.id}`],
  ['/RSS.xml', '/rss.xml'],
  ['/category/harbour-life/', '/category/harbour-life'],
  ['/category/harbour-life/?page=2', '/category/harbour-life?page=2'],
  ['/news/sports/', '/news/sports'],
  ['/auth/', '/auth'],
  ['/rss.xml/', '/rss.xml'],
  ['/category/harbour-life/rss.xml/', '/category/harbour-life/rss.xml'],
  ['/sitemap.xml/', '/sitemap.xml'],
  ['/sitemaps/pages.xml/', '/sitemaps/pages.xml'],
  ['/sitemaps/news.xml/', '/sitemaps/news.xml'],
  ['/sitemaps/articles-1.xml/', '/sitemaps/articles-1.xml'],
  ['/robots.txt/', '/robots.txt'],
];

describe('one address per page', () => {
  it.each(VARIANTS)('%s answers 301 to %s', async (variant, canonical) => {
    const res = await request(app).get(variant);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`${BASE}${canonical}`);
  });

  it('the canonical addresses answer themselves, no redirect', async () => {
    for (const canonical of new Set(VARIANTS.map(([, c]) => c.replace(/\?.*$/, '')))) {
      const res = await request(app).get(canonical);
      expect(res.status, canonical).toBe(200);
    }
  });

  it('never redirects off the site, whatever the path looks like', async () => {
    for (const path of ['//evil.example/', '//evil.example//', '/\\evil.example/', '/%2F%2Fevil.example/', '///evil.example/index.html']) {
      const res = await request(app).get(path);
      const location = res.headers.location as string | undefined;
      if (location !== undefined) expect(location.startsWith(`${BASE}/`), `${path} → ${location}`).toBe(true);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe('pages say when what they show last changed (issue 24, defect 6)', () => {
  const httpDate = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toUTCString();

  it('an article page: Last-Modified from the article, 304 to If-Modified-Since, 200 once it changes', async () => {
    const story = await desk.article({ title: 'Harbour dues rise', publishedAt: new Date(Date.now() - 3_600_000) });
    const first = await request(app).get(`/article/${story.id}`);
    expect(first.status).toBe(200);
    expect(first.headers['last-modified']).toBe(httpDate(story.updatedAt > story.publishedAt! ? story.updatedAt : story.publishedAt!));
    const since = first.headers['last-modified'] as string;
    expect((await request(app).get(`/article/${story.id}`).set('If-Modified-Since', since)).status).toBe(304);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const editor = await login(ctx, 'editor');
    await request(app)
      .put(`/api/articles/${story.id}`)
      .set(editor.auth)
      .send({ title: 'Harbour dues rise again', version: story.version })
      .expect(200);
    const changed = await request(app).get(`/article/${story.id}`).set('If-Modified-Since', since);
    expect(changed.status).toBe(200);
    expect(Date.parse(changed.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(since));
  });

  it('a category page: Last-Modified is the newest change among the articles it lists', async () => {
    const res = await request(app).get('/category/harbour-life');
    const rows = await db.article.findMany({ where: { categoryId: desk.category.id, status: 'published' } });
    const newest = new Date(Math.max(...rows.flatMap((r) => [r.updatedAt.getTime(), r.publishedAt!.getTime()])));
    expect(res.headers['last-modified']).toBe(httpDate(newest));
    expect(
      (
        await request(app)
          .get('/category/harbour-life')
          .set('If-Modified-Since', res.headers['last-modified'] as string)
      ).status,
    ).toBe(304);
  });
});

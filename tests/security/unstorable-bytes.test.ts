import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { routePatterns } from '#client/config/paths';
import { createTestApp } from '../helpers/app';
import { authorDesk } from '../helpers/testbed';

/**
 * Bytes PostgreSQL refuses (NUL in text) in every slug or id a page, feed or sitemap address takes: each answers a
 * 4xx, decided before the database is asked, never a 5xx. The API's own routes are walked by tests/api/no-5xx.test.ts;
 * these are the addresses outside it (issue 24's red-team pass: `/category/%00/rss.xml` answered 500).
 */
const { app, ctx } = await createTestApp();
const desk = await authorDesk(ctx.db, { category: 'Night Desk', author: 'Nul Tester' });
await desk.article({ title: 'A published story so that feeds have something' });

const HOSTILE = ['%00', 'a%00b', `${'%00'.repeat(40)}`, 'sport%00s'];

/** Every address template with a parameter: the reader's routes, the per-category and per-author feeds, the sitemaps. */
const TEMPLATES = [
  ...Object.values(routePatterns).filter((p) => p.includes(':')),
  '/category/:idOrSlug/rss.xml',
  '/author/:slug/rss.xml',
  '/sitemaps/articles-:page.xml',
  '/sitemaps/:name',
];
const addresses = TEMPLATES.flatMap((template) => HOSTILE.map((bad) => template.replace(/:\w+/, bad)));

describe('NUL in an address', () => {
  it.each(addresses)('GET %s is a 4xx, never a 5xx', async (path) => {
    const res = await request(app).get(path);
    expect(res.status, res.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each(addresses)('the head of %s answers, never a 5xx', async (path) => {
    const res = await request(app).get(PAGE_HEAD_PATH).query({ path: decodeURIComponent(path) });
    expect(res.status).toBeLessThan(500);
  });
});

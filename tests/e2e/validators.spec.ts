import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFeed } from '../helpers/feed-readers';
import { sitemapSchema, vnuErrors, xmllintSchemaErrors } from '../validators/tools';
import { publishedArticles, type ArticleSummary } from './helpers';

/**
 * Issue 24's "Done when": third-party validators over the built app with its demo content. The Nu Html Checker
 * over the pages, two feed parsers over every feed (agreeing with each other and with the API's titles), and
 * xmllint with the sitemaps.org and Google News XSDs (tests/validators/xsd) over every sitemap. Each reports 0
 * errors; a validator that cannot run (no Java, no xmllint) fails the run.
 */

/** What the page list is built from: one published article and its category, read from the API. */
interface Demo {
  article: ArticleSummary;
}

/**
 * What the Nu Html Checker's CSS checker (from before these were standardised) says of the stylesheet Tailwind
 * writes, which the pages inline: `@property` (CSS Properties and Values API), `margin-trim` (CSS Box 4) and a custom
 * property in `transition-property` are valid CSS that every browser we support reads or skips. Only these
 * exact messages are set aside; any other CSS or HTML error fails the test.
 */
const CHECKER_OUT_OF_DATE = [
  /^CSS: Unrecognized at-rule “@property”$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.$/,
];

/** The pages the Nu Html Checker reads. A new page is one more line here. */
const PAGES: { name: string; path: (demo: Demo) => string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'article', path: ({ article }) => `/article/${article.id}` },
  { name: 'category', path: ({ article }) => `/category/${article.category.slug}` },
  { name: 'section', path: () => '/news/sports' },
  { name: 'author', path: ({ article }) => `/author/${article.author.slug}` },
  { name: 'latest, page 2', path: () => '/?page=2' },
  { name: 'auth', path: () => '/auth' },
  { name: 'share page', path: ({ article }) => `/api/articles/share/${article.id}` },
  { name: 'not found', path: () => '/no/such/page' },
];

async function text(request: APIRequestContext, url: string, status = 200): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(status);
  return res.text();
}

/** Every feed a page announces (`<link rel="alternate" type="application/rss+xml">`), so new feeds are read too. */
function announcedFeeds(html: string): string[] {
  return [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="([^"]+)"/g)].map((m) => new URL(m[1]!).pathname);
}

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chronicle-validators-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.describe('third-party validators', () => {
  test('the Nu Html Checker finds 0 errors in the served pages', async ({ request }) => {
    const article = (await publishedArticles(request, 'limit=1')).data[0]!;
    const files: string[] = [];
    for (const [i, page] of PAGES.entries()) {
      const url = page.path({ article });
      const res = await request.get(url);
      expect(res.status(), url).toBe(page.name === 'not found' ? 404 : 200);
      const file = path.join(dir, `${i}-${page.name.replace(/\W+/g, '-')}.html`);
      writeFileSync(file, await res.text());
      files.push(file);
    }
    const errors = (await vnuErrors(files)).filter((e) => !CHECKER_OUT_OF_DATE.some((known) => known.test(e.message)));
    expect(errors.map((e) => `${path.basename(e.url ?? '')}:${e.lastLine ?? '?'} ${e.message} [${e.extract ?? ''}]`)).toEqual([]);
  });

  test('feedparser and rss-parser read every feed alike, with the titles the API gives', async ({ request }) => {
    const categories = (await (await request.get('/api/categories')).json()) as { slug: string; articleCount?: number }[];
    const article = (await publishedArticles(request, 'limit=1')).data[0]!;
    const feeds = new Set(['/rss.xml', ...categories.map((c) => `/category/${c.slug}/rss.xml`)]);
    for (const page of PAGES.slice(0, 5)) for (const feed of announcedFeeds(await text(request, page.path({ article })))) feeds.add(feed);
    expect(feeds.size).toBeGreaterThan(2);

    // Every image of this site gets its size: the demo images (no Upload row) once the variants job has seen them.
    const unsized = async () => {
      const { feedparser } = await readFeed(await text(request, '/rss.xml'));
      return feedparser.items.flatMap((i) => (i.enclosure && i.enclosure.length === '0' ? [i.enclosure.url] : []));
    };
    await expect.poll(unsized, { timeout: 100_000, intervals: [1000, 2000, 5000] }).toEqual([]);

    for (const feed of feeds) {
      const { feedparser, rssParser } = await readFeed(await text(request, feed));
      expect(feedparser, feed).toEqual(rssParser);
      expect(feedparser.image, feed).not.toBeNull();
      expect((await request.get(new URL(feedparser.image!.url).pathname)).status(), feedparser.image!.url).toBe(200);
      const slug = /^\/category\/([^/]+)\/rss\.xml$/.exec(feed)?.[1];
      if (feed !== '/rss.xml' && !slug) continue;
      const listed = await publishedArticles(request, `limit=50${slug ? `&category=${slug}` : ''}`);
      expect(
        feedparser.items.map((i) => i.title),
        feed,
      ).toEqual(listed.data.map((a) => a.title));
    }
  });

  test('every sitemap validates against its XSD with xmllint', async ({ request }) => {
    const robots = await text(request, '/robots.txt');
    const listed = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => new URL(m[1]!).pathname);
    const sitemaps = new Set(listed);
    for (const index of listed) {
      const xml = await text(request, index);
      if (/<sitemapindex[\s>]/.test(xml)) for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) sitemaps.add(new URL(m[1]!).pathname);
    }
    expect([...sitemaps]).toEqual(
      expect.arrayContaining(['/sitemap.xml', '/sitemaps/news.xml', '/sitemaps/pages.xml', '/sitemaps/articles-1.xml']),
    );
    const problems: string[] = [];
    for (const [i, sitemap] of [...sitemaps].entries()) {
      const xml = await text(request, sitemap);
      const file = path.join(dir, `sitemap-${i}.xml`);
      writeFileSync(file, xml);
      const error = await xmllintSchemaErrors(file, sitemapSchema(xml));
      if (error) problems.push(`${sitemap}: ${error}`);
    }
    expect(problems).toEqual([]);
  });
});

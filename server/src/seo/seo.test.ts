import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import type { Prisma } from '../generated/prisma/client';
import { createArticle, createCategory, createUser, login } from '#tests/helpers/factories';
import { errorMiddleware } from '../lib/error-middleware';
import { feedLinks } from './feed-links';
import { xmlText } from './xml';
import { seoRouter, type SeoOptions } from './seo.routes';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';
import { readFeed, shownAsHtml } from '#tests/helpers/feed-readers';

const { app, ctx, db } = await createTestApp();
const editor = await login(ctx, 'editor');
const author = await createUser(db, { role: 'author', name: 'Ada Writer' });
/** An article of the author's in `category`, published unless told otherwise. */
const articleIn = (category: { id: string }, overrides: Partial<Prisma.ArticleUncheckedCreateInput> = {}) =>
  createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published', ...overrides });

const BASE = 'http://chronicle.test';
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

type MediaContent = { $: { url: string; medium: string; type?: string } };
const rssParser = new Parser<Record<string, never>, { description: string; mediaContent?: MediaContent }>({
  customFields: { item: ['description', ['media:content', 'mediaContent']] },
});

/** fast-xml-parser with attributes, text kept as text (a title "2026" stays a string), repeating elements as arrays. */
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['item', 'url', 'sitemap', 'category'].includes(name),
});

interface UrlEntry {
  loc: string;
  lastmod?: string;
  'news:news'?: {
    'news:publication': { 'news:name': string; 'news:language': string };
    'news:publication_date': string;
    'news:title': string;
  };
}

/** GETs `path` and checks what every feed and sitemap answer shares: well-formed XML, its type, its caching, a strong ETag. */
async function getXml(path: string, type: RegExp, server: Parameters<typeof request>[0] = app) {
  const res = await request(server).get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers['content-type']).toMatch(type);
  // Through the app, the response cache sets the public policy; the router alone asks for revalidation.
  expect(res.headers['cache-control']).toBe(server === app ? PUBLIC_CACHE_CONTROL : 'no-cache');
  expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(XMLValidator.validate(res.text)).toBe(true);
  return res;
}

const RSS_TYPE = /^application\/rss\+xml; charset=utf-8$/;
const XML_TYPE = /^application\/xml; charset=utf-8$/;

async function rss(path: string, server: Parameters<typeof request>[0] = app) {
  const res = await getXml(path, RSS_TYPE, server);
  return { feed: await rssParser.parseString(res.text), raw: xmlParser.parse(res.text), etag: res.headers.etag as string };
}

async function urlset(path: string, server: Parameters<typeof request>[0] = app): Promise<UrlEntry[]> {
  const parsed = xmlParser.parse((await getXml(path, XML_TYPE, server)).text);
  expect(parsed.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return parsed.urlset.url ?? [];
}

async function sitemapIndex(server: Parameters<typeof request>[0] = app): Promise<UrlEntry[]> {
  const parsed = xmlParser.parse((await getXml('/sitemap.xml', XML_TYPE, server)).text);
  expect(parsed.sitemapindex['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return parsed.sitemapindex.sitemap ?? [];
}

/** Every URL of every article sitemap the index lists. */
async function allArticleUrls(server: Parameters<typeof request>[0] = app): Promise<UrlEntry[]> {
  const pages = (await sitemapIndex(server)).filter((s) => s.loc.includes('/sitemaps/articles-'));
  const urls: UrlEntry[] = [];
  for (const page of pages) urls.push(...(await urlset(new URL(page.loc).pathname, server)));
  return urls;
}

const articleLink = (id: string) => `${BASE}/article/${id}`;

describe('RSS feed of the site (/rss.xml)', () => {
  it('describes the channel, with absolute URLs from PUBLIC_URL and an atom:link to itself', async () => {
    await articleIn(await createCategory(db));
    const { feed, raw } = await rss('/rss.xml');
    expect(feed.title).toBe('Chronicle News');
    expect(feed.link).toBe(`${BASE}/`);
    expect(feed.description).toBe('The latest stories from Chronicle News');
    expect(feed.feedUrl).toBe(`${BASE}/rss.xml`);
    const channel = raw.rss.channel;
    expect(raw.rss['@version']).toBe('2.0');
    expect(channel.language).toBe('en');
    expect(channel['atom:link']).toMatchObject({ '@rel': 'self', '@type': 'application/rss+xml', '@href': `${BASE}/rss.xml` });
    expect(new Date(channel.lastBuildDate).toUTCString()).toBe(channel.lastBuildDate);
  });

  it('gives each published article its title, link, permalink guid, description, date, category, author and image', async () => {
    const category = await createCategory(db, 'World Affairs');
    const uploader = await createUser(db, { role: 'author' });
    const older = await articleIn(category, {
      title: 'Harbour reopens',
      summary: 'The harbour reopened on Monday after a long winter.',
      publishedAt: hoursAgo(2),
    });
    await db.media.create({ data: { articleId: older.id, type: 'image', fileUrl: '/uploads/harbour.jpg' } });
    await db.upload.create({ data: { userId: uploader.id, fileUrl: '/uploads/harbour.jpg', bytes: 12_345n, type: 'image' } });
    const newer = await articleIn(category, {
      title: 'Bridge closes',
      summary: 'The bridge is shut for repairs.',
      imageUrl: 'https://images.example.org/bridge.png',
      publishedAt: hoursAgo(1),
    });
    const { feed, raw } = await rss('/rss.xml');
    const links = feed.items.map((i) => i.link);
    expect(links.indexOf(articleLink(newer.id))).toBeLessThan(links.indexOf(articleLink(older.id)));

    const item = feed.items.find((i) => i.link === articleLink(older.id))!;
    expect(item).toMatchObject({
      title: 'Harbour reopens',
      description: 'The harbour reopened on Monday after a long winter.',
      pubDate: older.publishedAt!.toUTCString(),
      // RFC 822 dates hold whole seconds.
      isoDate: new Date(Math.floor(older.publishedAt!.getTime() / 1000) * 1000).toISOString(),
      creator: 'Ada Writer',
      categories: [{ _: 'World Affairs', $: { domain: `${BASE}/category/world-affairs` } }],
      enclosure: { url: `${BASE}/uploads/harbour.jpg`, length: '12345', type: 'image/jpeg' },
      mediaContent: { $: { url: `${BASE}/uploads/harbour.jpg`, medium: 'image', type: 'image/jpeg' } },
    });
    const rawItem = raw.rss.channel.item.find((i: { link: string }) => i.link === articleLink(older.id));
    expect(rawItem.guid).toEqual({ '#text': articleLink(older.id), '@isPermaLink': 'true' });
    expect(raw.rss['@xmlns:dc']).toBe('http://purl.org/dc/elements/1.1/');

    // An image elsewhere keeps its URL; its size is unknown (0).
    expect(feed.items.find((i) => i.link === articleLink(newer.id))).toMatchObject({
      description: 'The bridge is shut for repairs.',
      enclosure: { url: 'https://images.example.org/bridge.png', length: '0', type: 'image/png' },
    });
  });

  it('never lists drafts or unpublished articles', async () => {
    const category = await createCategory(db);
    const draft = await articleIn(category, { status: 'draft' });
    const unpublished = await articleIn(category, {
      status: 'unpublished',
      publishedAt: new Date(),
    });
    const links = [
      ...(await rss('/rss.xml')).feed.items.map((i) => i.link),
      ...(await rss(`/category/${category.slug}/rss.xml`)).feed.items.map((i) => i.link),
    ];
    expect(links).not.toContain(articleLink(draft.id));
    expect(links).not.toContain(articleLink(unpublished.id));
  });

  it('holds the 50 newest articles', async () => {
    const category = await createCategory(db);
    await db.article.createMany({
      data: Array.from({ length: 51 }, (_, i) => ({
        title: `Bulk ${i}`,
        summary: 'Bulk',
        content: '<p>Bulk</p>',
        authorId: author.id,
        categoryId: category.id,
        status: 'published' as const,
        publishedAt: hoursAgo(100 + i),
      })),
    });
    expect((await rss('/rss.xml')).feed.items).toHaveLength(50);
    const titles = (await rss(`/category/${category.slug}/rss.xml`)).feed.items.map((i) => i.title);
    expect(titles).toEqual(Array.from({ length: 50 }, (_, i) => `Bulk ${i}`));
  });

  it('escapes a title with & < > " \' and drops characters XML cannot hold', async () => {
    const category = await createCategory(db, 'Q&A <Live> "Now"');
    const title = `Tom & Jerry: <script>alert("x")</script> isn't ]]> over\u0001`;
    const a = await articleIn(category, {
      title,
      summary: `5 < 6 & "ok"`,
    });
    const res = await request(app).get('/rss.xml');
    expect(res.text).not.toContain('<script>');
    const { feed } = await rss(`/category/${encodeURIComponent(category.slug)}/rss.xml`);
    // Titles and descriptions are HTML to feed readers: the text, escaped for HTML (issue 24, defect 3).
    expect(shownAsHtml(feed.title!)).toBe('Chronicle News: Q&A <Live> "Now"');
    expect(feed.link).toBe(`${BASE}/category/qanda-live-now`);
    expect(shownAsHtml(feed.items[0]!.title!)).toBe(`Tom & Jerry: <script>alert("x")</script> isn't ]]> over`);
    expect(feed.items[0]).toMatchObject({
      contentSnippet: `5 < 6 & "ok"`,
      categories: [{ _: 'Q&A <Live> "Now"', $: { domain: `${BASE}/category/qanda-live-now` } }],
    });
    const news = await urlset('/sitemaps/news.xml');
    expect(news.find((u) => u.loc === articleLink(a.id))?.['news:news']?.['news:title']).toBe(
      `Tom & Jerry: <script>alert("x")</script> isn't ]]> over`,
    );
  });

  it('answers HEAD, and a 304 to a client holding the current ETag', async () => {
    const first = await request(app).get('/rss.xml');
    const head = await request(app)
      .head('/rss.xml')
      .set('Accept-Encoding', first.headers['content-encoding'] ?? 'identity');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers['content-type']).toMatch(RSS_TYPE);
    const again = await request(app)
      .get('/rss.xml')
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });
});

describe('Feeds as feed readers show them (issue 24, defects 3 and 4)', () => {
  const exact = 'Why <b> tags & "quotes" matter';

  it('gives every parser the exact title, description and channel title, and the parsers agree with the database', async () => {
    const category = await createCategory(db, 'Tags & <Co>');
    const a = await articleIn(category, { title: exact, summary: 'A <tag> & "quoted" summary, it\'s &amp; done' });
    const { feedparser, rssParser } = await readFeed((await request(app).get(`/category/${category.slug}/rss.xml`)).text);
    expect(feedparser).toEqual(rssParser);
    expect(feedparser.title).toBe('Chronicle News: Tags & <Co>');
    expect(feedparser.items).toMatchObject([
      { title: exact, description: 'A <tag> & "quoted" summary, it\'s &amp; done', link: articleLink(a.id) },
    ]);

    // The site's feed: both parsers give each item the title the database holds.
    const site = await readFeed((await request(app).get('/rss.xml')).text);
    expect(site.feedparser.items).toEqual(site.rssParser.items);
    const ids = site.feedparser.items.map((i) => i.link.slice(`${BASE}/article/`.length));
    const rows = await db.article.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } });
    // As written to XML: the characters XML cannot hold are dropped (an earlier test's title has one).
    const titles = new Map(rows.map((r) => [r.id, xmlText(r.title)]));
    expect(site.feedparser.items.map((i) => i.title)).toEqual(ids.map((id) => titles.get(id)));
  });

  it("describes an item with the editor's summary, not the body's first characters", async () => {
    const category = await createCategory(db);
    await articleIn(category, { summary: 'What the editor wrote.', content: `<p>${'The body goes on and on. '.repeat(20)}</p>` });
    const { feedparser, rssParser } = await readFeed((await request(app).get(`/category/${category.slug}/rss.xml`)).text);
    expect(feedparser.items.map((i) => i.description)).toEqual(['What the editor wrote.']);
    expect(rssParser.items.map((i) => i.description)).toEqual(['What the editor wrote.']);
  });

  it("has a channel image: the logo, with the channel's title and link, at most 144 pixels wide", async () => {
    const category = await createCategory(db, 'Logo & Co');
    const xml = (await request(app).get(`/category/${category.slug}/rss.xml`)).text;
    const { feedparser, rssParser } = await readFeed(xml);
    const image = { url: `${BASE}/feed-icon.png`, title: 'Chronicle News: Logo & Co', link: `${BASE}/category/logo-and-co` };
    expect(feedparser.image).toEqual(image);
    expect(rssParser.image).toEqual(image);
    expect(xmlParser.parse(xml).rss.channel.image).toMatchObject({ width: '144', height: '144' });
  });

  it('gives an enclosure the size recorded for its file, also without an Upload row (demo images)', async () => {
    const category = await createCategory(db);
    await db.imageVariants.create({ data: { fileUrl: '/uploads/measured.webp', width: 10, height: 10, widths: [], bytes: 4321n } });
    await articleIn(category, { imageUrl: '/uploads/measured.webp' });
    const { feedparser, rssParser } = await readFeed((await request(app).get(`/category/${category.slug}/rss.xml`)).text);
    const enclosure = { url: `${BASE}/uploads/measured.webp`, length: '4321', type: 'image/webp' };
    expect(feedparser.items[0]!.enclosure).toEqual(enclosure);
    expect(rssParser.items[0]!.enclosure).toEqual(enclosure);
  });
});

describe('Last-Modified and If-Modified-Since on feeds and sitemaps (issue 24, defect 6)', () => {
  const newestOf = (rows: { publishedAt: Date | null; updatedAt: Date }[]) =>
    new Date(Math.max(...rows.flatMap((r) => [r.updatedAt.getTime(), r.publishedAt?.getTime() ?? 0]))).toUTCString();

  it('a feed says when what it lists last changed, and answers 304 to If-Modified-Since from then on', async () => {
    const category = await createCategory(db);
    await articleIn(category, { publishedAt: hoursAgo(5) });
    const edited = await articleIn(category, { publishedAt: hoursAgo(3) });
    await db.article.update({ where: { id: edited.id }, data: { title: 'Edited' } });
    const path = `/category/${category.slug}/rss.xml`;
    const first = await request(app).get(path);
    const rows = await db.article.findMany({ where: { categoryId: category.id } });
    expect(first.headers['last-modified']).toBe(newestOf(rows));

    const since = first.headers['last-modified'] as string;
    expect((await request(app).get(path).set('If-Modified-Since', since)).status).toBe(304);
    const later = new Date(Date.parse(since) + 60_000).toUTCString();
    expect((await request(app).get(path).set('If-Modified-Since', later)).status).toBe(304);
    const earlier = new Date(Date.parse(since) - 1000).toUTCString();
    const changed = await request(app).get(path).set('If-Modified-Since', earlier);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('Edited');
    // Not a date: ignored (RFC 9110 §13.1.3).
    expect((await request(app).get(path).set('If-Modified-Since', 'yesterday-ish')).status).toBe(200);
  });

  it('If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2)', async () => {
    const category = await createCategory(db);
    await articleIn(category);
    const path = `/category/${category.slug}/rss.xml`;
    const first = await request(app).get(path);
    const since = first.headers['last-modified'] as string;
    const stale = await request(app).get(path).set('If-None-Match', '"not-this-one"').set('If-Modified-Since', since);
    expect(stale.status).toBe(200);
    const old = new Date(Date.parse(since) - 3_600_000).toUTCString();
    const current = await request(app)
      .get(path)
      .set('If-None-Match', first.headers.etag as string)
      .set('If-Modified-Since', old);
    expect(current.status).toBe(304);
  });

  it('a stored answer keeps its Last-Modified: a hit of the response cache answers If-Modified-Since too', async () => {
    const category = await createCategory(db);
    const article = await articleIn(category, { title: 'Before' });
    const path = `/category/${category.slug}/rss.xml`;
    const first = await request(app).get(path);
    // Behind the app's back (no purge): what comes next is the stored answer.
    await ctx.db.article.update({ where: { id: article.id }, data: { title: 'Behind the back' } });
    const hit = await request(app).get(path);
    expect(hit.text).toContain('Before');
    expect(hit.headers['last-modified']).toBe(first.headers['last-modified']);
    const again = await request(app)
      .get(path)
      .set('If-Modified-Since', first.headers['last-modified'] as string);
    expect(again.status).toBe(304);
    expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
  });

  it('every sitemap has a Last-Modified and answers 304 to If-Modified-Since', async () => {
    await articleIn(await createCategory(db), { publishedAt: hoursAgo(1) });
    for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/news.xml', '/sitemaps/articles-1.xml']) {
      const first = await request(app).get(path);
      expect(first.headers['last-modified'], path).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      const again = await request(app)
        .get(path)
        .set('If-Modified-Since', first.headers['last-modified'] as string);
      expect(again.status, path).toBe(304);
    }
  });
});

describe('RSS feed of a category (/category/:slug/rss.xml)', () => {
  it('lists only that category, and describes it', async () => {
    const sport = await createCategory(db, 'Local Sport');
    const other = await createCategory(db);
    const mine = await articleIn(sport);
    const theirs = await articleIn(other);
    const { feed, raw } = await rss('/category/local-sport/rss.xml');
    expect(feed.title).toBe('Chronicle News: Local Sport');
    expect(feed.link).toBe(`${BASE}/category/local-sport`);
    expect(feed.description).toBe('The latest Local Sport stories from Chronicle News');
    expect(feed.feedUrl).toBe(`${BASE}/category/local-sport/rss.xml`);
    expect(raw.rss.channel.language).toBe('en');
    expect(feed.items.map((i) => i.link)).toEqual([articleLink(mine.id)]);
    expect(feed.items.map((i) => i.link)).not.toContain(articleLink(theirs.id));
  });

  it('is an empty channel for a category with nothing published yet', async () => {
    const empty = await createCategory(db);
    await articleIn(empty, { status: 'draft' });
    const { feed, raw } = await rss(`/category/${empty.slug}/rss.xml`);
    expect(feed.items).toEqual([]);
    expect(raw.rss.channel.lastBuildDate).toBeUndefined();
  });

  it('sends an id or a slug written otherwise to the one address of the feed', async () => {
    const category = await createCategory(db, 'Town Hall');
    const byId = await request(app).get(`/category/${category.id}/rss.xml`);
    expect(byId.status).toBe(301);
    expect(byId.headers.location).toBe(`${BASE}/category/town-hall/rss.xml`);
    const byName = await request(app).get('/category/Town%20Hall/rss.xml');
    expect(byName.status).toBe(301);
    expect(byName.headers.location).toBe(`${BASE}/category/town-hall/rss.xml`);
  });

  it('is a plain 404 for a category that does not exist', async () => {
    for (const path of [
      '/category/no-such-category/rss.xml',
      `/category/${'x'.repeat(300)}/rss.xml`,
      '/category/00000000-0000-7000-8000-000000000000/rss.xml',
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('Not found\n');
    }
  });
});

describe('A publish, an edit and an unpublish show at once', () => {
  it('in the feeds, the article sitemaps, the pages sitemap and the news sitemap', async () => {
    const category = await createCategory(db, 'Breaking Desk');
    const draft = await articleIn(category, { status: 'draft', title: 'First title' });
    const link = articleLink(draft.id);
    const categoryLink = `${BASE}/category/breaking-desk`;

    const look = async () => {
      const site = await rss('/rss.xml');
      const ofCategory = await rss('/category/breaking-desk/rss.xml');
      return {
        site,
        rss: site.feed.items.find((i) => i.link === link),
        categoryRss: ofCategory.feed.items.find((i) => i.link === link),
        sitemap: (await allArticleUrls()).find((u) => u.loc === link),
        pages: (await urlset('/sitemaps/pages.xml')).find((u) => u.loc === categoryLink),
        news: (await urlset('/sitemaps/news.xml')).find((u) => u.loc === link),
      };
    };

    /** Where the article is listed: both feeds, the articles sitemap, its category's page in the pages sitemap, the news sitemap. */
    const listings = (seen: Awaited<ReturnType<typeof look>>) => [seen.rss, seen.categoryRss, seen.sitemap, seen.pages, seen.news];
    const nowhere = [undefined, undefined, undefined, undefined, undefined];
    /** The title each feed gives it: the site's, its category's, the news sitemap's. */
    const titles = (seen: Awaited<ReturnType<typeof look>>) => [
      seen.rss?.title,
      seen.categoryRss?.title,
      seen.news?.['news:news']?.['news:title'],
    ];

    const before = await look();
    expect(listings(before)).toEqual(nowhere);

    const published = await request(app).post(`/api/articles/${draft.id}/publish`).set(editor.auth);
    expect(published.status).toBe(200);
    const afterPublish = await look();
    expect(titles(afterPublish)).toEqual(['First title', 'First title', 'First title']);
    expect(afterPublish.sitemap?.lastmod).toBe(published.body.updatedAt);
    expect(afterPublish.pages?.lastmod).toBe([published.body.updatedAt, published.body.publishedAt].sort().at(-1));
    // The old copy a feed reader holds is stale now: its ETag no longer matches.
    const stale = await request(app).get('/rss.xml').set('If-None-Match', before.site.etag);
    expect(stale.status).toBe(200);

    const edited = await request(app)
      .put(`/api/articles/${draft.id}`)
      .set(editor.auth)
      .send({ title: 'Second title', version: published.body.version });
    expect(edited.status).toBe(200);
    const afterEdit = await look();
    expect(titles(afterEdit)).toEqual(['Second title', 'Second title', 'Second title']);
    expect(afterEdit.sitemap?.lastmod).toBe(edited.body.updatedAt);
    expect(afterEdit.pages?.lastmod).toBe(edited.body.updatedAt);
    expect(afterEdit.site.etag).not.toBe(afterPublish.site.etag);

    expect((await request(app).post(`/api/articles/${draft.id}/unpublish`).set(editor.auth)).status).toBe(200);
    expect(listings(await look())).toEqual(nowhere);
  });
});

describe('Google News sitemap (/sitemaps/news.xml)', () => {
  it('lists the articles published in the last 48 hours, newest first, with publication, date and title', async () => {
    const category = await createCategory(db);
    const recent = await articleIn(category, {
      title: 'Fresh',
      publishedAt: hoursAgo(1),
    });
    const edge = await articleIn(category, {
      publishedAt: hoursAgo(47.5),
    });
    const old = await articleIn(category, { publishedAt: hoursAgo(48.5) });
    const draft = await articleIn(category, { status: 'draft' });
    const unpublished = await articleIn(category, {
      status: 'unpublished',
      publishedAt: hoursAgo(2),
    });

    const urls = await urlset('/sitemaps/news.xml');
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(articleLink(edge.id));
    expect(locs).not.toContain(articleLink(old.id));
    expect(locs).not.toContain(articleLink(draft.id));
    expect(locs).not.toContain(articleLink(unpublished.id));
    expect(locs.indexOf(articleLink(recent.id))).toBeLessThan(locs.indexOf(articleLink(edge.id)));
    expect(urls.find((u) => u.loc === articleLink(recent.id))).toEqual({
      loc: articleLink(recent.id),
      'news:news': {
        'news:publication': { 'news:name': 'Chronicle News', 'news:language': 'en' },
        'news:publication_date': recent.publishedAt!.toISOString(),
        'news:title': 'Fresh',
      },
    });
    const raw = xmlParser.parse((await request(app).get('/sitemaps/news.xml')).text);
    expect(raw.urlset['@xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
  });
});

describe('robots.txt', () => {
  it('allows all but the dashboard, the sign-in screens and the API, and names both sitemaps', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /auth',
        'Disallow: /api/',
        'Allow: /api/articles/share/',
        `Sitemap: ${BASE}/sitemap.xml`,
        `Sitemap: ${BASE}/sitemaps/news.xml`,
      ]),
    );
  });

  it('lets crawlers read the reader pages, author pages included, and keeps them out of the sign-in screens', async () => {
    const rules = (await request(app).get('/robots.txt')).text
      .split('\n')
      .map((line) => /^(Allow|Disallow): (.+)$/.exec(line))
      .filter((m) => m !== null)
      .map(([, verb, prefix]) => ({ allow: verb === 'Allow', prefix: prefix! }));
    // RFC 9309: the longest matching rule decides, Allow on a tie; no rule here uses * or $.
    const allowed = (path: string) =>
      rules
        .filter((r) => path.startsWith(r.prefix))
        .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow))[0]?.allow ?? true;
    for (const path of [
      '/',
      '/?page=2',
      '/article/1',
      '/category/sports',
      '/author/rita-writer',
      '/author/rita-writer?page=2',
      '/api/articles/share/1',
    ])
      expect(allowed(path), path).toBe(true);
    for (const path of ['/auth', '/auth/reset-password', '/dashboard', '/api/articles']) expect(allowed(path), path).toBe(false);
  });
});

/** The site as a fresh install names it. */
const SITE = { publicUrl: BASE, name: 'Chronicle News' };

describe('feedLinks', () => {
  it('announces the site feed, and the category feed on a category', () => {
    expect(feedLinks(SITE)).toEqual([{ rel: 'alternate', type: 'application/rss+xml', title: 'Chronicle News', href: `${BASE}/rss.xml` }]);
    expect(feedLinks(SITE, { category: { name: 'Arts & Culture', slug: 'arts-&-culture' } })).toEqual([
      { rel: 'alternate', type: 'application/rss+xml', title: 'Chronicle News', href: `${BASE}/rss.xml` },
      {
        rel: 'alternate',
        type: 'application/rss+xml',
        title: 'Chronicle News: Arts & Culture',
        href: `${BASE}/category/arts-%26-culture/rss.xml`,
      },
    ]);
  });

  it('names feeds that answer', async () => {
    const category = await createCategory(db, 'Arts & Culture');
    for (const { href } of feedLinks(SITE, { category })) await rss(new URL(href).pathname);
  });
});

/** A second app over a database of its own (exact contents), with the sizes of the documents lowered. */
const own = await createTestApp();
function small(options: Partial<SeoOptions>) {
  const server = express();
  server.set('etag', 'strong');
  return server.use(seoRouter(own.ctx, options)).use(errorMiddleware(own.ctx.logger));
}
const writer = await createUser(own.db, { role: 'author' });
const [politics, science, quiet] = await Promise.all([
  createCategory(own.db, 'Politics'),
  createCategory(own.db, 'Science & Space'),
  createCategory(own.db, 'Quiet'),
]);

describe('Sitemaps over a database of their own, with small pages', () => {
  const server = small({ articlesPerSitemap: 2 });

  it('with nothing published: the index lists the pages sitemap, articles-1 is an empty set, articles-2 is a 404', async () => {
    expect((await sitemapIndex(server)).map((s) => s.loc)).toEqual([`${BASE}/sitemaps/pages.xml`]);
    expect(await urlset('/sitemaps/articles-1.xml', server)).toEqual([]);
    expect((await request(server).get('/sitemaps/articles-2.xml')).status).toBe(404);
    // A fresh install's one static page, the Privacy page (docs/decisions/057-pages-and-navigation.md), is listed too.
    const privacy = await own.db.page.findUniqueOrThrow({ where: { slug: 'privacy' } });
    expect(await urlset('/sitemaps/pages.xml', server)).toEqual([{ loc: `${BASE}/` }, { loc: `${BASE}/privacy`, lastmod: privacy.updatedAt.toISOString() }]);
  });

  it('pages every published article, each with its lastmod, and gives each page the newest lastmod in it', async () => {
    const published: Awaited<ReturnType<typeof createArticle>>[] = [];
    for (const [i, category] of [politics, politics, science, science, politics].entries())
      published.push(
        await createArticle(own.db, {
          authorId: writer.id,
          categoryId: category.id,
          status: 'published',
          section: i === 2 ? 'Sports' : 'OpinionsEditorials',
          publishedAt: hoursAgo(10 - i),
        }),
      );
    await createArticle(own.db, { authorId: writer.id, categoryId: quiet.id, status: 'draft' });
    await createArticle(own.db, { authorId: writer.id, categoryId: quiet.id, status: 'unpublished', publishedAt: hoursAgo(1) });
    // An edit moves an older article's lastmod past the newer ones.
    const edited = await own.db.article.update({ where: { id: published[0]!.id }, data: { title: 'Edited later' } });

    const byId = [...published].sort((a, b) => a.id.localeCompare(b.id));
    const lastmod = (id: string) => (id === edited.id ? edited.updatedAt : published.find((p) => p.id === id)!.updatedAt).toISOString();
    const pages = [byId.slice(0, 2), byId.slice(2, 4), byId.slice(4)];

    const index = await sitemapIndex(server);
    expect(index).toEqual([
      { loc: `${BASE}/sitemaps/pages.xml`, lastmod: edited.updatedAt.toISOString() },
      ...pages.map((page, i) => ({
        loc: `${BASE}/sitemaps/articles-${i + 1}.xml`,
        lastmod: page
          .map((a) => lastmod(a.id))
          .sort()
          .at(-1),
      })),
    ]);
    for (const [i, page] of pages.entries())
      expect(await urlset(`/sitemaps/articles-${i + 1}.xml`, server)).toEqual(
        page.map((a) => ({ loc: articleLink(a.id), lastmod: lastmod(a.id) })),
      );
    expect((await allArticleUrls(server)).map((u) => u.loc).sort()).toEqual(published.map((a) => articleLink(a.id)).sort());
    for (const path of [
      '/sitemaps/articles-4.xml',
      '/sitemaps/articles-0.xml',
      '/sitemaps/articles-01.xml',
      '/sitemaps/articles-x.xml',
      '/sitemaps/other.xml',
    ]) {
      const res = await request(server).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('lists home, the sections, the categories and the authors that have published articles, each with its newest change', async () => {
    const rows = await own.db.article.findMany({ where: { status: 'published' }, include: { category: true, author: true } });
    const authors = [...new Map(rows.map((r) => [r.authorId, r.author])).values()].sort((a, b) => a.slug.localeCompare(b.slug));
    const newest = (filter: (r: (typeof rows)[number]) => boolean) =>
      rows
        .filter(filter)
        .map((r) => (r.updatedAt > r.publishedAt! ? r.updatedAt : r.publishedAt!).toISOString())
        .sort()
        .at(-1);
    expect(await urlset('/sitemaps/pages.xml', server)).toEqual([
      { loc: `${BASE}/`, lastmod: newest(() => true) },
      { loc: `${BASE}/news/sports`, lastmod: newest((r) => r.section === 'Sports') },
      { loc: `${BASE}/news/editorials`, lastmod: newest((r) => r.section === 'OpinionsEditorials') },
      { loc: `${BASE}/category/politics`, lastmod: newest((r) => r.categoryId === politics.id) },
      { loc: `${BASE}/category/science-and-space`, lastmod: newest((r) => r.categoryId === science.id) },
      ...authors.map((a) => ({ loc: `${BASE}/author/${a.slug}`, lastmod: newest((r) => r.authorId === a.id) })),
      { loc: `${BASE}/privacy`, lastmod: (await own.db.page.findUniqueOrThrow({ where: { slug: 'privacy' } })).updatedAt.toISOString() },
    ]);
    expect(authors.length).toBeGreaterThan(0);
  });

  it('keeps the news sitemap within its size, newest first', async () => {
    const newest = await own.db.article.findMany({
      where: { status: 'published' },
      orderBy: [{ publishedAt: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }],
      take: 3,
    });
    expect((await urlset('/sitemaps/news.xml', small({ newsUrls: 3 }))).map((u) => u.loc)).toEqual(newest.map((a) => articleLink(a.id)));
  });

  it('feeds shrink to their size too', async () => {
    const { feed } = await rss('/rss.xml', small({ feedItems: 2 }));
    expect(feed.items).toHaveLength(2);
  });
});

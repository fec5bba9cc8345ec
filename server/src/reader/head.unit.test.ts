import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/types';
import { DESCRIPTION_MAX, HEADLINE_MAX, buildHead, buildShellHead, type ReaderPage, type SiteInfo } from './head';
import { makeArticle } from '#tests/helpers/wire-articles';

const site: SiteInfo = {
  publicUrl: 'https://news.example.org',
  name: 'Chronicle News',
  description: 'Chronicle News: local and world news, sport, business, technology and opinion.',
  logoUrl: 'https://news.example.org/logo.png',
  sameAs: [],
  noindex: false,
  accentColor: '#b91c1c',
  iconUrl: null,
  shareImage: null,
};

const HOSTILE = `</script><script>alert(1)</script> <!--<script> "Quotes" & 'apostrophes' <b>`;

function article(overrides: Partial<Article> = {}): Article {
  return makeArticle({
    id: '0b8f4a57-3c1e-4d0a-9d55-0a4c1f0e2b11',
    title: 'Council approves the new river bridge',
    summary: 'The bridge opens in spring after a vote of 7 to 2.',
    content: '<p>The council voted.</p>',
    imageUrl: '/uploads/bridge.jpg',
    author: { id: 'u1', name: 'Jane Doe', slug: 'jane-doe' },
    category: { id: 'c1', name: 'Local Politics', slug: 'local-politics' },
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-02T09:30:00.000Z',
    publishedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The head as a browser and a crawler read it: parsed by a real HTML parser. */
function parse(page: ReaderPage) {
  const html = buildHead(page, site);
  const doc = parseDocument(html);
  const all = (name: string) => DomUtils.getElementsByTagName(name, doc.children, true);
  const metas = all('meta');
  const metaBy = (attr: 'name' | 'property', key: string) => metas.filter((m) => m.attribs[attr] === key).map((m) => m.attribs.content);
  const one = (attr: 'name' | 'property', key: string) => {
    const values = metaBy(attr, key);
    expect(values, `${attr}=${key}`).toHaveLength(1);
    return values[0]!;
  };
  const links = (rel: string) => all('link').filter((l) => l.attribs.rel === rel);
  const scripts = all('script');
  const jsonLd = scripts.map((s) => {
    expect(s.attribs.type).toBe('application/ld+json');
    return JSON.parse(DomUtils.textContent(s)) as Record<string, unknown> & { '@type': string };
  });
  const titles = all('title');
  expect(titles).toHaveLength(1);
  return {
    html,
    title: DomUtils.textContent(titles[0]!),
    metaBy,
    meta: (key: string) => one('name', key),
    og: (key: string) => one('property', key),
    links,
    scripts,
    jsonLd,
    ld: (type: string) => {
      const found = jsonLd.filter((d) => d['@type'] === type);
      expect(found, type).toHaveLength(1);
      return found[0]!;
    },
  };
}

/** An absolute https URL (parsing a relative one throws). */
const absolute = (url: unknown) => {
  expect(typeof url).toBe('string');
  expect(new URL(url as string).protocol).toBe('https:');
};

function expectBreadcrumbs(list: Record<string, unknown>, trail: [name: string, url: string][]) {
  expect(list['@context']).toBe('https://schema.org');
  const items = list.itemListElement as Record<string, unknown>[];
  expect(items.map((i) => [i['@type'], i.position, i.name, i.item])).toEqual(trail.map(([name, url], i) => ['ListItem', i + 1, name, url]));
}

function expectSocialTags(h: ReturnType<typeof parse>, title: string, description: string) {
  expect(h.og('og:site_name')).toBe('Chronicle News');
  expect(h.og('og:locale')).toBe('en_US');
  expect(h.og('og:title')).toBe(title);
  expect(h.og('og:description')).toBe(description);
  absolute(h.og('og:image'));
  expect(h.og('og:image:alt')).not.toBe('');
  expect(h.meta('twitter:card')).toBe('summary_large_image');
  expect(h.meta('twitter:title')).toBe(title);
  expect(h.meta('twitter:description')).toBe(description);
  expect(h.meta('twitter:image')).toBe(h.og('og:image'));
}

/**
 * Issue 24, defect 2: the link preview is the share page's 1200x630 JPEG with its type, size and alt text,
 * never the upload itself (a WebP of unknown size that some previews drop).
 */
function expectSharePreview(h: ReturnType<typeof parse>, a: Article) {
  const share = `https://news.example.org/api/articles/share/${a.id}/image.jpg?v=${Date.parse(a.updatedAt)}`;
  expect(h.og('og:image')).toBe(share);
  expect(h.og('og:image:type')).toBe('image/jpeg');
  expect(h.og('og:image:width')).toBe('1200');
  expect(h.og('og:image:height')).toBe('630');
  expect(h.og('og:image:alt')).toBe(a.title);
  expect(h.meta('twitter:image')).toBe(share);
  expect(h.meta('twitter:image:alt')).toBe(a.title);
}

function expectSiteFeed(h: ReturnType<typeof parse>) {
  const feeds = h.links('alternate').filter((l) => l.attribs.type === 'application/rss+xml');
  expect(feeds[0]?.attribs).toMatchObject({ title: 'Chronicle News', href: 'https://news.example.org/rss.xml' });
  return feeds;
}

describe('buildHead: article page', () => {
  it('has the title, description, canonical URL, Open Graph, Twitter card and article times', () => {
    const a = article();
    const h = parse({ kind: 'article', article: a });
    const url = `https://news.example.org/article/${a.id}`;

    expect(h.title).toBe('Council approves the new river bridge | Chronicle News');
    expect(h.meta('description')).toBe(a.summary);
    expect(h.links('canonical').map((l) => l.attribs.href)).toEqual([url]);
    expect(h.metaBy('name', 'robots')).toEqual([]);
    expectSocialTags(h, a.title, a.summary);
    expect(h.og('og:type')).toBe('article');
    expect(h.og('og:url')).toBe(url);
    expectSharePreview(h, a);
    expect(h.og('article:published_time')).toBe('2025-03-01T10:00:00.000Z');
    expect(h.og('article:modified_time')).toBe('2025-03-02T09:30:00.000Z');
    expect(h.og('article:section')).toBe('Local Politics');
    expect(h.og('article:author')).toBe('Jane Doe');
    expect(expectSiteFeed(h)).toHaveLength(1);
  });

  it('has NewsArticle JSON-LD with every field Google reads for article rich results', () => {
    const a = article({ media: [{ id: 'm1', type: 'image', fileUrl: '/uploads/first.webp' }] });
    const h = parse({ kind: 'article', article: a });
    const url = `https://news.example.org/article/${a.id}`;
    const news = h.ld('NewsArticle');

    expect(news['@context']).toBe('https://schema.org');
    expect(news.headline).toBe(a.title);
    expect(news.description).toBe(a.summary);
    expect(news.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': url });
    expect(news.url).toBe(url);
    expect(news.datePublished).toBe('2025-03-01T10:00:00.000Z');
    expect(news.dateModified).toBe('2025-03-02T09:30:00.000Z');
    expect(news.articleSection).toBe('Local Politics');
    // The author's page (docs/decisions/049-author-pages.md).
    expect(news.author).toEqual([{ '@type': 'Person', name: 'Jane Doe', url: 'https://news.example.org/author/jane-doe' }]);
    expect(news.publisher).toMatchObject({
      '@type': 'Organization',
      name: 'Chronicle News',
      url: 'https://news.example.org/',
      logo: { '@type': 'ImageObject', url: 'https://news.example.org/logo.png' },
    });
    // The page's own pictures in the order the page shows them, then the 1200x630 preview.
    expect(news.image).toEqual([
      'https://news.example.org/uploads/first.webp',
      'https://news.example.org/uploads/bridge.jpg',
      `https://news.example.org/api/articles/share/${a.id}/image.jpg?v=${Date.parse(a.updatedAt)}`,
    ]);
    (news.image as unknown[]).forEach(absolute);
    expectSharePreview(h, a);
  });

  // Issue 24, defect 2: Google asks for 16:9, 4:3 and 1:1 versions, at least 1200 px wide where the source allows.
  it('offers the 16:9, 4:3 and 1:1 crops of the first picture that has them, with their sizes, first in JSON-LD', () => {
    const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });
    const a = article({
      media: [{ id: 'm1', type: 'image', fileUrl: '/uploads/first.webp', image: { width: 3000, height: 2000, widths: [320], crops: true } }],
    });
    const image = parse({ kind: 'article', article: a }).ld('NewsArticle').image as unknown[];
    expect(image.slice(0, 3)).toEqual([
      { '@type': 'ImageObject', url: 'https://news.example.org/uploads/first-16x9.jpg', width: pixels(1200), height: pixels(675) },
      { '@type': 'ImageObject', url: 'https://news.example.org/uploads/first-4x3.jpg', width: pixels(1200), height: pixels(900) },
      { '@type': 'ImageObject', url: 'https://news.example.org/uploads/first-1x1.jpg', width: pixels(1200), height: pixels(1200) },
    ]);
    // A small original: the crops are as large as it allows.
    const small = article({ imageUrl: '/uploads/small.jpg', image: { width: 800, height: 600, widths: [320, 640], crops: true } });
    const sizes = (parse({ kind: 'article', article: small }).ld('NewsArticle').image as { width?: { value: number } }[])
      .slice(0, 3)
      .map((i) => i.width?.value);
    expect(sizes).toEqual([800, 800, 600]);
    // Before the variants job made them, none.
    const pending = article({ image: { width: 800, height: 600, widths: [320] } });
    expect(parse({ kind: 'article', article: pending }).ld('NewsArticle').image).toEqual([
      'https://news.example.org/uploads/bridge.jpg',
      `https://news.example.org/api/articles/share/${pending.id}/image.jpg?v=${Date.parse(pending.updatedAt)}`,
    ]);
  });

  it('has a Home › Category › Article breadcrumb', () => {
    const a = article();
    const h = parse({ kind: 'article', article: a });
    expectBreadcrumbs(h.ld('BreadcrumbList'), [
      ['Home', 'https://news.example.org/'],
      ['Local Politics', 'https://news.example.org/category/local-politics'],
      [a.title, `https://news.example.org/article/${a.id}`],
    ]);
    expect(h.jsonLd).toHaveLength(2);
  });

  it('keeps an absolute image URL in JSON-LD and falls back to the share image when the article has no image', () => {
    const externalArticle = article({ imageUrl: 'https://cdn.example.com/p/1.jpg' });
    const external = parse({ kind: 'article', article: externalArticle });
    expect(external.ld('NewsArticle').image).toContain('https://cdn.example.com/p/1.jpg');
    expectSharePreview(external, externalArticle);

    const a = article({ imageUrl: null, media: [{ id: 'v', type: 'video', fileUrl: '/uploads/clip.mp4' }] });
    const h = parse({ kind: 'article', article: a });
    const share = `https://news.example.org/api/articles/share/${a.id}/image.jpg?v=${Date.parse(a.updatedAt)}`;
    expect(h.og('og:image')).toBe(share);
    expect(h.og('og:image:type')).toBe('image/jpeg');
    expect(h.og('og:image:width')).toBe('1200');
    expect(h.og('og:image:height')).toBe('630');
    expect(h.meta('twitter:image')).toBe(share);
    expect(h.ld('NewsArticle').image).toEqual([share]);
  });

  it('never links an image that is neither http(s) nor a site path', () => {
    const h = parse({
      kind: 'article',
      article: article({ imageUrl: 'javascript:alert(1)', media: [{ id: 'm', type: 'image', fileUrl: '//evil.example/x.jpg' }] }),
    });
    expect(h.og('og:image')).toMatch(/^https:\/\/news\.example\.org\/api\/articles\/share\//);
    expect(h.html).not.toContain('javascript:');
    expect(h.html).not.toContain('evil.example');
  });

  it('cuts a headline longer than 110 characters at a word boundary with an ellipsis; the title keeps it whole', () => {
    const title = `${'Residents of the old harbour district '.repeat(4)}gather`.trim();
    expect(title.length).toBeGreaterThan(HEADLINE_MAX);
    const h = parse({ kind: 'article', article: article({ title }) });
    const headline = h.ld('NewsArticle').headline as string;
    expect(Array.from(headline).length).toBeLessThanOrEqual(HEADLINE_MAX);
    expect(headline.endsWith('…')).toBe(true);
    const kept = headline.slice(0, -1);
    expect(title.startsWith(kept)).toBe(true);
    expect(title[kept.length]).toBe(' ');
    expect(h.title).toBe(`${title} | Chronicle News`);
    expect(h.og('og:title')).toBe(title);
  });

  it('keeps a headline of exactly 110 characters whole', () => {
    const title = 'x'.repeat(HEADLINE_MAX);
    expect(parse({ kind: 'article', article: article({ title }) }).ld('NewsArticle').headline).toBe(title);
  });

  it('trims a long summary to about 160 characters on a word boundary', () => {
    const summary = `The council met on Tuesday evening   to decide\non the bridge, ${'and the residents spoke at length about traffic, '.repeat(5)}end.`;
    const h = parse({ kind: 'article', article: article({ summary }) });
    const description = h.meta('description');
    expect(Array.from(description).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(Array.from(description).length).toBeGreaterThan(DESCRIPTION_MAX - 20);
    expect(description.endsWith('…')).toBe(true);
    expect(description).toContain('Tuesday evening to decide on the bridge');
    const kept = description.slice(0, -1);
    const normalised = summary.replace(/\s+/g, ' ');
    expect(normalised.startsWith(kept)).toBe(true);
    expect([' ', ',']).toContain(normalised[kept.length]);
    expect(h.og('og:description')).toBe(description);
    expect(h.ld('NewsArticle').description).toBe(description);
  });

  it('escapes a hostile title, summary, author and category everywhere', () => {
    const a = article({
      title: HOSTILE,
      summary: HOSTILE,
      author: { id: 'u', name: HOSTILE },
      category: { id: 'c', name: HOSTILE, slug: 'a"b<c' },
    });
    const h = parse({ kind: 'article', article: a });

    // Nothing broke out: the only elements are the ones buildHead writes, and only JSON-LD scripts.
    expect(h.scripts).toHaveLength(2);
    for (const script of h.scripts) expect(DomUtils.textContent(script)).not.toMatch(/[<>&]/);
    expect(h.html).not.toContain('<script>');
    expect(h.html).not.toContain('<b>');
    expect(h.title).toBe(`${HOSTILE} | Chronicle News`);
    expect(h.og('og:title')).toBe(HOSTILE);
    expect(h.og('article:author')).toBe(HOSTILE);
    expect(h.og('article:section')).toBe(HOSTILE);
    const news = h.ld('NewsArticle');
    expect(news.headline).toBe(HOSTILE);
    expect(news.author).toEqual([{ '@type': 'Person', name: HOSTILE }]);
    expect(news.articleSection).toBe(HOSTILE);
    expect(h.ld('BreadcrumbList').itemListElement).toContainEqual(
      expect.objectContaining({ name: HOSTILE, item: 'https://news.example.org/category/a%22b%3Cc' }),
    );
  });

  it('never dates the modification before the publication', () => {
    const h = parse({ kind: 'article', article: article({ updatedAt: '2025-02-01T00:00:00.000Z' }) });
    expect(h.ld('NewsArticle').dateModified).toBe('2025-03-01T10:00:00.000Z');
    expect(h.og('article:modified_time')).toBe('2025-03-01T10:00:00.000Z');
  });
});

describe('buildHead: home page', () => {
  it('has the home title, the site description and a canonical root URL', () => {
    const h = parse({ kind: 'home', mainStory: article() });
    expect(h.title).toBe('Chronicle News: local and world news');
    expect(h.meta('description')).toBe(site.description);
    expect(h.links('canonical').map((l) => l.attribs.href)).toEqual(['https://news.example.org/']);
    expectSocialTags(h, 'Chronicle News', site.description);
    expect(h.og('og:type')).toBe('website');
    expect(h.og('og:url')).toBe('https://news.example.org/');
    expect(h.og('og:image')).toBe('https://news.example.org/og-default.png');
    expect(h.og('og:image:width')).toBe('1200');
    expect(h.og('og:image:height')).toBe('630');
    expect(h.metaBy('property', 'article:published_time')).toEqual([]);
    expect(expectSiteFeed(h)).toHaveLength(1);
  });

  it('has WebSite and Organization JSON-LD that refer to each other', () => {
    const h = parse({ kind: 'home' });
    expect(h.jsonLd).toHaveLength(2);
    const website = h.ld('WebSite');
    const org = h.ld('Organization');
    expect(website).toMatchObject({
      '@context': 'https://schema.org',
      url: 'https://news.example.org/',
      name: 'Chronicle News',
      description: site.description,
    });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Chronicle News',
      url: 'https://news.example.org/',
      logo: { '@type': 'ImageObject', url: 'https://news.example.org/logo.png' },
    });
    expect(typeof org['@id']).toBe('string');
    expect(website.publisher).toEqual({ '@id': org['@id'] });
  });
});

/**
 * A listing's head (a category's or a section's page): '<name> | Chronicle News', `url` as canonical and og:url,
 * `description` in the meta and social tags, and the trail Home › name.
 */
function expectListingHead(h: ReturnType<typeof parse>, name: string, url: string, description: string) {
  expect(h.title).toBe(`${name} | Chronicle News`);
  expect(h.links('canonical').map((l) => l.attribs.href)).toEqual([url]);
  expect(h.meta('description')).toBe(description);
  expectSocialTags(h, `${name} | Chronicle News`, description);
  expect(h.og('og:url')).toBe(url);
  expectBreadcrumbs(h.ld('BreadcrumbList'), [
    ['Home', 'https://news.example.org/'],
    [name, url],
  ]);
}

describe('buildHead: the Latest river past its first page', () => {
  it('is a page of its own: its title and canonical address with the page number, no home JSON-LD', () => {
    const h = parse({ kind: 'home', page: 3 });
    expect(h.title).toBe('Latest news, page 3 | Chronicle News');
    expect(h.links('canonical').map((l) => l.attribs.href)).toEqual(['https://news.example.org/?page=3']);
    expect(h.og('og:url')).toBe('https://news.example.org/?page=3');
    expect(h.jsonLd).toEqual([]);
  });
});

describe('buildHead: author page', () => {
  const author = { id: 'u1', slug: 'jane-doe', name: 'Jane Doe', bio: 'Covers   the council.', avatarUrl: '/uploads/jane.jpg', avatar: null };
  const articles = { data: [article()], pagination: { total: 1, limit: 12, offset: 0 } };

  it('has the name as title, the bio as description, the photo as preview, the author feed and a ProfilePage of a Person', () => {
    const h = parse({ kind: 'author', author, articles, page: 1 });
    expect(h.title).toBe('Jane Doe | Chronicle News');
    expect(h.meta('description')).toBe('Covers the council.');
    expect(h.links('canonical').map((l) => l.attribs.href)).toEqual(['https://news.example.org/author/jane-doe']);
    expect(h.og('og:type')).toBe('profile');
    expect(h.og('og:image')).toBe('https://news.example.org/uploads/jane.jpg');
    expect(h.links('alternate').map((l) => l.attribs.href)).toEqual([
      'https://news.example.org/rss.xml',
      'https://news.example.org/author/jane-doe/rss.xml',
    ]);
    expect(h.ld('ProfilePage').mainEntity).toEqual({
      '@type': 'Person',
      '@id': 'https://news.example.org/author/jane-doe#person',
      name: 'Jane Doe',
      url: 'https://news.example.org/author/jane-doe',
      description: 'Covers the council.',
      image: 'https://news.example.org/uploads/jane.jpg',
      worksFor: { '@id': 'https://news.example.org/#organization' },
    });
  });

  it('without a bio, describes the page by their headlines; a later page names its number', () => {
    const h = parse({ kind: 'author', author: { ...author, bio: null, avatarUrl: null }, articles, page: 2 });
    expect(h.meta('description')).toBe('Stories by Jane Doe from Chronicle News: Council approves the new river bridge');
    expect(h.title).toBe('Jane Doe, page 2 | Chronicle News');
    expect(h.links('canonical').map((l) => l.attribs.href)).toEqual(['https://news.example.org/author/jane-doe?page=2']);
    expect(h.og('og:image')).toBe('https://news.example.org/og-default.png');
  });

  it('escapes a hostile name and bio', () => {
    const h = parse({ kind: 'author', author: { ...author, name: HOSTILE, bio: HOSTILE }, articles, page: 1 });
    expect(h.html).not.toContain('<script>alert(1)');
    expect(h.scripts.every((s) => s.attribs.type === 'application/ld+json')).toBe(true);
    expect((h.ld('ProfilePage').mainEntity as { name: string }).name).toBe(HOSTILE);
  });
});

describe('buildHead: category page', () => {
  const category = { id: 'c1', name: 'Local Politics', slug: 'local-politics' };

  it('has the category title, canonical slug URL, its own feed and a Home › Category breadcrumb', () => {
    const h = parse({ kind: 'category', category, articles: [article(), article({ title: 'Budget passes' })] });
    expectListingHead(
      h,
      'Local Politics',
      'https://news.example.org/category/local-politics',
      'Stories in the Local Politics category of Chronicle News, newest first: Council approves the new river bridge; Budget passes',
    );
    expect(h.og('og:type')).toBe('website');
    const feeds = expectSiteFeed(h);
    expect(feeds.map((f) => [f.attribs.title, f.attribs.href])).toEqual([
      ['Chronicle News', 'https://news.example.org/rss.xml'],
      ['Chronicle News: Local Politics', 'https://news.example.org/category/local-politics/rss.xml'],
    ]);
    expect(h.jsonLd).toHaveLength(1);
  });

  it('has a description even with no articles, and a long list stays within 160 characters', () => {
    expect(parse({ kind: 'category', category, articles: [] }).meta('description')).toBe(
      'Stories in the Local Politics category of Chronicle News, newest first.',
    );
    const many = Array.from({ length: 20 }, (_, i) => article({ title: `Story number ${i + 1} about the bridge` }));
    const description = parse({ kind: 'category', category, articles: many }).meta('description');
    expect(Array.from(description).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
  });

  it('escapes a hostile category name in the title, feed title and JSON-LD', () => {
    const h = parse({ kind: 'category', category: { id: 'c', name: HOSTILE, slug: 'x' }, articles: [article({ title: HOSTILE })] });
    expect(h.scripts).toHaveLength(1);
    expect(h.title).toBe(`${HOSTILE} | Chronicle News`);
    expect(h.links('alternate')[1]?.attribs.title).toBe(`Chronicle News: ${HOSTILE}`);
    expect((h.ld('BreadcrumbList').itemListElement as { name: string }[])[1]?.name).toBe(HOSTILE);
  });
});

describe('buildHead: section page', () => {
  it('has the section title, canonical URL from its path and a Home › Section breadcrumb', () => {
    const h = parse({ kind: 'section', section: { path: '/news/editorials', heading: 'Editorials and Opinions' }, articles: [article()] });
    expectListingHead(
      h,
      'Editorials and Opinions section',
      'https://news.example.org/news/editorials',
      'All Chronicle News articles in the Editorials and Opinions section, newest first: Council approves the new river bridge',
    );
    expect(expectSiteFeed(h)).toHaveLength(1);
  });

  // Issue 24, defect 7: a category may bear a section's name; the two pages list different articles.
  it('reads apart from the category of the same name: its own title, description and canonical', () => {
    const articles = [article()];
    const section = parse({ kind: 'section', section: { path: '/news/sports', heading: 'Sports' }, articles });
    const category = parse({ kind: 'category', category: { id: 'c', name: 'Sports', slug: 'sports' }, articles });
    expect(section.title).toBe('Sports section | Chronicle News');
    expect(category.title).toBe('Sports | Chronicle News');
    expect(section.meta('description')).not.toBe(category.meta('description'));
    expect(section.og('og:title')).not.toBe(category.og('og:title'));
    expect(section.links('canonical')[0]?.attribs.href).toBe('https://news.example.org/news/sports');
    expect(category.links('canonical')[0]?.attribs.href).toBe('https://news.example.org/category/sports');
  });
});

describe('buildHead: not-found page', () => {
  it('is noindex, with no canonical URL, no og:url and no structured data', () => {
    const h = parse({ kind: 'not-found' });
    expect(h.title).toBe('Page not found | Chronicle News');
    expect(h.meta('robots')).toBe('noindex');
    expect(h.links('canonical')).toEqual([]);
    expect(h.metaBy('property', 'og:url')).toEqual([]);
    expect(h.jsonLd).toEqual([]);
    expect(h.meta('description')).not.toBe('');
    expect(expectSiteFeed(h)).toHaveLength(1);
  });

  it('takes the title the client route shows for a missing article', () => {
    expect(parse({ kind: 'not-found', title: 'Article Not Found' }).title).toBe('Article Not Found | Chronicle News');
  });
});

describe('buildShellHead: pages the browser renders', () => {
  // Issue 24, defect 8: the login page had the template's head only, with no canonical.
  it('gives the login page its title and canonical address, and the others the site name and description', () => {
    const html = buildShellHead('/auth', site)!;
    const doc = parseDocument(html);
    const all = (tag: string) => DomUtils.getElementsByTagName(tag, doc.children, true);
    expect(all('title').map((t) => DomUtils.textContent(t))).toEqual(['Login | Chronicle News']);
    expect(
      all('link')
        .filter((l) => l.attribs.rel === 'canonical')
        .map((l) => l.attribs.href),
    ).toEqual(['https://news.example.org/auth']);
    for (const path of ['/dashboard', '/auth/reset-password'])
      expect(buildShellHead(path, { ...site, name: 'The <Riverside> Courier' })).toBe(
        `<meta name="description" content="${site.description}">\n<title>The &lt;Riverside&gt; Courier</title>\n<link rel="icon" type="image/svg+xml" href="/favicon.svg">`,
      );
    // The site's own icon, and accent, in the shell too.
    const own = buildShellHead('/dashboard', { ...site, iconUrl: '/uploads/icon-1x1.jpg', accentColor: '#1d4ed8' });
    expect(own).toContain('<link rel="icon" href="/uploads/icon-1x1.jpg">\n<link rel="apple-touch-icon" href="/uploads/icon-1x1.jpg">');
    expect(own).toContain('<style>:root{--color-brand:#1d4ed8;');
  });
});


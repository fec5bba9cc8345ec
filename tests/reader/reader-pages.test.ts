import { DomUtils } from 'htmlparser2';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createBreakingNews, createComment, login } from '../helpers/factories';
import { html, renderedPage, text } from '../helpers/rendered-html';
import { authorDesk } from '../helpers/testbed';

/**
 * The reader's pages rendered on the server (docs/decisions/025-server-rendering.md): what `curl` sees.
 * Each page carries its content, the right status, and the data the browser hydrates from.
 */
const { app, ctx, db } = await createTestApp();
const desk = await authorDesk(db, { category: 'World Affairs', author: 'Ada Reporter' });
const { category, author } = desk;
const main = await desk.article({
  isStory: true,
  isMainStory: true,
  title: 'Harbour bridge reopens after repairs',
  content: '<p>The harbour bridge reopened on Monday morning after <strong>six weeks</strong> of repairs.</p>',
});
const sport = await desk.article({
  section: 'Sports',
  title: 'Local club wins the cup',
});
const draft = await desk.article({ status: 'draft', title: 'Embargoed draft story' });
await createComment(db, { articleId: main.id, authorId: author.id, content: 'A reader comment rendered on the server' });
await createBreakingNews(db, { authorId: author.id, status: 'published', headline: 'Storm warning for the coast' });


function pageState(res: request.Response) {
  const script = DomUtils.findOne((el) => el.name === 'script' && el.attribs.id === 'chronicle-state', html(res).children, true);
  if (!script) return null;
  return JSON.parse(DomUtils.textContent(script)) as {
    origin: string;
    queries: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown; error?: { status: number } } }[] };
  };
}

describe('reader pages rendered on the server', () => {
  it('the home page carries its stories, the ticker and the header categories, and the data it was rendered from', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = text(res);
    expect(body).toContain('Harbour bridge reopens after repairs');
    expect(body).toContain('Local club wins the cup');
    expect(body).toContain('Storm warning for the coast');
    expect(body).toContain('World Affairs');
    expect(body).not.toContain('Embargoed draft story');
    // The stylesheet comes in the page: the first paint waits for no other request.
    expect(res.text).toMatch(/<style>[^<]*\.font-serif/);
    expect(res.text).not.toMatch(/<link rel="stylesheet"/);
    // No longer a page that says it needs JavaScript.
    expect(body).not.toMatch(/needs JavaScript/);
    // The page is not hydrated (docs/decisions/054-reader-islands.md): it hands the browser its origin, and no data.
    const state = pageState(res);
    expect(state?.origin).toBe(ctx.config.publicUrl);
    expect(state!.queries.queries).toEqual([]);
  });

  it('an article page carries its headline, its text, its author, its comments and its view count', async () => {
    const { res, body } = await renderedPage(app, `/article/${main.id}`);
    expect(body).toContain('Harbour bridge reopens after repairs');
    expect(body).toContain('The harbour bridge reopened on Monday morning after six weeks of repairs.');
    expect(body).toContain('Ada Reporter');
    expect(body).toContain('A reader comment rendered on the server');
    expect(body).toMatch(/\d+ views?/);
    // The CSP allows no inline script: every script is a file or data (React must not stream a boundary late).
    const scripts = DomUtils.findAll((el) => el.name === 'script', html(res).children);
    expect(scripts.filter((el) => !el.attribs.src && !/^application\/(ld\+)?json$/.test(el.attribs.type ?? ''))).toEqual([]);
    expect(res.text).not.toContain('<template');
    const h1 = DomUtils.findAll((el) => el.name === 'h1', html(res).children);
    expect(h1.map((el) => DomUtils.textContent(el))).toEqual(['Harbour bridge reopens after repairs']);
    // What the browser is handed is the comments' data, which their island hydrates; the article's text is once in the page.
    const state = pageState(res);
    expect(state!.queries.queries.map((q) => q.queryKey)).toEqual([['comments', 'article', main.id]]);
    expect(res.text.match(/after (<|\\u003c)strong(>|\\u003e)six weeks/g)).toHaveLength(1);
  });

  it.each([
    ['a draft', () => `/article/${draft.id}`],
    ['an id that names nothing', () => '/article/4f0c3c55-5d2d-4b8e-9a56-000000000000'],
    ['a path that is not an id', () => '/article/not-an-id'],
  ])('%s is a 404 with the not-found page', async (_name, path) => {
    const res = await request(app).get(path());
    expect(res.status).toBe(404);
    expect(text(res)).toContain('Article Not Found');
    expect(text(res)).not.toContain('Embargoed draft story');
    // Nothing of the missing article is handed to the browser.
    expect(pageState(res)!.queries.queries).toEqual([]);
  });

  it('an unpublished article is gone from its page at once', async () => {
    const article = await desk.article({ title: 'Soon withdrawn' });
    expect((await request(app).get(`/article/${article.id}`)).status).toBe(200);
    const editor = await login(ctx, 'editor');
    await request(app).post(`/api/articles/${article.id}/unpublish`).set('Authorization', `Bearer ${editor.token}`).expect(200);
    const res = await request(app).get(`/article/${article.id}`);
    expect(res.status).toBe(404);
    expect(text(res)).not.toContain('Soon withdrawn');
  });

  it('a category page is addressed by its slug; its id and other spellings redirect there, keeping the query', async () => {
    const res = await request(app).get(`/category/${category.slug}`);
    expect(res.status).toBe(200);
    expect(text(res)).toContain('Harbour bridge reopens after repairs');
    expect(DomUtils.textContent(DomUtils.findAll((el) => el.name === 'h1', html(res).children))).toBe('World Affairs');

    const byId = await request(app).get(`/category/${category.id}?utm_source=feed`);
    expect(byId.status).toBe(301);
    expect(byId.headers.location).toBe(`/category/${category.slug}?utm_source=feed`);
  });

  it('a missing category or section is a 404 with its not-found page', async () => {
    const missing = await request(app).get('/category/no-such-category');
    expect(missing.status).toBe(404);
    expect(text(missing)).toContain('Category Not Found');
    const section = await request(app).get('/news/astrology');
    expect(section.status).toBe(404);
    expect(text(section)).toContain('Section Not Found');
  });

  it('a section page lists its articles; another spelling of its name redirects to the lowercase one', async () => {
    const res = await request(app).get('/news/sports');
    expect(res.status).toBe(200);
    expect(text(res)).toContain('Local club wins the cup');
    expect(text(res)).not.toContain('Harbour bridge reopens after repairs');
    const moved = await request(app).get('/news/Sports');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/news/sports');
  });

  it('any other path is a 404 with the not-found page', async () => {
    const res = await request(app).get('/no/such/page');
    expect(res.status).toBe(404);
    expect(text(res)).toContain('Oops! Page not found');
  });

  // Issue 23: the server matches an address on the browser's route table, so the two never disagree on the page.
  // (A trailing slash or capitals in the first segment answer 301 to the one address: tests/reader/canonical-urls.test.ts.)
  it.each([
    ['an unknown auth screen', () => '/auth/no-such-screen', 404, 'Oops! Page not found'],
  ])('%s is the page the browser shows there, with its status', async (_name, path, status, shown) => {
    const res = await request(app).get(path());
    expect(res.status).toBe(status);
    expect(text(res)).toContain(shown);
    expect(pageState(res)).not.toBeNull();
  });

  it('the dashboard and the auth screens get the shell the browser renders, without page data', async () => {
    for (const path of ['/dashboard', '/dashboard/articles', '/auth', '/auth/reset-password']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(pageState(res)).toBeNull();
      expect(res.text).toContain('<script type="module"');
    }
  });

  it.each([
    '/article/%E0%A4%A',
    '/category/%2F%2Fevil.example',
    '//evil.example/x',
    '/news',
    '/article',
    '/news/sports/extra',
    '/category/a%00b',
    '/category/a{b}%',
  ])('an odd address (%s) is a 404 page, never a 5xx nor a redirect elsewhere, and nothing is said on the console', async (path) => {
    // react-router warns on the console of a path it cannot decode, unless the renderer hands it one it can.
    const warn = vi.spyOn(console, 'warn');
    try {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(text(res)).toMatch(/Not Found|Page not found/i);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('an address that does not decode is still read as a URL first: its dot segments lead where they did', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const [home, odd] = [await request(app).get('/'), await request(app).get('/about%/%2e%2e')];
      expect(odd.status).toBe(200);
      expect(text(odd)).toBe(text(home));
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('HEAD answers the status without a body', async () => {
    const res = await request(app).head(`/article/${draft.id}`);
    expect(res.status).toBe(404);
    expect(res.text ?? '').toBe('');
  });

  it('a title or a comment that tries to close the data script cannot inject markup', async () => {
    const words = '</script><script>alert(1)</script> & "quotes"';
    const hostile = await desk.article({ title: words });
    // The comments are what the page hands to the browser (docs/decisions/054-reader-islands.md).
    await createComment(db, { articleId: hostile.id, authorId: author.id, content: words });
    const res = await request(app).get(`/article/${hostile.id}`);
    expect(res.status).toBe(200);
    const scripts = DomUtils.findAll((el) => el.name === 'script', html(res).children);
    expect(
      scripts.some(
        (s) =>
          DomUtils.textContent(s).includes('alert(1)') && s.attribs.type !== 'application/json' && s.attribs.type !== 'application/ld+json',
      ),
    ).toBe(false);
    // The data still parses and carries the comment as written.
    expect(JSON.stringify(pageState(res))).toContain('</script><script>alert(1)</script> & \\"quotes\\"');
  });
});

describe('the head of each reader page', () => {
  const head = (res: request.Response) => {
    const doc = html(res);
    const meta = (key: string) =>
      DomUtils.findOne((el) => el.name === 'meta' && (el.attribs.property === key || el.attribs.name === key), doc.children, true)?.attribs
        .content;
    const link = (rel: string) =>
      DomUtils.findAll((el) => el.name === 'link' && el.attribs.rel === rel, doc.children).map((el) => el.attribs);
    const titles = DomUtils.findAll((el) => el.name === 'title', doc.children).map((el) => DomUtils.textContent(el));
    const jsonLd = DomUtils.findAll((el) => el.name === 'script' && el.attribs.type === 'application/ld+json', doc.children).map(
      (el) => JSON.parse(DomUtils.textContent(el)) as Record<string, unknown> & { '@type': string },
    );
    return { meta, link, titles, jsonLd };
  };
  const site = ctx.config.publicUrl;

  it('an article: title, description, canonical, Open Graph, Twitter card, article times and NewsArticle + BreadcrumbList', async () => {
    const res = await request(app).get(`/article/${main.id}`);
    const h = head(res);
    expect(h.titles).toEqual(['Harbour bridge reopens after repairs | Chronicle News']);
    expect(h.meta('description')).toBe('A summary of the article.');
    expect(h.link('canonical')).toEqual([expect.objectContaining({ href: `${site}/article/${main.id}` })]);
    expect(h.meta('og:type')).toBe('article');
    expect(h.meta('og:url')).toBe(`${site}/article/${main.id}`);
    // The share page's 1200x630 JPEG, with its type and size (issue 24).
    expect(h.meta('og:image')).toMatch(new RegExp(`^${site}/api/articles/share/${main.id}/image\\.jpg\\?v=\\d+$`));
    expect([h.meta('og:image:type'), h.meta('og:image:width'), h.meta('og:image:height')]).toEqual(['image/jpeg', '1200', '630']);
    expect(h.meta('twitter:image')).toBe(h.meta('og:image'));
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    expect(h.meta('article:published_time')).toBe(main.publishedAt!.toISOString());
    expect(h.meta('article:section')).toBe('World Affairs');
    expect(h.meta('article:author')).toBe('Ada Reporter');
    expect(h.meta('article:modified_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(h.link('alternate')).toContainEqual(expect.objectContaining({ type: 'application/rss+xml', href: `${site}/rss.xml` }));

    const article = h.jsonLd.find((d) => d['@type'] === 'NewsArticle')!;
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: 'Harbour bridge reopens after repairs',
      datePublished: main.publishedAt!.toISOString(),
      author: [{ '@type': 'Person', name: 'Ada Reporter', url: `${site}/author/${author.slug}` }],
      publisher: { '@type': 'Organization', name: 'Chronicle News', logo: { '@type': 'ImageObject', url: `${site}/logo.png` } },
    });
    expect(typeof article.dateModified).toBe('string');
    expect((article.image as string[]).every((url) => url.startsWith(`${site}/`))).toBe(true);
    const crumbs = h.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Home', 'World Affairs', 'Harbour bridge reopens after repairs']);
    expect(crumbs.itemListElement[1]!.item).toBe(`${site}/category/${category.slug}`);
  });

  it('an edit shows in the head at once', async () => {
    const editor = await login(ctx, 'editor');
    const current = await request(app).get(`/api/articles/${sport.id}`).set('Authorization', `Bearer ${editor.token}`);
    await request(app)
      .put(`/api/articles/${sport.id}`)
      .set('Authorization', `Bearer ${editor.token}`)
      .set('If-Match', current.headers.etag as string)
      .send({ title: 'Local club wins the cup after extra time' })
      .expect(200);
    const h = head(await request(app).get(`/article/${sport.id}`));
    expect(h.titles).toEqual(['Local club wins the cup after extra time | Chronicle News']);
    expect(h.jsonLd.find((d) => d['@type'] === 'NewsArticle')?.headline).toBe('Local club wins the cup after extra time');
  });

  it('the home page: WebSite and Organization', async () => {
    const h = head(await request(app).get('/'));
    expect(h.titles).toEqual(['Chronicle News: local and world news']);
    expect(h.link('canonical')[0]?.href).toBe(`${site}/`);
    expect(h.meta('og:type')).toBe('website');
    expect(h.jsonLd.map((d) => d['@type']).sort()).toEqual(['Organization', 'WebSite']);
  });

  it('a category page: its canonical slug address, its own feed and a BreadcrumbList', async () => {
    const h = head(await request(app).get(`/category/${category.slug}`));
    expect(h.titles).toEqual(['World Affairs | Chronicle News']);
    expect(h.link('canonical')[0]?.href).toBe(`${site}/category/${category.slug}`);
    expect(h.link('alternate')).toContainEqual(
      expect.objectContaining({ type: 'application/rss+xml', href: `${site}/category/${category.slug}/rss.xml` }),
    );
    expect(h.jsonLd.map((d) => d['@type'])).toEqual(['BreadcrumbList']);
  });

  it('a section page: its lowercase address as canonical and a BreadcrumbList', async () => {
    const h = head(await request(app).get('/news/sports'));
    // Not the title of a category named Sports (/category/sports): the section lists by section (issue 24).
    expect(h.titles).toEqual(['Sports section | Chronicle News']);
    expect(h.link('canonical')[0]?.href).toBe(`${site}/news/sports`);
    expect(h.meta('og:url')).toBe(`${site}/news/sports`);
    const crumbs = h.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as unknown as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Home', 'Sports section']);
  });

  it('a not-found page is not indexed and names what is missing', async () => {
    const h = head(await request(app).get(`/article/${draft.id}`));
    expect(h.titles).toEqual(['Article Not Found | Chronicle News']);
    expect(h.meta('robots')).toBe('noindex');
    expect(h.link('canonical')).toEqual([]);
    expect(h.jsonLd).toEqual([]);
  });
});

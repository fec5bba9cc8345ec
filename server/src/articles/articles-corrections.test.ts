import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { anchors, jsonLd, links, renderedPage, text, title } from '#tests/helpers/rendered-html';
import { articlesTestbed } from '#tests/helpers/testbed';

/**
 * Corrections (docs/decisions/062-corrections.md): an editor appends a dated correction to a published article; readers
 * see it at the end of the article (through the cache), in its JSON-LD and on /corrections, which the sitemap names.
 */
const { app, ctx, db, headers, article } = await articlesTestbed();
const site = ctx.config.publicUrl;

const correct = (id: string, text: unknown, actor: 'editor' | 'admin' | 'author' = 'editor') =>
  request(app).post(`/api/articles/${id}/corrections`).set(headers(actor)).send({ text });
const published = (title: string) => article({ status: 'published', publishedAt: new Date(Date.now() - 86_400_000), title });

describe('adding a correction', () => {
  it('is public at once: the article (through the cache), its page, its JSON-LD and its modified date', async () => {
    const a = await published(`Council vote ${Date.now()}`);
    // Read, and cached, before.
    const before = await request(app).get(`/api/articles/${a.id}`);
    expect(before.body.corrections).toEqual([]);
    expect((await request(app).get(`/article/${a.id}`)).status).toBe(200);

    const res = await correct(a.id, '  An earlier version gave the wrong date for the vote: it is on Tuesday.  ');
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBe(`"v${a.version + 1}"`);
    expect(res.body.version).toBe(a.version + 1);
    expect(res.body.corrections).toEqual([
      {
        id: expect.any(String),
        text: 'An earlier version gave the wrong date for the vote: it is on Tuesday.',
        createdAt: expect.any(String),
      },
    ]);
    const [made] = res.body.corrections as { createdAt: string }[];
    expect(Date.now() - Date.parse(made!.createdAt)).toBeLessThan(60_000);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(a.updatedAt.getTime());

    const read = await request(app).get(`/api/articles/${a.id}`);
    expect(read.body.corrections).toEqual(res.body.corrections);
    const { res: page, body } = await renderedPage(app, `/article/${a.id}`);
    expect(body).toContain('Correction');
    expect(body).toContain('An earlier version gave the wrong date for the vote: it is on Tuesday.');
    const news = jsonLd(page).find((o) => o['@type'] === 'NewsArticle')!;
    expect(news.correction).toEqual([
      {
        '@type': 'CorrectionComment',
        text: 'An earlier version gave the wrong date for the vote: it is on Tuesday.',
        datePublished: made!.createdAt,
      },
    ]);
    expect(news.dateModified).toBe(res.body.updatedAt);
    expect(page.text).toContain(`<meta property="article:modified_time" content="${res.body.updatedAt}"`);
  });

  it('keeps them oldest first, each dated, as plain text', async () => {
    const a = await published('Two corrections');
    expect((await correct(a.id, 'First: the mayor’s name is Ada.')).status).toBe(201);
    const second = await correct(a.id, '<b>Second</b>: the budget is $4m, not $40m.', 'admin');
    expect(second.body.corrections.map((c: { text: string }) => c.text)).toEqual([
      'First: the mayor’s name is Ada.',
      '<b>Second</b>: the budget is $4m, not $40m.',
    ]);
    const page = await request(app).get(`/article/${a.id}`);
    // Text, never markup.
    expect(page.text).toContain('&lt;b&gt;Second&lt;/b&gt;');
    expect(text(page)).toContain('Corrections');
  });

  it.each([
    ['nothing', undefined, 'Correction must be text'],
    ['blank text', '   ', 'Correction is required'],
    ['a number', 42, 'Correction must be text'],
    ['too long', 'x'.repeat(LIMITS.correctionMax + 1), `Correction must be at most ${LIMITS.correctionMax} characters`],
  ])('refuses %s with a 400 and changes nothing', async (_name, input, message) => {
    const a = await published('Refused correction');
    const res = await correct(a.id, input);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db.correction.count({ where: { articleId: a.id } })).toBe(0);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).version).toBe(a.version);
  });

  it.each(['draft', 'review', 'scheduled', 'unpublished', 'trashed'] as const)('refuses a %s article with a 409', async (status) => {
    const a = await article({ status, ...(status === 'scheduled' ? { scheduledAt: new Date(Date.now() + 3_600_000) } : {}) });
    const res = await correct(a.id, 'Not public, so not corrected.');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a published article can be corrected: edit it instead.');
    expect(await db.correction.count({ where: { articleId: a.id } })).toBe(0);
  });

  it('404 for an article that does not exist', async () => {
    expect((await correct('0190f5a4-0000-7000-8000-000000000000', 'Nothing here.')).status).toBe(404);
    expect((await correct('not-a-uuid', 'Nothing here.')).status).toBe(404);
  });
});

describe('/corrections', () => {
  it('lists the newest first with their articles, rendered on the server, and leaves out articles no longer public', async () => {
    const a = await published(`Harbour story ${Date.now()}`);
    const b = await published(`Bridge story ${Date.now()}`);
    await correct(a.id, 'The harbour opened in 1921.');
    await correct(b.id, 'The bridge is 300 m long.');
    const api = await request(app).get('/api/corrections');
    expect(api.status).toBe(200);
    const texts = (api.body.data as { text: string; article: { id: string; title: string } }[]).map((c) => [c.text, c.article.title]);
    expect(texts.slice(0, 2)).toEqual([
      ['The bridge is 300 m long.', b.title],
      ['The harbour opened in 1921.', a.title],
    ]);

    const { res, body } = await renderedPage(app, '/corrections');
    expect(title(res)).toBe('Corrections | Chronicle News');
    expect(links(res, 'canonical')).toEqual([`${site}/corrections`]);
    expect(body).toContain('The harbour opened in 1921.');
    expect(anchors(res)).toContainEqual(expect.objectContaining({ href: `/article/${b.id}`, text: b.title }));
    expect(jsonLd(res).map((o) => o['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);

    // Unpublished: its corrections leave the page (the cache purged) and the API.
    await request(app).post(`/api/articles/${b.id}/unpublish`).set(headers('editor')).expect(200);
    expect(text(await request(app).get('/corrections'))).not.toContain('The bridge is 300 m long.');
    expect(JSON.stringify((await request(app).get('/api/corrections')).body)).not.toContain(b.id);
  });

  it('pages by ?page=n; bad page numbers move to the first page; a page past the end is a 404', async () => {
    expect((await request(app).get('/corrections?page=abc')).headers.location).toBe('/corrections');
    expect((await request(app).get('/corrections?page=999')).status).toBe(404);
    expect((await request(app).get('/Corrections')).status).toBe(301);
    expect((await request(app).get('/api/corrections?limit=0')).status).toBe(400);
    expect((await request(app).get('/api/corrections?offset=-1')).status).toBe(400);
  });

  it('is in the pages sitemap, dated by the newest correction; the footer links to it', async () => {
    const a = await published('Sitemap story');
    const made = (await correct(a.id, 'The date of the sitemap story was wrong.')).body.corrections[0].createdAt as string;
    const sitemap = await request(app).get('/sitemaps/pages.xml');
    expect(sitemap.text.replace(/\s+/g, '')).toContain(`<url><loc>${site}/corrections</loc><lastmod>${made}</lastmod></url>`);
    expect(anchors(await request(app).get('/'))).toContainEqual(expect.objectContaining({ href: '/corrections', text: 'Corrections' }));
  });

  it('a page may not take its address', async () => {
    const res = await request(app)
      .post('/api/pages')
      .set(headers('editor'))
      .send({ title: 'Corrections', slug: 'corrections', content: '<p>x</p>' });
    expect(res.status).toBe(400);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import type { SearchResults } from '#shared/types';
import { createCategory, createUser } from '#tests/helpers/factories';
import { anchors, html, renderedPage, text, title } from '#tests/helpers/rendered-html';
import { articlesTestbed } from '#tests/helpers/testbed';
import { DomUtils } from 'htmlparser2';
import { createTestApp } from '#tests/helpers/app';

/**
 * Search (docs/decisions/065-search.md): GET /api/search ranks the published articles that hold the query's words,
 * reads the syntax of search boxes, folds accents, offers similar titles for a typo, narrows by section, category,
 * author and date, and never shows what is not published.
 */
const { app, db, headers, byRole, category, otherAuthor, article } = await articlesTestbed();

const DAY = 86_400_000;
const published = (title: string, more: Parameters<typeof article>[0] = {}) =>
  article({ status: 'published', publishedAt: new Date(Date.now() - DAY), title, ...more });
const search = (query: Record<string, string>) => request(app).get('/api/search').query(query);
const found = async (query: Record<string, string>) => {
  const res = await search(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchResults;
};
const titles = (r: SearchResults) => r.data.map((a) => a.title);

describe('ranking', () => {
  it('puts a word of the title before the summary, the summary before the body, and newer first among equals', async () => {
    const body = await published('Harbour news', { content: '<p>The aardvark escaped from the zoo.</p>' });
    const summary = await published('Zoo report', { summary: 'An aardvark on the loose' });
    const title = await published('Aardvark found asleep');
    const older = await published('Aardvark found asleep', { publishedAt: new Date(Date.now() - 3 * DAY) });
    const r = await found({ q: 'aardvark' });
    expect(r.match).toBe('words');
    expect(r.data.map((a) => a.id)).toEqual([title.id, older.id, summary.id, body.id]);
    expect(r.pagination).toEqual({ total: 4, limit: LIMITS.searchPage, offset: 0 });
  });

  it('finds an article first by a phrase from deep in its body', async () => {
    const filler = '<p>' + 'Councillors discussed the river crossing at length. '.repeat(400) + '</p>';
    const deep = await published('Budget night', { content: `${filler}<p>The quartermaster of the lighthouse resigned in protest.</p>` });
    await published('Lighthouse keeper', { content: '<p>A quartermaster visited. The lighthouse was closed.</p>' });
    const r = await found({ q: '"quartermaster of the lighthouse resigned"' });
    expect(r.data[0]!.id).toBe(deep.id);
    expect(r.data).toHaveLength(1);
    // The passage is where the phrase is, the matched words marked, the markup gone.
    const marked = r.data[0]!.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['quartermaster', 'lighthouse', 'resigned']));
    const snippet = r.data[0]!.snippet.map((p) => p.text).join('');
    expect(snippet).toContain('resigned in protest');
    expect(snippet).not.toContain('<p>');
  });

  it('saves and finds a 500 kB body of codes, whose words would pass a tsvector’s 1 MB', async () => {
    const codes = Array.from({ length: 12_900 }, () => crypto.randomUUID());
    const res = await request(app)
      .post('/api/articles')
      .set(headers('editor'))
      .send({ title: 'Inventory ledger', summary: 'Part numbers.', content: `<p>${codes.join(' ')}</p>`, categoryId: category.id });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    await db.article.update({ where: { id: res.body.id }, data: { status: 'published', publishedAt: new Date() } });
    expect(titles(await found({ q: `"${codes[5]}"` }))).toEqual(['Inventory ledger']);
  });

  it('pages through the matches', async () => {
    for (let i = 0; i < 12; i++) await published(`Marmalade report ${i}`, { publishedAt: new Date(Date.now() - (i + 1) * DAY) });
    const first = await found({ q: 'marmalade' });
    const second = await found({ q: 'marmalade', offset: '10' });
    expect(first.pagination.total).toBe(12);
    expect(titles(first)).toHaveLength(10);
    expect(titles(second)).toEqual(['Marmalade report 10', 'Marmalade report 11']);
  });
});

describe('the syntax of search boxes', () => {
  it('reads "a phrase", -left out and or', async () => {
    const pie = await published('Pumpkin pie contest', { content: '<p>A pumpkin pie won.</p>' });
    const soup = await published('Pumpkin soup recipe', { content: '<p>Soup made of pie crust and pumpkin.</p>' });
    const turnip = await published('Turnip harvest');
    expect(titles(await found({ q: '"pumpkin pie"' }))).toEqual([pie.title]);
    expect(titles(await found({ q: 'pumpkin -soup' }))).toEqual([pie.title]);
    expect(titles(await found({ q: 'soup or turnip' })).sort()).toEqual([soup.title, turnip.title].sort());
    // Only words left out: nothing to find (it would match nearly every article), and nothing read.
    expect(await found({ q: '-soup' })).toMatchObject({ data: [], match: 'none', pagination: { total: 0 } });
  });

  it('stems words and folds accents, both ways', async () => {
    const cafe = await published('Café culture in Zürich', { content: '<p>The elections of the café owners.</p>' });
    for (const q of ['cafe', 'CAFÉ', 'zurich', 'Zürich', 'election', 'owner']) expect(titles(await found({ q })), q).toContain(cafe.title);
  });

  it('decodes the body’s entities in the passage, and shows the summary as written where the body holds no word', async () => {
    await published('Fish &amp; chips', {
      summary: 'Salt & vinegar <b>only</b>',
      content: '<p>Kedgeree, cod &amp; haddock &lt;fresh&gt; daily.</p>',
    });
    const r = await found({ q: 'kedgeree' });
    expect(r.data[0]!.snippet.map((p) => p.text).join('')).toContain('cod & haddock <fresh> daily');
    const bySummary = await found({ q: 'vinegar' });
    expect(bySummary.data[0]!.snippet).toEqual([{ text: 'Salt & vinegar <b>only</b>', match: false }]);
  });
});

describe('typos', () => {
  it('offers the titles that look like the query, and the query spelled as they spell it', async () => {
    const brexit = await published('Brexit talks resume in Brussels');
    // Every word must be held: "talks" is, "brexti" is not.
    const typo = await found({ q: 'Brexti talks' });
    expect(typo.match).toBe('similar-titles');
    expect(typo.data.map((a) => a.id)).toContain(brexit.id);
    expect(typo.didYouMean).toBe('brexit talks');
    // Each word is looked for: two typos find the title too.
    expect((await found({ q: 'brexti taks' })).didYouMean).toBe('brexit talks');
    expect((await found({ q: typo.didYouMean! })).data.map((a) => a.id)).toEqual([brexit.id]);
    // Nothing alike at all.
    const none = await found({ q: 'xylophonic zqwv' });
    expect(none).toMatchObject({ match: 'none', data: [], didYouMean: null, pagination: { total: 0 } });
  });
});

describe('filters', () => {
  it('narrows by section, category, author (co-written too) and days, and counts the matches of each', async () => {
    const sport = await createCategory(db, `Sport ${Date.now()}`);
    const writer = await createUser(db, { role: 'author', name: 'Quentin Quill' });
    const a = await published('Gondola race', { section: 'Sports', categoryId: sport.id, publishedAt: new Date('2026-03-10T12:00:00Z') });
    const b = await published('Gondola repairs', { authorId: writer.id, publishedAt: new Date('2026-03-20T12:00:00Z') });
    const c = await published('Gondola history', { publishedAt: new Date('2026-04-02T12:00:00Z') });
    await db.articleAuthor.create({ data: { articleId: c.id, userId: writer.id, position: 0 } });

    const all = await found({ q: 'gondola' });
    expect(all.pagination.total).toBe(3);
    expect(all.facets.sections).toEqual([
      { value: 'General', name: 'General', count: 2 },
      { value: 'Sports', name: 'Sports', count: 1 },
    ]);
    expect(all.facets.categories).toEqual(
      expect.arrayContaining([
        { id: sport.id, value: sport.slug, name: sport.name, count: 1 },
        { id: category.id, value: category.slug, name: category.name, count: 2 },
      ]),
    );
    // Two each: the writer (one written, one co-written) and the other author; by name among equals.
    expect(all.facets.authors).toEqual([
      { id: otherAuthor.id, value: expect.any(String), name: otherAuthor.name, count: 2 },
      { id: writer.id, value: expect.any(String), name: 'Quentin Quill', count: 2 },
    ]);

    expect(titles(await found({ q: 'gondola', section: 'sports' }))).toEqual([a.title]);
    expect(titles(await found({ q: 'gondola', category: sport.slug }))).toEqual([a.title]);
    const slug = all.facets.authors[1]!.value;
    expect(titles(await found({ q: 'gondola', author: slug })).sort()).toEqual([b.title, c.title].sort());
    expect(titles(await found({ q: 'gondola', from: '2026-03-15', to: '2026-03-31' }))).toEqual([b.title]);
    expect(titles(await found({ q: 'gondola', from: '2026-03-20', to: '2026-03-20' }))).toEqual([b.title]);
    // A filter that names nothing finds nothing.
    expect((await found({ q: 'gondola', category: 'no-such-category' })).data).toEqual([]);
    expect((await found({ q: 'gondola', author: 'nobody-here' })).data).toEqual([]);
  });
});

describe('what readers may see', () => {
  it('never shows a draft, a piece in review, a scheduled or a trashed one: in results, counts or similar titles', async () => {
    const live = await published('Walrus sighting confirmed');
    for (const status of ['draft', 'review', 'scheduled', 'trashed'] as const)
      await article({ status, title: `Walrus sighting ${status}`, content: '<p>walrus walrus</p>' });
    const r = await found({ q: 'walrus' });
    expect(titles(r)).toEqual([live.title]);
    expect(r.pagination.total).toBe(1);
    expect(r.facets.sections.reduce((n, s) => n + s.count, 0)).toBe(1);
    // Similar titles too: only the published one looks like "Walrsu sighting".
    await article({ status: 'draft', title: 'Narwhal spotted offshore' });
    expect((await found({ q: 'Narwhla' })).data).toEqual([]);
    // Workflow fields are never sent.
    expect(r.data[0]).toMatchObject({ submittedAt: null, reviewNote: null, scheduledAt: null });
  });

  it('finds an article once it is published and no longer once it is unpublished, through the cache', async () => {
    const draft = await article({ status: 'draft', title: 'Okapi census results' });
    // Asked three times: stored by the response cache from the second.
    for (let i = 0; i < 3; i++) expect((await found({ q: 'okapi' })).data).toEqual([]);
    expect((await request(app).post(`/api/articles/${draft.id}/publish`).set(headers('editor'))).status).toBe(200);
    expect(titles(await found({ q: 'okapi' }))).toEqual([draft.title]);
    expect(titles(await found({ q: 'okapi' }))).toEqual([draft.title]);
    expect((await request(app).post(`/api/articles/${draft.id}/unpublish`).set(headers('editor'))).status).toBe(200);
    expect((await found({ q: 'okapi' })).data).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    [{}, 'q is required'],
    [{ q: '' }, 'q is required'],
    [{ q: '   ' }, 'q is required'],
    [{ q: 'a'.repeat(1000) }, `at most ${LIMITS.searchQueryMax}`],
    [{ q: 'tab\there' }, 'control characters'],
    [{ q: 'nul\u0000' }, 'control characters'],
    [{ q: 'x', from: '2026-13-01' }, 'real date'],
    [{ q: 'x', from: 'yesterday' }, 'a date like'],
    [{ q: 'x', from: '2026-05-02', to: '2026-05-01' }, 'on or before'],
    [{ q: 'x', section: 'Astrology' }, 'Unknown section'],
    [{ q: 'x', limit: '21' }, 'at most 20'],
    [{ q: 'x', offset: '-1' }, 'offset'],
    [{ q: 'x', offset: String(LIMITS.searchPage * LIMITS.searchPagesMax + 1) }, 'offset'],
  ])('%j is a 400 that says why', async (query, message) => {
    const res = await search(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it.each(['-', '""', 'or', '-the', '" - or " &', '!!!', ':*', "'", '\\', 'the and of', '<script>', '(((', '😀'])(
    'answers %j with a result, never a 500',
    async (q) => {
      const res = await search({ q });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(expect.any(Array));
    },
  );
});

describe('the reader’s page /search', () => {
  it('renders the results on the server, without JavaScript: passages marked, filters and pages as links, never indexed', async () => {
    const sport = await createCategory(db, `Rowing ${Date.now()}`);
    for (let i = 0; i < 11; i++)
      await published(`Regatta day ${i}`, {
        categoryId: i === 0 ? sport.id : category.id,
        content: `<p>The regatta number ${i} was held on the river.</p>`,
      });
    const { res, body } = await renderedPage(app, '/search?q=regatta&utm_source=x');
    expect(title(res)).toMatch(/^Search results for “regatta” \| /);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).not.toContain('rel="canonical"');
    expect(body).toContain('11 articles found');
    const marks = DomUtils.findAll((el) => el.name === 'mark', html(res).children).map((el) => DomUtils.textContent(el).toLowerCase());
    expect(marks).toContain('regatta');
    const hrefs = anchors(res).map((a) => a.href);
    expect(hrefs).toContain(`/search?q=regatta&category=${sport.slug}`);
    expect(hrefs).toContain('/search?q=regatta&section=General');
    expect(hrefs).toContain('/search?q=regatta&page=2');
    // The search box keeps the query; the header has its own box on every page.
    const boxes = DomUtils.findAll((el) => el.name === 'form' && el.attribs.role === 'search', html(res).children);
    expect(boxes.map((f) => f.attribs.action)).toEqual(['/search', '/search']);

    const second = await renderedPage(app, '/search?q=regatta&page=2');
    expect(second.body).toContain('Previous results');
    const narrowed = await renderedPage(app, `/search?q=regatta&category=${sport.slug}`);
    expect(narrowed.body).toContain('1 article found');
    expect(anchors(narrowed.res).find((a) => a.text?.startsWith('Category:'))?.href).toBe('/search?q=regatta');
  });

  it('answers the empty page, a typo, a bad query and a page past the end as a reader expects', async () => {
    await published('Velodrome reopens after repairs');
    const empty = await renderedPage(app, '/search');
    expect(empty.body).toContain('Search every article we have published');
    expect(title(empty.res)).toMatch(/^Search \| /);

    const typo = await renderedPage(app, '/search?q=velodrme');
    expect(typo.body).toContain('Did you mean');
    expect(anchors(typo.res).find((a) => a.text === 'velodrome')?.href).toBe('/search?q=velodrome');
    expect(typo.body).toContain('Velodrome reopens after repairs');

    const bad = await request(app).get('/search?q=' + 'x'.repeat(LIMITS.searchQueryMax + 1));
    expect(bad.status).toBe(200);
    expect(text(bad)).toContain(`q must be at most ${LIMITS.searchQueryMax} characters`);

    const moved = await request(app).get('/search?q=velodrome&page=0');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/search?q=velodrome');
    expect((await request(app).get('/search?q=velodrome&page=5')).status).toBe(404);
  });
});

describe('the dashboard’s articles table', () => {
  const list = (query: Record<string, string>, actor: 'author' | 'editor' | 'admin' | 'user' | 'anonymous' = 'editor') =>
    request(app).get('/api/articles').query(query).set(headers(actor));
  const listed = async (query: Record<string, string>, actor: 'author' | 'editor' = 'editor') => {
    const res = await list(query, actor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: { id: string; title: string }[]; pagination: { total: number } };
  };
  const me = byRole.author.user;

  it('finds drafts by a word anywhere or a piece of the title, the best first, only those the user may see', async () => {
    const mine = await article({ authorId: me.id, status: 'draft', title: 'Zeppelin hangar plans (working title)' });
    const body = await article({ status: 'review', title: 'Airfield notes', content: '<p>An old zeppelin mast stands there.</p>' });
    const theirs = await article({ status: 'draft', title: 'Zeppelin museum draft' });
    const trashed = await article({ status: 'trashed', trashedAt: new Date(), title: 'Zeppelin rumours' });

    const editor = await listed({ q: 'zeppelin' });
    expect(editor.data.map((a) => a.id)).toEqual([theirs.id, mine.id, body.id]);
    expect(editor.pagination.total).toBe(3);
    // Any part of a title: "zepp" is no word, yet a piece of three titles.
    expect((await listed({ q: 'zepp' })).data.map((a) => a.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await listed({ q: 'zeppelin', status: 'trashed' })).data.map((a) => a.id)).toEqual([trashed.id]);
    // An author: their own only.
    expect((await listed({ q: 'zeppelin' }, 'author')).data.map((a) => a.id)).toEqual([mine.id]);
    // % and _ are letters here, not patterns.
    expect((await listed({ q: '%' })).data).toEqual([]);
  });

  it('narrows by category, author (co-written too) and days, and sorts by each column both ways', async () => {
    const cat = await createCategory(db, `Aviation ${Date.now()}`);
    const writer = await createUser(db, { role: 'author', name: 'Amelia Aloft' });
    const a = await article({ status: 'draft', title: 'Biplane A', categoryId: cat.id, createdAt: new Date('2026-02-01T12:00:00Z') });
    const b = await article({
      status: 'published',
      title: 'Biplane C',
      authorId: writer.id,
      publishedAt: new Date('2026-02-10T12:00:00Z'),
    });
    const c = await article({ status: 'draft', title: 'biplane B', createdAt: new Date('2026-03-01T12:00:00Z') });
    await db.articleAuthor.create({ data: { articleId: c.id, userId: writer.id, position: 0 } });
    const ids = async (query: Record<string, string>) => (await listed({ q: 'biplane', ...query })).data.map((x) => x.id);

    expect(await ids({ categoryId: cat.id })).toEqual([a.id]);
    expect((await ids({ authorId: writer.id })).sort()).toEqual([b.id, c.id].sort());
    expect(await ids({ from: '2026-02-05', to: '2026-02-28' })).toEqual([b.id]);
    expect(await ids({ sort: 'title' })).toEqual([a.id, c.id, b.id]);
    expect(await ids({ sort: '-title' })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ sort: 'date' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: '-date' })).toEqual([c.id, b.id, a.id]);
    expect((await ids({ sort: 'author' }))[0]).toBe(b.id);
    expect((await ids({ sort: 'category' }))[0]).toBe(a.id);
    // Drafts first, the newer of the two first among them.
    expect(await ids({ sort: 'status' })).toEqual([c.id, a.id, b.id]);
    // A page past the last still says how many there are.
    expect((await listed({ q: 'biplane', offset: '50' })).pagination.total).toBe(3);
  });

  it('refuses bad input with a 400, and readers and strangers as ever', async () => {
    for (const [query, message] of [
      [{ sort: 'popularity' }, 'sort must be one of'],
      [{ q: 'a\tb' }, 'control characters'],
      [{ q: 'x'.repeat(LIMITS.searchQueryMax + 1) }, 'at most'],
      [{ from: '2026-02-30' }, 'real date'],
      [{ categoryId: 'sports' }, 'categoryId must be a valid id'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'on or before'],
    ] as const) {
      const res = await list(query as Record<string, string>);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await list({ q: 'x' }, 'user')).status).toBe(403);
    expect((await list({ q: 'x' }, 'anonymous')).status).toBe(401);
  });
});

describe('limits', () => {
  it('answers 429 past SEARCHES_PER_MINUTE searches from one network', async () => {
    const limited = await createTestApp({ SEARCHES_PER_MINUTE: '2' });
    const ask = (q: string) => request(limited.app).get('/api/search').query({ q });
    expect((await ask('one')).status).toBe(200);
    expect((await ask('two')).status).toBe(200);
    const third = await ask('three');
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // The page (and its head, read after an in-app move) counts too; the empty page does not.
    expect((await request(limited.app).get('/search')).status).toBe(200);
    const page = await request(limited.app).get('/search?q=four');
    expect(page.status).toBe(429);
    expect(page.text).toContain('Too many searches');
    expect((await request(limited.app).get('/api/page-head').query({ path: '/search?q=five' })).status).toBe(429);
    // However the address is spelt.
    expect((await request(limited.app).get('/search?%71=six')).status).toBe(429);
    expect((await request(limited.app).get('/api/page-head').query({ path: '/x/../search?q=seven' })).status).toBe(429);
    const upper = await request(limited.app).get('/Search?q=eight');
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toMatch(/\/search\?q=eight$/);
  });
});

import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '#shared/schemas/pages';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, createCategory, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { anchors, jsonLd, title } from '#tests/helpers/rendered-html';

/** Static pages (docs/decisions/057-pages-and-navigation.md): /api/pages, the reader's /<slug>, the sitemap and the menus. */
const { app, ctx, db } = await createTestApp();
let headers: (actor: Actor) => Record<string, string>;
let editor: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  const a = await actors(ctx);
  headers = a.headers;
  editor = a.byRole.editor.auth;
  admin = a.byRole.admin.auth;
});

const MAY_MANAGE: Record<Actor, boolean> = { anonymous: false, user: false, author: false, editor: true, admin: true, 'super-admin': true };

let made = 0;
/** A page written by an editor: published unless told otherwise. */
async function makePage(fields: Record<string, unknown> = {}) {
  made += 1;
  const res = await request(app)
    .post('/api/pages')
    .set(editor)
    .send({ title: `Page ${made}`, content: `<p>Body of page ${made}.</p>`, status: 'published', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; slug: string; title: string; version: number; status: string };
}

const edit = (id: string, changes: Record<string, unknown>, version: number) =>
  request(app)
    .put(`/api/pages/${id}`)
    .set(editor)
    .send({ ...changes, version });

describe('a fresh install', () => {
  it('has a published Privacy page at /privacy that says what the software keeps, linked from every page’s footer', async () => {
    const page = await request(app).get('/privacy');
    expect(page.status).toBe(200);
    expect(title(page)).toBe('Privacy | Chronicle News');
    expect(page.text).toContain('The site sets no cookies');
    expect(page.text).toContain('one-way hash of your password');
    const home = await request(app).get('/');
    expect(anchors(home).some((a) => a.href === '/privacy' && a.text === 'Privacy')).toBe(true);
    expect((await request(app).get('/sitemaps/pages.xml')).text).toContain(`<loc>${ctx.config.publicUrl}/privacy</loc>`);
  });
});

describe('who may write pages', () => {
  it.each(ACTORS)('%s', async (actor) => {
    const allowed = MAY_MANAGE[actor];
    const list = await request(app).get('/api/pages').set(headers(actor));
    expect(list.status).toBe(allowed ? 200 : deniedStatus(actor));
    const created = await request(app)
      .post('/api/pages')
      .set(headers(actor))
      .send({ title: `By ${actor}`, content: '<p>x</p>' });
    expect(created.status).toBe(allowed ? 201 : deniedStatus(actor));
    const target = await makePage({ status: 'draft' });
    expect((await request(app).get(`/api/pages/${target.id}`).set(headers(actor))).status).toBe(allowed ? 200 : deniedStatus(actor));
    const put = await request(app).put(`/api/pages/${target.id}`).set(headers(actor)).send({ title: 'Changed', version: target.version });
    expect(put.status).toBe(allowed ? 200 : deniedStatus(actor));
    const del = await request(app).delete(`/api/pages/${target.id}`).set(headers(actor));
    expect(del.status).toBe(allowed ? 200 : deniedStatus(actor));
    const still = await db.page.findUnique({ where: { id: target.id } });
    expect(still === null).toBe(allowed);
    if (!allowed) expect(still?.title).toBe(target.title);
  });
});

describe('POST /api/pages', () => {
  it('makes the address from the title, sanitises the body, and starts as a draft', async () => {
    const res = await request(app)
      .post('/api/pages')
      .set(editor)
      .send({ title: 'About Us & Our Team', content: '<p onclick="x()">Hello<script>alert(1)</script></p>' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'about-us-and-our-team',
      status: 'draft',
      publishedAt: null,
      content: '<p>Hello</p>',
      version: 1,
    });
    expect(res.headers.etag).toBe('"v1"');
  });

  it.each([
    ['a reserved address', { slug: 'dashboard' }, '/dashboard is an address the site uses itself'],
    ['an address with a slash', { slug: 'a/b' }, 'Address may hold lower-case letters'],
    ['an address with spaces', { slug: 'about us' }, 'Address may hold lower-case letters'],
    ['a title of spaces', { title: '   ' }, 'Title is required'],
    ['a title on two lines', { title: 'A\nB' }, 'Title must be one line'],
    ['a title too long', { title: 'x'.repeat(121) }, 'Title must be at most 120'],
    ['an empty body', { content: '' }, 'Content is required'],
    ['a body of script only', { content: '<script>x</script>' }, 'nothing is left'],
    ['an unknown status', { status: 'archived' }, 'Status must be one of'],
    ['an unknown field', { author: 'me' }, 'author'],
  ])('refuses %s with a 400 and writes nothing', async (_name, fields, message) => {
    const before = await db.page.count();
    const res = await request(app)
      .post('/api/pages')
      .set(editor)
      .send({ title: 'Fine', content: '<p>x</p>', ...fields });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db.page.count()).toBe(before);
  });

  it('refuses every reserved address; a title that would make one, or one taken, or none, gets a free one', async () => {
    for (const slug of RESERVED_SLUGS)
      expect((await request(app).post('/api/pages').set(editor).send({ title: 'X', slug, content: '<p>x</p>' })).status, slug).toBe(400);
    expect((await makePage({ title: 'Search' })).slug).toBe('search-page');
    expect((await makePage({ title: 'Advertise with us' })).slug).toBe('advertise-with-us');
    expect((await makePage({ title: 'Advertise with us' })).slug).toBe('advertise-with-us-2');
    expect((await makePage({ title: '会社概要' })).slug).toMatch(/^page-[0-9a-f]{6}$/);
  });

  it('refuses an address another page has (409), however it is written', async () => {
    await makePage({ slug: 'contact' });
    const res = await request(app).post('/api/pages').set(editor).send({ title: 'Contact', slug: 'CONTACT', content: '<p>x</p>' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('/contact');
  });
});

describe('what readers see', () => {
  it('a draft is nowhere public; published, it is a server-rendered page with its head, in the sitemap and the footer', async () => {
    const draft = await makePage({
      title: 'Masthead',
      slug: 'masthead',
      summary: 'Who edits this paper.',
      status: 'draft',
      content: '<h2>Editors</h2><p>Ann Lee</p>',
    });
    // Asked twice each: the second answer may come from the response cache, which the publish must purge.
    for (let i = 0; i < 2; i++) {
      expect((await request(app).get('/masthead')).status).toBe(404);
      expect((await request(app).get('/api/pages/by-slug/masthead')).status).toBe(404);
      expect((await request(app).get('/sitemaps/pages.xml')).text).not.toContain('/masthead');
      expect(anchors(await request(app).get('/')).some((a) => a.href === '/masthead')).toBe(false);
    }

    const published = await edit(draft.id, { status: 'published' }, draft.version);
    expect(published.status).toBe(200);
    expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);

    const page = await request(app).get('/masthead');
    expect(page.status).toBe(200);
    expect(title(page)).toBe('Masthead | Chronicle News');
    expect(page.text).toContain('<h2>Editors</h2><p>Ann Lee</p>');
    expect(page.text).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/masthead">`);
    expect(page.text).toContain('<meta name="description" content="Who edits this paper.">');
    const ld = jsonLd(page);
    expect(ld.find((d) => d['@type'] === 'WebPage')).toMatchObject({ name: 'Masthead', url: `${ctx.config.publicUrl}/masthead` });
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toBeTruthy();
    expect((await request(app).get('/api/pages/by-slug/masthead')).body).toMatchObject({
      title: 'Masthead',
      content: '<h2>Editors</h2><p>Ann Lee</p>',
    });
    expect((await request(app).get('/sitemaps/pages.xml')).text).toContain(`<loc>${ctx.config.publicUrl}/masthead</loc>`);
    expect(anchors(await request(app).get('/')).some((a) => a.href === '/masthead' && a.text === 'Masthead')).toBe(true);
  });

  it('a new address moves the page: the old one sends readers on (301) until another page takes it; unpublished, both are gone', async () => {
    const page = await makePage({ slug: 'jobs', title: 'Jobs' });
    expect((await request(app).get('/jobs')).status).toBe(200);
    const moved = await edit(page.id, { slug: 'careers' }, page.version);
    expect(moved.status).toBe(200);
    // Through the cache, which held /jobs as it was: the old address moves, its query kept; the API answers the page.
    const old = await request(app).get('/jobs?ref=newsletter');
    expect([old.status, old.headers.location]).toEqual([301, '/careers?ref=newsletter']);
    expect((await request(app).get('/api/pages/by-slug/jobs')).body).toMatchObject({ slug: 'careers', title: 'Jobs' });
    expect((await request(app).get('/careers')).status).toBe(200);
    // Moved again: both earlier addresses go straight to the newest one.
    const again = await edit(page.id, { slug: 'work-with-us' }, moved.body.version);
    expect(again.status).toBe(200);
    for (const path of ['/jobs', '/careers']) expect((await request(app).get(path)).headers.location).toBe('/work-with-us');
    // Another page takes an earlier address: it is that page's now.
    const other = await makePage({ slug: 'jobs', title: 'Jobs board' });
    expect((await request(app).get('/jobs')).status).toBe(200);
    expect(title(await request(app).get('/jobs'))).toContain('Jobs board');
    expect((await request(app).delete(`/api/pages/${other.id}`).set(editor)).status).toBe(200);
    expect((await request(app).get('/jobs')).headers.location).toBe('/work-with-us');
    // Unpublished: no address of it answers, and it is gone from the footer.
    expect((await edit(page.id, { status: 'draft' }, again.body.version)).status).toBe(200);
    for (const path of ['/jobs', '/careers', '/work-with-us']) expect((await request(app).get(path)).status).toBe(404);
    expect(anchors(await request(app).get('/')).some((a) => a.href === '/work-with-us')).toBe(false);
  });

  it('a deleted page is gone from its address, the sitemap and the footer', async () => {
    const page = await makePage({ slug: 'old-terms', title: 'Old terms' });
    expect((await request(app).get('/old-terms')).status).toBe(200);
    expect((await request(app).get('/sitemaps/pages.xml')).text).toContain('/old-terms');
    expect((await request(app).delete(`/api/pages/${page.id}`).set(admin)).status).toBe(200);
    expect((await request(app).get('/old-terms')).status).toBe(404);
    expect((await request(app).get('/sitemaps/pages.xml')).text).not.toContain('/old-terms');
    expect(anchors(await request(app).get('/')).some((a) => a.href === '/old-terms')).toBe(false);
    expect((await request(app).delete(`/api/pages/${page.id}`).set(admin)).status).toBe(404);
  });

  it('an address no page has, or one a page could never have, is a 404 page, never a 500', async () => {
    for (const path of ['/no-such-page', '/%C3%A9t%C3%A9', `/${'x'.repeat(400)}`, '/a%00b', '/wp-login.php', '/a--b'])
      expect((await request(app).get(path)).status, path).toBe(404);
    // One address per page: another spelling moves there; the API answers the stored one only.
    const moved = await request(app).get('/PRIVACY?ref=x');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/privacy?ref=x');
    expect((await request(app).get('/api/pages/by-slug/PRIVACY')).status).toBe(404);
    for (const path of ['/api/pages/by-slug/%00', `/api/pages/by-slug/${'x'.repeat(400)}`])
      expect([400, 404]).toContain((await request(app).get(path)).status);
  });
});

describe('PUT /api/pages/:id', () => {
  it('never overwrites someone else’s change: a stale version is 409 (body) or 412 (If-Match), none is 428', async () => {
    const page = await makePage();
    expect((await edit(page.id, { title: 'First' }, page.version)).status).toBe(200);
    const stale = await edit(page.id, { title: 'Second' }, page.version);
    expect(stale.status).toBe(409);
    expect(stale.body.details).toEqual(['The current version is 2.']);
    expect((await request(app).put(`/api/pages/${page.id}`).set(editor).set('If-Match', '"v1"').send({ title: 'Third' })).status).toBe(412);
    expect((await request(app).put(`/api/pages/${page.id}`).set(editor).send({ title: 'Fourth' })).status).toBe(428);
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).title).toBe('First');
  });

  it('refuses an address another page has, an empty change and an unknown page', async () => {
    await makePage({ slug: 'ethics' });
    const page = await makePage();
    expect((await edit(page.id, { slug: 'ethics' }, page.version)).status).toBe(409);
    expect((await edit(page.id, {}, page.version)).status).toBe(400);
    expect((await edit('0190a6c2-0000-7000-8000-000000000000', { title: 'x' }, 1)).status).toBe(404);
    expect((await request(app).put('/api/pages/not-an-id').set(editor).send({ title: 'x', version: 1 })).status).toBe(404);
  });
});

describe('the menus (site settings)', () => {
  const settings = async () => (await request(app).get('/api/settings').set(admin)).body as { version: number };
  const saveMenus = async (navigation: unknown) =>
    request(app)
      .put('/api/settings')
      .set(admin)
      .send({ navigation, version: (await settings()).version });

  it('show the links chosen, in order, on every page; a link whose page is unpublished or category deleted drops out', async () => {
    const about = await makePage({ slug: 'about', title: 'About' });
    const local = await createCategory(db, 'Harbour');
    const gone = await createCategory(db, 'Soon gone');
    const res = await saveMenus({
      header: [
        { kind: 'page', id: about.id },
        { kind: 'category', id: local.id },
        { kind: 'category', id: gone.id },
      ],
      footer: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const site = (await request(app).get('/api/site')).body;
    expect(site.menus.header.map((l: { label: string; path: string }) => [l.label, l.path])).toEqual([
      ['About', '/about'],
      ['Harbour', '/category/harbour'],
      ['Soon gone', '/category/soon-gone'],
    ]);
    expect(site.menus.footer).toEqual([]);
    const home = await request(app).get('/');
    const nav = home.text.slice(
      home.text.indexOf('aria-label="Categories"'),
      home.text.indexOf('</nav>', home.text.indexOf('aria-label="Categories"')),
    );
    expect(nav.indexOf('href="/about"')).toBeGreaterThan(-1);
    expect(nav.indexOf('href="/about"')).toBeLessThan(nav.indexOf('href="/category/harbour"'));
    // The footer menu is empty now: not even the Privacy page.
    expect(anchors(home).some((a) => a.href === '/privacy')).toBe(false);

    expect((await request(app).delete(`/api/categories/${gone.id}`).set(admin)).status).toBe(200);
    expect((await edit(about.id, { status: 'draft' }, about.version)).status).toBe(200);
    const after = await request(app).get('/');
    expect(anchors(after).some((a) => a.href === '/about' || a.href === '/category/soon-gone')).toBe(false);
    expect(anchors(after).some((a) => a.href === '/category/harbour')).toBe(true);

    // Back to the defaults: every category in the header, every published page in the footer.
    expect((await saveMenus({ header: null, footer: null })).status).toBe(200);
    expect(anchors(await request(app).get('/')).some((a) => a.href === '/privacy')).toBe(true);
  });

  it('a form filled before a linked category was deleted still saves: the deleted link is dropped', async () => {
    const category = await createCategory(db, 'Fleeting');
    const navigation = { header: [{ kind: 'category', id: category.id }], footer: null };
    expect(
      (
        await request(app)
          .put('/api/settings')
          .set(admin)
          .send({ navigation, version: (await settings()).version })
      ).status,
    ).toBe(200);
    const formFilled = await settings();
    expect((await request(app).delete(`/api/categories/${category.id}`).set(admin)).status).toBe(200);
    const res = await request(app).put('/api/settings').set(admin).send({ navigation, phone: '+1 555 0100', version: formFilled.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.navigation).toEqual({ header: [], footer: null });
    expect(
      (
        await request(app)
          .put('/api/settings')
          .set(admin)
          .send({ navigation: { header: null, footer: null }, version: res.body.version })
      ).status,
    ).toBe(200);
  });

  it.each([
    [
      'a page that does not exist',
      { header: [{ kind: 'page', id: '0190a6c2-0000-7000-8000-000000000000' }], footer: null },
      'a page that does not exist',
    ],
    [
      'a category that does not exist',
      { header: null, footer: [{ kind: 'category', id: '0190a6c2-0000-7000-8000-000000000000' }] },
      'a category that does not exist',
    ],
    [
      'a link twice',
      {
        header: [
          { kind: 'page', id: '0190a6c2-0000-7000-8000-000000000000' },
          { kind: 'page', id: '0190a6c2-0000-7000-8000-000000000000' },
        ],
        footer: null,
      },
      'names a link twice',
    ],
    [
      'too many links',
      {
        header: Array.from({ length: 13 }, (_, i) => ({ kind: 'page', id: `0190a6c2-0000-7000-8000-${String(i).padStart(12, '0')}` })),
        footer: null,
      },
      'at most 12',
    ],
    ['an unknown kind', { header: [{ kind: 'author', id: '0190a6c2-0000-7000-8000-000000000000' }], footer: null }, 'category or a page'],
    ['a menu left out', { header: null }, 'footer'],
  ])('refuse %s (400) and change nothing', async (_name, navigation, message) => {
    const before = await settings();
    const res = await saveMenus(navigation);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await settings()).version).toBe(before.version);
  });
});

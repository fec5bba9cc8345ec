import { DomUtils } from 'htmlparser2';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { html, jsonLd, text, title } from '#tests/helpers/rendered-html';
import { authorDesk } from '#tests/helpers/testbed';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';
import { variantsIdle } from '../media/image-variants';
import { FALLBACK_SITE } from './settings.service';

/** The site settings (docs/decisions/056-site-settings.md): GET /api/site, GET and PUT /api/settings, and where they show. */
const { app, ctx, db } = await createTestApp();
let headers: (actor: Actor) => Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  const a = await actors(ctx);
  headers = a.headers;
  admin = a.byRole.admin.auth;
});

const MAY_MANAGE: Record<Actor, boolean> = { anonymous: false, user: false, author: false, editor: false, admin: true, 'super-admin': true };

/** The settings as stored now. */
const current = async () => (await request(app).get('/api/settings').set(admin)).body as { version: number; name: string };

/** Saves `changes` on top of the current version. */
const save = async (changes: Record<string, unknown>) => {
  const { version } = await current();
  return request(app).put('/api/settings').set(admin).send({ ...changes, version });
};

describe('GET /api/site', () => {
  it('answers anyone what a fresh install shows, shared-cacheable', async () => {
    const res = await request(app).get('/api/site');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    // What pages show when the settings cannot be read is what a fresh install stores; its menus are the defaults
    // (every category, of which there are none; every published page: the Privacy page).
    // (Only the setup's reminder differs: pages shown without the settings never remind anyone.)
    expect(res.body).toEqual({ ...FALLBACK_SITE, setUp: false, menus: { header: [], footer: [expect.objectContaining({ label: 'Privacy', path: '/privacy' })] }, updatedAt: expect.any(String) });
    expect(FALLBACK_SITE.name).toBe('Chronicle News');
  });
});

describe('the first-run setup', () => {
  it('is pending on a fresh install; Skip (`setUp: true` alone) ends it and changes nothing else; it is kept from then on', async () => {
    const fresh = (await request(app).get('/api/settings').set(admin)).body;
    expect(fresh).toMatchObject({ name: 'Chronicle News', setUpAt: null, setUp: false, version: 1 });
    // Every page carries the reminder for staff, hidden: the header's island shows it to a signed-in member of staff.
    const reminder = (res: request.Response) =>
      DomUtils.findAll((el) => el.attribs['data-account'] === 'staff' && DomUtils.textContent(el) === 'This site is not set up yet', html(res).children);
    const before = reminder(await request(app).get('/'));
    expect(before).toHaveLength(2);
    expect(before.every((el) => 'hidden' in el.attribs)).toBe(true);
    expect((await request(app).put('/api/settings').set(admin).send({ setUp: false, version: 1 })).status).toBe(400);

    const skipped = await request(app).put('/api/settings').set(admin).send({ setUp: true, version: 1 });
    expect(skipped.status).toBe(200);
    const { setUpAt, updatedAt, version, setUp, ...values } = skipped.body;
    expect(setUp).toBe(true);
    expect(Date.parse(setUpAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(version).toBe(2);
    void updatedAt;
    const { setUpAt: _a, updatedAt: _b, version: _c, setUp: _d, ...freshValues } = fresh;
    expect(values).toEqual(freshValues);

    const saved = await request(app).put('/api/settings').set(admin).send({ tagline: 'Later', version: 2 });
    expect(saved.body.setUpAt).toBe(setUpAt);
    expect(reminder(await request(app).get('/'))).toHaveLength(0);
  });
});

describe('who may read and change the settings', () => {
  it.each(ACTORS)('%s', async (actor) => {
    const read = await request(app).get('/api/settings').set(headers(actor));
    expect(read.status).toBe(MAY_MANAGE[actor] ? 200 : deniedStatus(actor));
    const before = (await current()).version;
    const write = await request(app).put('/api/settings').set(headers(actor)).send({ tagline: `Tagline by ${actor}`, version: before });
    expect(write.status).toBe(MAY_MANAGE[actor] ? 200 : deniedStatus(actor));
    const after = await request(app).get('/api/site');
    expect(after.body.tagline === `Tagline by ${actor}`).toBe(MAY_MANAGE[actor]);
  });
});

describe('PUT /api/settings', () => {
  it('changes what it is sent, keeps the rest, and answers the new version as the ETag', async () => {
    const before = await current();
    const res = await request(app)
      .put('/api/settings')
      .set(admin)
      .send({
        phone: ' +1 (555) 010-0199 ',
        email: ' Desk@Courier.Example ',
        social: { linkedin: 'HTTPS://WWW.LINKEDIN.COM/company/courier', twitter: '' },
        version: before.version,
      });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"v${before.version + 1}"`);
    expect(res.body).toMatchObject({
      name: before.name,
      phone: '+1 (555) 010-0199',
      email: 'desk@courier.example',
      social: { linkedin: 'https://www.linkedin.com/company/courier' },
      version: before.version + 1,
    });
    expect(res.body.social).not.toHaveProperty('twitter');
  });

  it.each([
    ['a blank name', { name: ' \u200b ' }, 'Site name is required'],
    ['a name too long', { name: 'N'.repeat(61) }, 'Site name must be at most 60 characters'],
    ['a name of two lines', { name: 'The\nCourier' }, 'Site name must be one line of text'],
    ['a name that is not text', { name: 7 }, 'Site name must be text'],
    ['an e-mail that is none', { email: 'desk at courier' }, 'Contact e-mail must be an e-mail address, or empty'],
    ['a phone with letters', { phone: 'call us' }, 'Phone may hold digits, spaces, +, (, ), -, . and / only'],
    ['an account over http', { social: { facebook: 'http://www.facebook.com/courier' } }, 'Facebook must be an https address on facebook.com'],
    ['an account on another site', { social: { facebook: 'https://evil.example/facebook.com' } }, 'Facebook must be an https address on facebook.com'],
    ['an account on a look-alike host', { social: { instagram: 'https://notinstagram.com/courier' } }, 'Instagram must be an https address on instagram.com'],
    ['an account with credentials', { social: { twitter: 'https://user:pw@x.com/courier' } }, 'Twitter must be an https address on twitter.com'],
    ['an account on another port', { social: { twitter: 'https://x.com:8443/courier' } }, 'Twitter must be an https address on twitter.com'],
    ['an account without its slashes', { social: { linkedin: 'https:linkedin.com/courier' } }, 'LinkedIn must be an https address on linkedin.com'],
    ['an account with a tab in it', { social: { linkedin: 'https://linkedin.com/cou\trier' } }, 'LinkedIn must be an https address on linkedin.com'],
    ['an unknown network', { social: { myspace: 'https://myspace.com/courier' } }, 'myspace'],
    ['an unknown setting', { theme: 'dark' }, 'theme'],
    ['noindex as text', { noindex: 'yes' }, 'noindex must be true or false'],
    ['nothing to change', {}, 'Send at least one setting to change'],
    ['an accent white text cannot sit on', { accentColor: '#f59e0b' }, 'Accent colour must contrast at least 4.5:1 with white (this one: 2.1:1)'],
    ['an accent that is no colour', { accentColor: 'red' }, 'Accent colour must be a colour like #b91c1c'],
    ['an accent written to break out of CSS', { accentColor: '#000;}body{display:none' }, 'Accent colour must be a colour like #b91c1c'],
    ['an unknown language', { locale: 'xx-YY' }, 'Language must be one of'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be a time zone like Europe/London'],
    ['a time zone that is a path', { timeZone: '../../etc/passwd' }, 'Time zone must be a time zone like Europe/London'],
  ])('refuses %s with a 400 that says why, and changes nothing', async (_name, changes, message) => {
    const before = await current();
    const res = await request(app).put('/api/settings').set(admin).send({ ...changes, version: before.version });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await current()).toEqual(before);
  });

  it('refuses a stale version (409 in the body, 412 in If-Match) and an edit naming none (428), changing nothing', async () => {
    const before = await current();
    const stale = before.version - 1 || 1;
    expect((await save({ tagline: 'Fresh' })).status).toBe(200);
    const afterFirst = await current();

    const conflict = await request(app).put('/api/settings').set(admin).send({ tagline: 'Stale', version: before.version });
    expect(conflict.status).toBe(409);
    expect(conflict.body.details).toEqual([`The current version is ${afterFirst.version}.`]);
    const precondition = await request(app).put('/api/settings').set(admin).set('If-Match', `"v${stale}"`).send({ tagline: 'Stale' });
    expect(precondition.status).toBe(412);
    const unnamed = await request(app).put('/api/settings').set(admin).send({ tagline: 'Stale' });
    expect(unnamed.status).toBe(428);
    expect(await current()).toEqual(afterFirst);
  });
});

describe('the settings, everywhere at once', () => {
  it('rename the site on its pages, head, JSON-LD, feed, sitemap and share page, through the response cache', async () => {
    const desk = await authorDesk(db, { category: 'Harbour' });
    const article = await desk.article({ title: 'Ferry timetable changes' });
    // Everything is asked once first, so that the cache holds the old identity.
    const addresses = ['/', `/article/${article.id}`, '/rss.xml', '/sitemaps/news.xml', `/api/articles/share/${article.id}`, '/api/site', '/robots.txt'];
    for (const path of addresses) expect((await request(app).get(path)).status, path).toBe(200);
    expect(title(await request(app).get('/'))).toBe('Chronicle News: local and world news');

    const saved = await save({
      name: 'The Riverside Courier',
      tagline: 'News from the river towns since 1887.',
      description: 'The Riverside Courier: news from the river towns.',
      address: '2 Quay Street, Riverside',
      social: { instagram: 'https://www.instagram.com/riversidecourier' },
    });
    expect(saved.status).toBe(200);

    const home = await request(app).get('/');
    expect(title(home)).toBe('The Riverside Courier: local and world news');
    for (const shown of ['News from the river towns since 1887.', '2 Quay Street, Riverside', '© ']) expect(text(home)).toContain(shown);
    expect(text(home)).not.toContain('Chronicle');
    expect(home.text).toContain('href="https://www.instagram.com/riversidecourier"');
    const organization = jsonLd(home).find((data) => data['@type'] === 'Organization');
    expect(organization).toMatchObject({ name: 'The Riverside Courier', sameAs: ['https://www.instagram.com/riversidecourier'] });
    expect(home.text).toContain('<meta name="description" content="The Riverside Courier: news from the river towns.">');

    const page = await request(app).get(`/article/${article.id}`);
    expect(title(page)).toBe('Ferry timetable changes | The Riverside Courier');
    expect(page.text).toContain('<meta property="og:site_name" content="The Riverside Courier">');

    const feed = await request(app).get('/rss.xml');
    expect(feed.text).toContain('<title>The Riverside Courier</title>');
    expect((await request(app).get('/sitemaps/news.xml')).text).toContain('<news:name>The Riverside Courier</news:name>');
    const share = await request(app).get(`/api/articles/share/${article.id}`);
    expect(share.text).toContain('<title>Ferry timetable changes | The Riverside Courier</title>');
    expect((await request(app).get('/api/site')).body.name).toBe('The Riverside Courier');
  });

  it('keep a staging site out of search engines while `noindex` is on: every answer says so, robots.txt lets crawlers read it', async () => {
    const desk = await authorDesk(db);
    const article = await desk.article({ title: 'Staging story' });
    // (Feeds always say noindex: they are for machines, not search results.)
    const reads = ['/', `/article/${article.id}`, `/api/articles/share/${article.id}`, '/api/site', '/author/' + desk.author.slug];
    for (const path of reads) expect((await request(app).get(path)).headers['x-robots-tag'], path).toBeUndefined();
    expect((await request(app).get('/')).text).not.toContain('name="robots"');
    expect((await save({ noindex: true })).status).toBe(200);
    // Asked twice: the second answer comes from the cache, which keeps the header with the answer.
    for (const path of [...reads, ...reads]) expect((await request(app).get(path)).headers['x-robots-tag'], path).toBe('noindex');
    expect((await request(app).get('/')).text).toContain('<meta name="robots" content="noindex">');
    expect((await request(app).get('/robots.txt')).text).toContain('Allow: /\n');
    expect((await save({ noindex: false })).status).toBe(200);
    for (const path of reads) expect((await request(app).get(path)).headers['x-robots-tag'], path).toBeUndefined();
    // Files are no pages: they never wait for the settings.
    expect((await save({ noindex: true })).status).toBe(200);
    expect((await request(app).get('/uploads/no-such-file.jpg')).headers['x-robots-tag']).toBeUndefined();
    expect((await save({ noindex: false })).status).toBe(200);
  });

  it('date pages and feeds no older than the settings: a client holding the old name is sent the new one, not a 304', async () => {
    const feed = await request(app).get('/rss.xml');
    const home = await request(app).get('/');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await save({ name: 'The Evening Courier' })).status).toBe(200);
    for (const [path, before] of [['/rss.xml', feed], ['/', home]] as const) {
      const again = await request(app).get(path).set('If-Modified-Since', before.headers['last-modified']!);
      expect(again.status, path).toBe(200);
      expect(again.text, path).toContain('The Evening Courier');
    }
    expect((await save({ name: 'Chronicle News' })).status).toBe(200);
  });

  it('leave the app’s shell unstored: addresses anyone can make up under /dashboard add nothing to the cache', async () => {
    // The settings are read (and kept) first, as every page does.
    expect((await request(app).get('/dashboard')).status).toBe(200);
    const entries = (await ctx.cache.stats()).store!.entries;
    for (let i = 0; i < 5; i++) {
      const shell = await request(app).get(`/dashboard/made-up-${i}`);
      expect(shell.status).toBe(200);
      expect(shell.text).toContain('Chronicle <span class="text-brand">News</span>');
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect((await request(app).get(`/dashboard/made-up-${i}`)).status).toBe(200);
    }
    expect((await ctx.cache.stats()).store!.entries).toBe(entries);
  });

  it('colour every page with the accent, write dates in the newsroom’s language and time zone, and name the web app', async () => {
    const desk = await authorDesk(db);
    // 23:30 UTC on 4 March is already 5 March in Paris.
    const article = await desk.article({ title: 'Late sitting', publishedAt: new Date('2026-03-04T23:30:00.000Z') });
    const before = await request(app).get(`/article/${article.id}`);
    expect(before.text).toContain('>March 4, 2026</time>');
    expect(before.text).not.toContain('<style>:root{--color-brand:');

    const res = await save({ accentColor: '#1D4ED8', locale: 'fr-FR', timeZone: 'Europe/Paris', name: 'Le Courrier' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accentColor: '#1d4ed8', locale: 'fr-FR', timeZone: 'Europe/Paris' });

    const page = await request(app).get(`/article/${article.id}`);
    expect(page.text).toContain('>5 mars 2026</time>');
    // The accent and its shades (hover, and a light one that reads on the dark footer) over the stylesheet's.
    expect(page.text).toMatch(/<style>:root\{--color-brand:#1d4ed8;--color-brand-hover:#[0-9a-f]{6};--color-brand-on-dark:#[0-9a-f]{6}\}<\/style>/);
    const shell = await request(app).get('/dashboard');
    expect(shell.text).toContain('--color-brand:#1d4ed8');

    const manifest = await request(app).get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.body).toMatchObject({ name: 'Le Courrier', short_name: 'Le Courrier', theme_color: '#1d4ed8', start_url: '/' });

    expect((await save({ accentColor: '#b91c1c', locale: 'en-US', timeZone: 'UTC', name: 'Chronicle News' })).status).toBe(200);
    expect((await request(app).get(`/article/${article.id}`)).text).not.toContain('<style>:root{--color-brand:');
  });

  it('put the logo in the header, the icon in every head and the manifest, and the share image in previews', async () => {
    const png = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
    const upload = async (file: Buffer, name: string) => {
      const res = await request(app).post('/api/uploads').set(admin).attach('file', file, name);
      expect(res.status).toBe(201);
      return res.body.path as string;
    };
    const [logo, icon, share] = [await upload(await png(400, 100, '#1d4ed8'), 'logo.png'), await upload(await png(800, 600, '#0a0'), 'icon.png'), await upload(await png(1200, 630, '#a00'), 'share.png')];
    await variantsIdle(db);
    const res = await save({ logoUrl: logo, iconUrl: icon, shareImageUrl: share });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.logo).toEqual({ url: logo, width: 400, height: 100, crops: true });
    // Chosen images are in use: the sweep of unused uploads never takes them.
    expect((await db.upload.findMany({ where: { fileUrl: { in: [logo, icon, share] } } })).every((u) => u.referenced)).toBe(true);

    const home = await request(app).get('/');
    const brand = DomUtils.findOne((el) => el.name === 'img' && el.attribs.src === logo, html(home).children);
    expect(brand?.attribs).toMatchObject({ alt: 'Chronicle News', height: '40', width: '160' });
    const square = icon.replace(/\.png$/, '-1x1.jpg');
    expect(home.text).toContain(`<link rel="icon" href="${square}">`);
    expect(home.text).toContain(`<link rel="apple-touch-icon" href="${square}">`);
    expect(home.text).not.toContain('href="/favicon.svg"');
    // Previews take the share image's 16:9 JPEG crop.
    expect(home.text).toContain(`<meta property="og:image" content="${ctx.config.publicUrl}${share.replace(/\.png$/, '-16x9.jpg')}">`);
    expect(home.text).toContain('<meta property="og:image:width" content="1120">');
    expect(home.text).toContain('<meta property="og:image:height" content="630">');
    expect(jsonLd(home).find((d) => d['@type'] === 'Organization')).toMatchObject({ logo: { url: `${ctx.config.publicUrl}${logo}` } });
    expect((await request(app).get('/dashboard')).text).toContain(`<link rel="icon" href="${square}">`);
    expect((await request(app).get('/manifest.webmanifest')).body.icons).toEqual([{ src: square, sizes: '600x600', type: 'image/jpeg', purpose: 'any' }]);

    // Removed: the built-in ones again.
    expect((await save({ logoUrl: null, iconUrl: '', shareImageUrl: null })).status).toBe(200);
    const after = await request(app).get('/');
    expect(after.text).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(after.text).toContain(`<meta property="og:image" content="${ctx.config.publicUrl}/og-default.png">`);
    expect(after.text).not.toContain(logo);
  });

  it.each([
    ['a path no upload has', { logoUrl: '/uploads/never-uploaded.png' }, 'Logo must be an image uploaded to this site'],
    ['a variant of an upload', { iconUrl: '/uploads/photo-640w.jpg' }, 'Icon must be an image uploaded to this site'],
    ['a path that climbs out', { logoUrl: '/uploads/../server.env' }, 'Logo must be an image uploaded to this site'],
    ['an address elsewhere', { shareImageUrl: 'https://evil.example/x.png' }, 'Share image must be an image uploaded to this site'],
  ])('refuse %s as one of the site’s images (400), changing nothing', async (_name, changes, message) => {
    const before = await current();
    const res = await save(changes);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await current()).toEqual(before);
  });

  it('refuse a video as the logo', async () => {
    const video = await db.upload.create({ data: { fileUrl: '/uploads/clip-0001.mp4', bytes: 10n, type: 'video' } });
    const res = await save({ logoUrl: video.fileUrl });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Logo must be an image uploaded to this site');
  });

  it('escape a name written to be HTML', async () => {
    const name = '<script>alert(1)</script> & "Co"';
    expect((await save({ name })).status).toBe(200);
    for (const path of ['/', '/rss.xml']) expect((await request(app).get(path)).text, path).not.toContain('<script>alert(1)');
    const desk = await authorDesk(db);
    const article = await desk.article({ title: 'Escaping' });
    expect((await request(app).get(`/api/articles/share/${article.id}`)).text).not.toContain('<script>alert(1)');
    expect((await save({ name: 'Chronicle News' })).status).toBe(200);
  });
});

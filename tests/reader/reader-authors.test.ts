import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { issueToken } from '../../server/src/auth/tokens.service';
import { createUser } from '../helpers/factories';
import { anchors, jsonLd, links, renderedPage, text, title } from '../helpers/rendered-html';
import { authorDesk } from '../helpers/testbed';

/**
 * The Latest river and the author pages as the server renders them (docs/decisions/049, 050): what a crawler or a
 * browser without JavaScript gets, their heads, their addresses, and the feeds and sitemaps that name them.
 */
const { app, ctx, db } = await createTestApp();
const site = ctx.config.publicUrl;
const desk = await authorDesk(db, { category: 'Politics', author: 'Rita Writer' });
const { author } = desk;
await db.user.update({ where: { id: author.id }, data: { bio: 'Covers the council & the courts.' } });
const HOUR = 3_600_000;
// 23 published General articles: no block shows them, so all are in the river (10 a page: 3 pages).
const river: { id: string; title: string }[] = [];
for (let i = 0; i < 23; i++) river.push(await desk.article({ title: `Council story ${i}`, publishedAt: new Date(Date.now() - i * HOUR) }));
const reader = await createUser(db, { name: 'Just A Reader' });

describe('the Latest river', () => {
  it('is on the home page, rendered on the server, with a More news link that works without JavaScript', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(text(res)).toContain('Latest');
    for (const a of river.slice(0, 10)) expect(text(res)).toContain(a.title);
    expect(text(res)).not.toContain(river[10]!.title);
    expect(anchors(res)).toContainEqual(expect.objectContaining({ href: '/?page=2', rel: 'next', text: 'More news' }));
  });

  it('continues at /?page=2, its own page with its own canonical address, Newer news and More news links', async () => {
    const res = await request(app).get('/?page=2');
    expect(res.status).toBe(200);
    for (const a of river.slice(10, 20)) expect(text(res)).toContain(a.title);
    expect(text(res)).not.toContain(river[0]!.title);
    expect(links(res, 'canonical')).toEqual([`${site}/?page=2`]);
    expect(title(res)).toBe('Latest news, page 2 | Chronicle News');
    expect(anchors(res)).toContainEqual(expect.objectContaining({ href: '/', rel: 'prev', text: 'Newer news' }));
    expect(anchors(res)).toContainEqual(expect.objectContaining({ href: '/?page=3', rel: 'next', text: 'More news' }));
    const last = await request(app).get('/?page=3');
    expect(last.status).toBe(200);
    expect(anchors(last).some((a) => a.rel === 'next')).toBe(false);
  });

  it.each(['abc', '0', '1', '01', '-2', '2.5', '1001', '99999999999999999999'])('?page=%s answers 301 to the home page', async (page) => {
    const res = await request(app).get(`/?page=${page}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('a page past the end is a 404', async () => {
    expect((await request(app).get('/?page=40')).status).toBe(404);
  });

  it('is cached per page: the response cache keys on `page`', async () => {
    const two = (await request(app).get('/?page=2')).text;
    const three = (await request(app).get('/?page=3')).text;
    expect(two).not.toBe(three);
    expect((await request(app).get('/?page=2&utm_source=x')).text).toBe(two);
  });
});

describe('author pages', () => {
  it('show the name, bio, photo and published articles, rendered on the server, with links between pages', async () => {
    const { res, body } = await renderedPage(app, `/author/${author.slug}`);
    expect(body).toContain('Rita Writer');
    expect(body).toContain('Covers the council & the courts.');
    expect(body).toContain('23 articles');
    for (const a of river.slice(0, 12)) expect(body).toContain(a.title);
    expect(anchors(res)).toContainEqual(
      expect.objectContaining({ href: `/author/${author.slug}?page=2`, rel: 'next', text: 'More articles' }),
    );
    const second = await request(app).get(`/author/${author.slug}?page=2`);
    expect(second.status).toBe(200);
    for (const a of river.slice(12)) expect(text(second)).toContain(a.title);
    expect(links(second, 'canonical')).toEqual([`${site}/author/${author.slug}?page=2`]);
    expect(anchors(second)).toContainEqual(
      expect.objectContaining({ href: `/author/${author.slug}`, rel: 'prev', text: 'Newer articles' }),
    );
  });

  it('have a head: title, canonical, their feed, a ProfilePage whose main entity is the author as a Person', async () => {
    const res = await request(app).get(`/author/${author.slug}`);
    expect(title(res)).toBe('Rita Writer | Chronicle News');
    expect(links(res, 'canonical')).toEqual([`${site}/author/${author.slug}`]);
    expect(links(res, 'alternate')).toContain(`${site}/author/${author.slug}/rss.xml`);
    const profile = jsonLd(res).find((d) => d['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Rita Writer',
      url: `${site}/author/${author.slug}`,
      description: 'Covers the council & the courts.',
    });
  });

  it('are linked from every byline', async () => {
    const res = await request(app).get(`/article/${river[0]!.id}`);
    expect(anchors(res).map((a) => a.href)).toContain(`/author/${author.slug}`);
    expect(anchors(await request(app).get('/')).map((a) => a.href)).toContain(`/author/${author.slug}`);
  });

  it('are 404 for an unknown slug, a reader, and a page past the last; 301 for another case or a bad page', async () => {
    expect((await request(app).get('/author/nobody-here')).status).toBe(404);
    expect((await request(app).get(`/author/${reader.slug}`)).status).toBe(404);
    expect((await request(app).get(`/author/${author.slug}?page=9`)).status).toBe(404);
    const upper = await request(app).get(`/author/${author.slug.toUpperCase()}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(`/author/${author.slug}`);
    const bad = await request(app).get(`/author/${author.slug}?page=x`);
    expect(bad.status).toBe(301);
    expect(bad.headers.location).toBe(`/author/${author.slug}`);
  });

  it.each(['/author/%E0%A4%A', '/author/a%2Fb', `/author/${'x'.repeat(300)}`, '/author/%00', '/author/..%2F..%2Fapi'])(
    'an odd address (%s) is a 404 page, never a 5xx',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      // A feed is not a page: a malformed address is Express's 400, any other a plain 404.
      expect([400, 404]).toContain((await request(app).get(`${path}/rss.xml`)).status);
    },
  );

  it('have a feed of their articles, and are in the sitemap', async () => {
    const feed = await request(app).get(`/author/${author.slug}/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/rss\+xml/);
    expect(feed.text).toContain('<title>Chronicle News: Rita Writer</title>');
    expect(feed.text).toContain(river[0]!.title);
    expect((await request(app).get(`/author/${reader.slug}/rss.xml`)).status).toBe(404);
    expect((await request(app).get(`/author/${author.slug.toUpperCase()}/rss.xml`)).status).toBe(301);
    expect((await request(app).get('/sitemaps/pages.xml')).text).toContain(`<loc>${site}/author/${author.slug}</loc>`);
  });

  it('show a profile change at once', async () => {
    expect(text(await request(app).get(`/author/${author.slug}`))).toContain('Covers the council');
    const auth = { Authorization: `Bearer ${await issueToken(ctx, author)}` };
    const me = await request(app).get('/api/profile').set(auth).expect(200);
    await request(app)
      .put('/api/profile')
      .set(auth)
      .set('If-Match', me.headers.etag as string)
      .send({ bio: 'Now covers sport.' })
      .expect(200);
    expect(text(await request(app).get(`/author/${author.slug}`))).toContain('Now covers sport.');
  });
});

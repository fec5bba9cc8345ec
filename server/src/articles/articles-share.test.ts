import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { accentShades } from '#shared/colors';
import { articlesTestbed } from '#tests/helpers/testbed';
import { Tags } from '../lib/cache-scope';

const { app, ctx, db, otherAuthor, category, article } = await articlesTestbed();

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The `content` of each <meta property|name="key"> in the document, decoded. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[m[1]!] = decode(m[2]!);
  return tags;
}

const getBinary = (url: string) =>
  request(app)
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

describe('GET /api/articles/share/:id', () => {
  it('serves an HTML page with Open Graph and Twitter card tags that sends browsers to the article', async () => {
    const publishedAt = new Date('2026-01-15T08:30:00.000Z');
    const a = await article({
      status: 'published',
      title: 'Harbour reopens',
      section: 'Business',
      publishedAt,
      summary: 'The harbour reopened on Monday.',
    });
    const res = await request(app).get(`/api/articles/share/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>Harbour reopens | Chronicle News</title>');
    const url = `http://chronicle.test/article/${a.id}`;
    const tags = metaTags(res.text);
    expect(tags).toMatchObject({
      'og:type': 'article',
      'og:site_name': 'Chronicle News',
      'og:locale': 'en_US',
      'og:title': 'Harbour reopens',
      'og:description': 'The harbour reopened on Monday.',
      'og:url': url,
      'og:image': expect.stringMatching(new RegExp(`^http://chronicle\\.test/api/articles/share/${a.id}/image\\.jpg`)),
      'og:image:width': '1200',
      'og:image:height': '630',
      'article:author': otherAuthor.name,
      'article:published_time': '2026-01-15T08:30:00.000Z',
      // The category, as the article page's JSON-LD names it (articleSection), not the section.
      'article:section': category.name,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Harbour reopens',
      'twitter:description': 'The harbour reopened on Monday.',
    });
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(res.text).toContain(`<meta http-equiv="refresh" content="0; url=/article/${a.id}">`);
    expect(res.text).toContain(`<a href="/article/${a.id}">`);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('escapes every value: a title with <script> and quotes stays text', async () => {
    const title = `Mayor says "no" & <script>alert('x')</script>`;
    const a = await article({ status: 'published', title, summary: `"Quoted" & odd <tags> here` });
    const res = await request(app).get(`/api/articles/share/${a.id}`);
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain(`"no"`);
    expect(res.text).toContain(
      '<title>Mayor says &quot;no&quot; &amp; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; | Chronicle News</title>',
    );
    const tags = metaTags(res.text);
    expect(tags['og:title']).toBe(title);
    expect(tags['twitter:title']).toBe(title);
    expect(tags['og:description']).toBe('"Quoted" & odd <tags> here');
  });

  it("describes the article with the editor's summary, cut at a word with an ellipsis, as the article page does (issue 24)", async () => {
    const summary =
      'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, ' +
      'shop owners and the ferry company sent in their views about the tolls.';
    const a = await article({ status: 'published', summary, content: `<p>${'The body is not the teaser. '.repeat(10)}</p>` });
    const share = metaTags((await request(app).get(`/api/articles/share/${a.id}`)).text);
    const teaser =
      'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, shop owners and the ferry company sent in…';
    expect(share['og:description']).toBe(teaser);
    expect(share['twitter:description']).toBe(teaser);
    expect(share.description).toBe(teaser);
    // The article page says the same.
    const page = await request(app).get(`/article/${a.id}`);
    expect(metaTags(page.text)['og:description']).toBe(teaser);
  });

  it('answers a 404 page for drafts, unpublished, unknown and malformed ids', async () => {
    const draft = await article();
    const unpublished = await article({ status: 'unpublished' });
    for (const id of [draft.id, unpublished.id, '00000000-0000-4000-8000-000000000000', 'nope', '%3Cscript%3E']) {
      const res = await request(app).get(`/api/articles/share/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).not.toContain(draft.title);
      expect(res.text).not.toContain('<script');
    }
  });
});

describe('GET /api/articles/share/:id/image.jpg', () => {
  const cacheDir = path.join(ctx.config.uploadDir, '.cache', 'share');

  it('renders a branded 1200x630 JPEG when the article has no image', async () => {
    const a = await article({
      status: 'published',
      title: 'A very long headline that needs to be wrapped over several lines of the preview card image',
    });
    const res = await getBinary(`/api/articles/share/${a.id}/image.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it("brands the card with the site's name and accent colour, and renders it anew when either changes (issue 26)", async () => {
    const a = await article({ status: 'published', title: 'Ferry timetable changes for the winter' });
    /** The colour of the card's accent bar, left of the site's name. */
    const bar = async () => {
      const res = await getBinary(`/api/articles/share/${a.id}/image.jpg`).expect(200);
      const { data } = await sharp(res.body as Buffer)
        .extract({ left: 82, top: 80, width: 8, height: 28 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { r: data[0]!, g: data[1]!, b: data[2]!, body: res.body as Buffer };
    };
    const near = (got: { r: number; g: number; b: number }, hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(Math.max(Math.abs(got.r - r!), Math.abs(got.g - g!), Math.abs(got.b - b!))).toBeLessThan(16);
    };
    const before = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    try {
      const red = await bar();
      near(red, accentShades(before.accentColor).onDark);
      await db.siteSettings.update({ where: { id: 1 }, data: { name: 'Harbour Gazette', accentColor: '#0f766e' } });
      await ctx.cache.purge([Tags.everything]);
      const teal = await bar();
      near(teal, accentShades('#0f766e').onDark);
      // Renamed: a card of its own, kept alone on disk.
      expect(Buffer.compare(red.body, teal.body)).not.toBe(0);
      expect(readdirSync(cacheDir).filter((f) => f.startsWith(a.id))).toHaveLength(1);
    } finally {
      await db.siteSettings.update({ where: { id: 1 }, data: { name: before.name, accentColor: before.accentColor } });
      await ctx.cache.purge([Tags.everything]);
    }
  });

  it("crops the article's first image to 1200x630 and caches it per version of the article", async () => {
    const name = 'share-source.png';
    writeFileSync(
      path.join(ctx.config.uploadDir, name),
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    const a = await article({ status: 'published', imageUrl: `/uploads/${name}` });
    const first = await getBinary(`/api/articles/share/${a.id}/image.jpg`);
    const meta = await sharp(first.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const { dominant } = await sharp(first.body as Buffer).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);
    const cached = () => readdirSync(cacheDir).filter((f) => f.startsWith(a.id));
    expect(cached()).toEqual([expect.stringMatching(new RegExp(`^${a.id}-${a.updatedAt.getTime()}-[0-9a-f]{12}\\.jpg$`))]);

    const second = await getBinary(`/api/articles/share/${a.id}/image.jpg`);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).toBe(0);

    // A new version of the article renders a new preview and drops the old one.
    const updated = await db.article.update({ where: { id: a.id }, data: { title: 'Changed' } });
    await getBinary(`/api/articles/share/${a.id}/image.jpg`).expect(200);
    expect(cached()).toEqual([expect.stringMatching(new RegExp(`^${a.id}-${updated.updatedAt.getTime()}-[0-9a-f]{12}\\.jpg$`))]);
  });

  it('prefers the first image media over the cover image and survives an unreadable file', async () => {
    writeFileSync(path.join(ctx.config.uploadDir, 'broken.png'), 'not really a png');
    const a = await article({ status: 'published', imageUrl: '/uploads/broken.png' });
    const res = await getBinary(`/api/articles/share/${a.id}/image.jpg`);
    expect(res.status).toBe(200);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    writeFileSync(
      path.join(ctx.config.uploadDir, 'blue.png'),
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
        .png()
        .toBuffer(),
    );
    const b = await article({ status: 'published', imageUrl: 'https://elsewhere.example/cover.jpg' });
    await db.media.create({ data: { articleId: b.id, type: 'image', fileUrl: '/uploads/blue.png' } });
    const blue = await getBinary(`/api/articles/share/${b.id}/image.jpg`);
    const { dominant } = await sharp(blue.body as Buffer).stats();
    expect(dominant.b).toBeGreaterThan(200);
  });

  it('answers 404 for drafts and unknown articles', async () => {
    const draft = await article();
    expect((await request(app).get(`/api/articles/share/${draft.id}/image.jpg`)).status).toBe(404);
    expect((await request(app).get('/api/articles/share/00000000-0000-4000-8000-000000000000/image.jpg')).status).toBe(404);
    expect((await request(app).get('/api/articles/share/x/image.jpg')).status).toBe(404);
  });
});

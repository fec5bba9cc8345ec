import { DomUtils, parseDocument } from 'htmlparser2';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { createTestApp } from '../helpers/app';
import { createArticle, createCategory, createUser } from '../helpers/factories';
import { readWithFeedparser, readWithRssParser } from '../helpers/feed-readers';

/**
 * Issue 24's red-team pass: an author's name and bio, and an article's title, written to break out of every place the
 * author page shows them (its HTML, its JSON-LD, its head and the head answered on navigation, its feed).
 */
const { app, ctx } = await createTestApp();
const NAME = `</script><script>alert(1)</script>"'><img src=x onerror=alert(2)>&amp;`;
const BIO = `<img src=x onerror=alert(3)> </title><svg onload=alert(4)> ]]> <!-- \u2028\u2029 "quoted" & 'single'`;
const TITLE = `</script><b>bold</b> & <tag> "x" ]]>`;
const category = await createCategory(ctx.db);
const author = await createUser(ctx.db, { role: 'author', name: NAME, bio: BIO });
await createArticle(ctx.db, { authorId: author.id, categoryId: category.id, status: 'published', title: TITLE });

const page = await request(app).get(`/author/${author.slug}`);
const doc = parseDocument(page.text);
const elements = (name: string) => DomUtils.findAll((el) => el.name === name, doc.children);

describe('a hostile author name, bio and title', () => {
  it('made an address of letters only', () => {
    expect(author.slug).toMatch(/^[a-z0-9-]+$/);
    expect(page.status).toBe(200);
  });

  it('add no element to the author page', () => {
    expect(elements('img').filter((el) => el.attribs.onerror)).toEqual([]);
    expect(elements('svg').filter((el) => el.attribs.onload)).toEqual([]);
    expect(elements('b')).toEqual([]);
    // Only the page's own scripts: its data (JSON), its JSON-LD and the build's files.
    const inline = elements('script').filter((el) => el.attribs.src === undefined);
    expect(inline.map((el) => el.attribs.type)).toEqual(inline.map((el) => (el.attribs.type === 'application/ld+json' ? el.attribs.type : 'application/json')));
  });

  it('are read back exactly from the JSON-LD and the page state', () => {
    const ld = elements('script')
      .filter((el) => el.attribs.type === 'application/ld+json')
      .map((el) => DomUtils.textContent(el));
    expect(ld.join('')).toContain('Person');
    const people = ld.map((json) => JSON.stringify(JSON.parse(json)));
    expect(people.some((json) => json.includes(JSON.stringify(NAME).slice(1, -1)))).toBe(true);
    expect(page.text.includes('</script><script>alert(1)')).toBe(false);
  });

  it('are escaped in the head answered on navigation, the same as in the page', async () => {
    const res = await request(app).get(PAGE_HEAD_PATH).query({ path: `/author/${author.slug}` });
    expect(res.status).toBe(200);
    const head = parseDocument(res.body.head as string);
    expect(DomUtils.findAll((el) => el.name === 'img' || el.name === 'svg', head.children)).toEqual([]);
    const scripts = DomUtils.findAll((el) => el.name === 'script', head.children);
    expect(scripts.every((el) => el.attribs.type === 'application/ld+json')).toBe(true);
    for (const el of scripts) expect(() => JSON.parse(DomUtils.textContent(el))).not.toThrow();
  });

  it("survive the author's feed exactly, in two parsers", async () => {
    const feed = await request(app).get(`/author/${author.slug}/rss.xml`);
    expect(feed.status).toBe(200);
    for (const read of [readWithFeedparser, readWithRssParser]) {
      const parsed = await read(feed.text);
      expect(parsed.title).toContain(NAME);
      expect(parsed.items.map((i) => i.title)).toEqual([TITLE]);
    }
  });
});

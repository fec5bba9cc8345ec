import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HEAD_MARKERS, PAGE_HEAD_PATH, PAGE_PATH_MAX } from '#shared/page-head';
import { createTestApp } from '../helpers/app';
import { login } from '../helpers/factories';
import { authorDesk } from '../helpers/testbed';

/**
 * GET /api/page-head (issue 24, defect 1; docs/decisions/051-head-on-navigation.md): the head tags the
 * browser puts in place after moving to a page by itself are exactly those the page's own HTML carries.
 */
const { app, ctx } = await createTestApp();
const desk = await authorDesk(ctx.db, { category: 'Harbour Affairs', author: 'Ada Reporter' });
const story = await desk.article({ title: 'Ferry timetable changes for the winter', section: 'Business' });

/** The tags between the head's markers in a page's HTML. */
function markedHead(html: string): string {
  const start = `<!--${HEAD_MARKERS.start}-->`;
  const from = html.indexOf(start);
  const to = html.indexOf(`<!--${HEAD_MARKERS.end}-->`);
  expect(from, 'the head start marker').toBeGreaterThan(-1);
  expect(to, 'the head end marker').toBeGreaterThan(from);
  return html.slice(from + start.length, to);
}

const headOf = (path: string) => request(app).get(PAGE_HEAD_PATH).query({ path });

describe('the head of a page, for in-app navigation', () => {
  it.each([
    ['the home page', () => '/'],
    ['an article', () => `/article/${story.id}`],
    ['a category page', () => `/category/${desk.category.slug}`],
    ['a section page', () => '/news/business'],
    ['a missing article', () => '/article/4f0c3c55-5d2d-4b8e-9a56-000000000000'],
    ['an unknown path', () => '/no/such/page'],
    ['the login page', () => '/auth'],
    ['the dashboard', () => '/dashboard'],
  ])('%s: the very tags its HTML carries', async (_name, path) => {
    const page = await request(app).get(path());
    const res = await headOf(path());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.head).toBe(markedHead(page.text));
  });

  it('an old address answers the head of the page it moved to', async () => {
    const res = await headOf(`/category/${desk.category.id}`);
    expect(res.status).toBe(200);
    expect(res.body.head).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/category/${desk.category.slug}">`);
  });

  it('the article head names the article, not the site', async () => {
    const { head } = (await headOf(`/article/${story.id}`)).body as { head: string };
    expect(head).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/article/${story.id}">`);
    expect(head).toContain('<meta property="og:title" content="Ferry timetable changes for the winter">');
    expect(head).toContain('"@type":"NewsArticle"');
  });

  it('is kept by the response cache like the page, and an edit through the app shows in it at once', async () => {
    const path = `/article/${story.id}`;
    // A read with a query is stored once it has been asked for twice.
    for (let i = 0; i < 3; i++) expect((await headOf(path)).body.head).toContain('Ferry timetable changes for the winter');
    await ctx.db.article.update({ where: { id: story.id }, data: { title: 'Changed behind the back' } });
    expect((await headOf(path)).body.head).toContain('Ferry timetable changes for the winter');

    const editor = await login(ctx, 'editor');
    const current = await request(app).get(`/api/articles/${story.id}`).set(editor.auth);
    const edit = await request(app)
      .put(`/api/articles/${story.id}`)
      .set(editor.auth)
      .set('If-Match', current.headers.etag as string)
      .send({ title: 'Ferry timetable changes for the spring' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await headOf(path)).body.head).toContain('<meta property="og:title" content="Ferry timetable changes for the spring">');
  });

  it.each([
    ['no path', {}],
    ['an empty path', { path: '' }],
    ['a relative path', { path: 'article/x' }],
    ['another host', { path: '//evil.example/x' }],
    ['a backslash', { path: '/\\evil.example' }],
    ['a path too long', { path: `/${'a'.repeat(PAGE_PATH_MAX)}` }],
    ['two paths', { path: ['/', '/auth'] }],
  ])('%s is a 400 in the error envelope', async (_name, query) => {
    const res = await request(app).get(PAGE_HEAD_PATH).query(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
  });

  it.each(['/article/%E0%A4%A', '/category/%2F%2Fevil.example', '/category/a%00b', '/%', '/news/'])(
    'an odd address (%s) answers a head without a canonical, never a 5xx',
    async (path) => {
      const res = await headOf(path);
      expect(res.status).toBe(200);
      expect(res.body.head).toContain('<meta name="robots" content="noindex">');
      expect(res.body.head).not.toContain('rel="canonical"');
    },
  );
});

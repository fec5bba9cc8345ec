import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createArticle, createCategory, createComment, login } from '../helpers/factories';

/**
 * Issue 9, item 16: a comment of only zero-width characters passed the empty check and showed as an
 * empty box. Text that shows nothing is empty, for comments and for every other plain-text field.
 */
const { app, ctx, db } = await createTestApp();
const editor = await login(ctx, 'editor');
const reader = await login(ctx, 'user');
const category = await createCategory(db);
const article = await createArticle(db, { authorId: editor.user.id, categoryId: category.id, status: 'published' });

/** Each alone shows nothing: zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen, LTR mark, Hangul filler, Braille blank. */
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u200e', '\u3164', '\u2800'];
const blanks = [INVISIBLE.join(''), ...INVISIBLE.map((c) => ` ${c}${c} `)];

describe('plain text made only of invisible characters is empty', () => {
  it('refuses such a comment, on create and on edit, with the empty-comment message', async () => {
    const own = await createComment(db, { articleId: article.id, authorId: reader.user.id, content: 'Visible' });
    for (const content of blanks) {
      const created = await request(app).post(`/api/comments/article/${article.id}`).set(reader.auth).send({ content });
      expect(created.status, JSON.stringify(content)).toBe(400);
      expect(created.body).toMatchObject({ error: 'Validation failed', details: ['Comment cannot be empty'] });
      const edited = await request(app).put(`/api/comments/${own.id}`).set(reader.auth).send({ content });
      expect(edited.status, JSON.stringify(content)).toBe(400);
      expect(edited.body.details).toEqual(['Comment cannot be empty']);
    }
    expect(await db.comment.findMany({ where: { articleId: article.id }, select: { content: true } })).toEqual([{ content: 'Visible' }]);
  });

  it('keeps invisible characters inside visible text (an emoji joined by U+200D)', async () => {
    const content = 'Well done \u{1f469}\u200d\u{1f4bb}';
    const res = await request(app).post(`/api/comments/article/${article.id}`).set(reader.auth).send({ content });
    expect(res.status).toBe(201);
    expect(res.body.data.content).toBe(content);
  });

  it('refuses such an article title, category name, headline and user name', async () => {
    const blank = '\u200b\u200c\u200d\ufeff';
    const articles = await request(app)
      .post('/api/articles')
      .set(editor.auth)
      .send({ title: blank, summary: blank, content: '<p>Body</p>', categoryId: category.id });
    expect(articles.status).toBe(400);
    expect(articles.body.details).toEqual(expect.arrayContaining(['Title is required', 'Summary is required']));
    const categories = await request(app).post('/api/categories').set(editor.auth).send({ name: blank });
    expect(categories.status).toBe(400);
    expect(categories.body.details).toEqual(['Category name is required.']);
    const headline = await request(app).post('/api/breaking-news').set(editor.auth).send({ headline: blank });
    expect(headline.status).toBe(400);
    expect(headline.body.details).toEqual(['Headline is required.']);
    const admin = await login(ctx, 'admin');
    const user = await request(app)
      .post('/api/users')
      .set(admin.auth)
      .send({ name: blank, email: 'blank@example.test', password: 'Long-enough1', role: 'author' });
    expect(user.status).toBe(400);
    expect(user.body.details).toEqual(['Name is required.']);
    expect(await db.article.count({ where: { title: blank } })).toBe(0);
    expect(await db.category.count({ where: { name: blank } })).toBe(0);
    expect(await db.breakingNews.count({ where: { headline: blank } })).toBe(0);
    expect(await db.user.count({ where: { email: 'blank@example.test' } })).toBe(0);
  });

  it("takes a bio of only invisible characters for no bio, as an empty one (issue 24's red-team pass)", async () => {
    let etag = (await request(app).get('/api/profile').set(editor.auth)).headers.etag as string;
    for (const bio of blanks) {
      const res = await request(app).put('/api/profile').set(editor.auth).set('If-Match', etag).send({ bio });
      etag = res.headers.etag as string;
      expect(res.status, JSON.stringify(bio)).toBe(200);
      expect(res.body.bio, JSON.stringify(bio)).toBeNull();
    }
  });
});

import request from 'supertest';
import { expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createArticle, createCategory, createUser, login } from '../helpers/factories';

/**
 * RESPONSE_CACHE=off (docs/decisions/030): no answer is kept, but the published lists' totals still are, so that
 * no request counts the whole table; a write through the app purges them as it would purge answers.
 */
const { app, ctx, db } = await createTestApp({ RESPONSE_CACHE: 'off' });
const category = await createCategory(db);
const author = await createUser(db, { role: 'author' });
const editor = await login(ctx, 'editor');
const published = () => createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published' });

const list = async () => {
  const res = await request(app).get('/api/articles/published?limit=50');
  expect(res.status).toBe(200);
  return res.body as { data: { id: string; title: string }[]; pagination: { total: number } };
};

it('keeps no answer, keeps the total until a write through the app purges it', async () => {
  const first = await published();
  await published();
  expect((await list()).pagination.total).toBe(2);

  // Behind the app's back (ctx.db purges nothing): the answer is made afresh, the total is the remembered one.
  await ctx.db.article.update({ where: { id: first.id }, data: { title: 'Renamed behind the back' } });
  const draft = await createArticle(ctx.db, { authorId: author.id, categoryId: category.id, status: 'draft' });
  await ctx.db.article.create({
    data: {
      title: 'Unseen',
      summary: 's',
      content: '<p>c</p>',
      authorId: author.id,
      categoryId: category.id,
      status: 'published',
      publishedAt: new Date(),
    },
  });
  const seen = await list();
  expect(seen.data.find((a) => a.id === first.id)?.title).toBe('Renamed behind the back');
  expect(seen.pagination.total).toBe(2);

  // A publish through the app purges it: the next total is counted.
  expect((await request(app).post(`/api/articles/${draft.id}/publish`).set(editor.auth)).status).toBe(200);
  expect((await list()).pagination.total).toBe(4);
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, createArticle, createBreakingNews, createCategory, createComment, createUser, login } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { actorsTestbed } from '#tests/helpers/testbed';

/**
 * Issue 24, defect 12: deleting a user who has written something offers to hand their articles and breaking news
 * to another author in the same step, in one transaction (docs/decisions/006-deleting-users.md).
 */
const { app, ctx, db, byRole, headers } = await actorsTestbed();

const UNKNOWN = '0190a5b2-0000-7000-8000-000000000000';

/** A writer with a published article, a draft, a breaking-news item and a comment, and who takes them over. */
async function writerWithWork() {
  const writer = await createUser(db, { role: 'author' });
  const heir = await createUser(db, { role: 'editor' });
  const category = await createCategory(db);
  const published = await createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published' });
  const draft = await createArticle(db, { authorId: writer.id, categoryId: category.id });
  const news = await createBreakingNews(db, { authorId: writer.id });
  const comment = await createComment(db, { articleId: published.id, authorId: writer.id });
  return { writer, heir, published, draft, news, comment };
}

const remove = (id: string, reassignTo: string | undefined, auth: Record<string, string>) =>
  request(app)
    .delete(`/api/users/${id}`)
    .query(reassignTo ? { reassignTo } : {})
    .set(auth);

describe('DELETE /api/users/:id?reassignTo=', () => {
  it.each(ACTORS)('%s: only admins and super-admins delete and reassign; a denied call moves nothing', async (actor) => {
    const { writer, heir, published, draft, news } = await writerWithWork();
    const res = await remove(writer.id, heir.id, headers(actor));
    const allowed = actor === 'admin' || actor === 'super-admin';
    expect(res.status).toBe(allowed ? 200 : deniedStatus(actor));
    expect((await db.user.findUnique({ where: { id: writer.id } })) === null).toBe(allowed);
    const owner = allowed ? heir.id : writer.id;
    for (const id of [published.id, draft.id]) expect((await db.article.findUniqueOrThrow({ where: { id } })).authorId).toBe(owner);
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: news.id } })).authorId).toBe(owner);
  });

  it('moves every article (drafts too) and breaking-news item with new versions, and deletes the comments as before', async () => {
    const { writer, heir, published, draft, news, comment } = await writerWithWork();
    const res = await remove(writer.id, heir.id, byRole.admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted' });
    for (const before of [published, draft]) {
      const after = await db.article.findUniqueOrThrow({ where: { id: before.id } });
      expect([after.authorId, after.version]).toEqual([heir.id, before.version + 1]);
    }
    const item = await db.breakingNews.findUniqueOrThrow({ where: { id: news.id } });
    expect([item.authorId, item.version]).toEqual([heir.id, news.version + 1]);
    expect(await db.comment.findUnique({ where: { id: comment.id } })).toBeNull();
    // The public article now names its new author.
    const read = await request(app).get(`/api/articles/${published.id}`);
    expect(read.body.author).toMatchObject({ id: heir.id, name: heir.name });
  });

  it('lets the admin who deletes take the work over themselves', async () => {
    const { writer, published } = await writerWithWork();
    const admin = await login(ctx, 'admin');
    expect((await remove(writer.id, admin.user.id, admin.auth)).status).toBe(200);
    expect((await db.article.findUniqueOrThrow({ where: { id: published.id } })).authorId).toBe(admin.user.id);
  });

  it.each([
    ['a reader', async () => (await createUser(db, { role: 'user' })).id, 'not to a reader'],
    ['a suspended author', async () => (await createUser(db, { role: 'author', suspended: true })).id, 'suspended user'],
    ['nobody', async () => UNKNOWN, 'does not exist'],
  ])('refuses %s as the new author with 400, moving and deleting nothing', async (_what, target, message) => {
    const { writer, published, news } = await writerWithWork();
    const res = await remove(writer.id, await target(), byRole.admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await db.user.findUnique({ where: { id: writer.id } })).not.toBeNull();
    expect((await db.article.findUniqueOrThrow({ where: { id: published.id } })).authorId).toBe(writer.id);
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: news.id } })).authorId).toBe(writer.id);
  });

  it('refuses the user being deleted as their own heir, and a reassignTo that is not an id', async () => {
    const { writer } = await writerWithWork();
    const self = await remove(writer.id, writer.id, byRole['super-admin'].auth);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Choose someone other than the user being deleted to take over their articles.');
    const bad = await remove(writer.id, 'not-an-id', byRole.admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContain('reassignTo must be a user id');
    expect(await db.user.findUnique({ where: { id: writer.id } })).not.toBeNull();
  });

  it('keeps the limits: an admin cannot delete a super-admin even with an heir, nor anyone themselves', async () => {
    const sa = await createUser(db, { role: 'super-admin' });
    const heir = await createUser(db, { role: 'editor' });
    expect((await remove(sa.id, heir.id, byRole.admin.auth)).status).toBe(403);
    const me = await login(ctx, 'admin');
    expect((await remove(me.user.id, heir.id, me.auth)).status).toBe(403);
    expect(await db.user.findUnique({ where: { id: sa.id } })).not.toBeNull();
  });

  it('still refuses with 409, naming the way out, when the user has work and no one is named', async () => {
    const { writer } = await writerWithWork();
    const res = await remove(writer.id, undefined, byRole.admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This user still has 2 articles and 1 breaking-news item: choose another author to take them over, or delete their articles first.',
    );
  });
});

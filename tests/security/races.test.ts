import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createArticle, createBreakingNews, createCategory, createUser, login } from '../helpers/factories';

/**
 * Issue 9, item 11: every check-then-write is one conditional write or runs under a row lock. Each test
 * runs the two racing requests together many times and asserts that no answer and no final state could
 * only have come from a write that overtook its own check.
 */
const { app, ctx, db } = await createTestApp();
const TRIALS = 20;

let author: Awaited<ReturnType<typeof login>>;
let editor: Awaited<ReturnType<typeof login>>;
let otherEditor: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let superAdmin: Awaited<ReturnType<typeof login>>;
let categoryId: string;

beforeAll(async () => {
  [author, editor, otherEditor, admin, superAdmin] = await Promise.all([
    login(ctx, 'author'),
    login(ctx, 'editor'),
    login(ctx, 'editor'),
    login(ctx, 'admin'),
    login(ctx, 'super-admin'),
  ]);
  categoryId = (await createCategory(db)).id;
});

describe('breaking news: an author editing their draft while an editor publishes it', () => {
  it('never changes a published headline: every accepted edit landed before the publication', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const item = await createBreakingNews(db, { authorId: author.user.id, headline: 'Approved wording' });
      // `If-Match: *`: the race is with the draft-only rule, not with the version (which alone would refuse them).
      const edit = (n: number) =>
        request(app)
          .put(`/api/breaking-news/${item.id}`)
          .set(author.auth)
          .set('If-Match', '*')
          .send({ headline: `Author rewrite ${trial}.${n}` });
      // Edits on both sides of the publication, so one of them meets it between its check and its write.
      const [before, publish, ...after] = await Promise.all([
        edit(0),
        request(app).post(`/api/breaking-news/${item.id}/publish`).set(editor.auth),
        edit(1),
        edit(2),
      ]);
      expect(publish.status).toBe(200);
      for (const res of [before!, ...after]) expect([200, 403]).toContain(res.status);
      const stored = await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } });
      expect(stored.status).toBe('published');
      // What the editor published is what is stored: an edit that landed afterwards would differ.
      expect(stored.headline, `trial ${trial}`).toBe(publish.body.headline);
    }
  });
});

describe('articles: two editors saving the same version', () => {
  it('accepts exactly one save and refuses the other with 409: no lost update', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const article = await createArticle(db, { authorId: author.user.id, categoryId });
      const [a, b] = await Promise.all([
        request(app)
          .put(`/api/articles/${article.id}`)
          .set(editor.auth)
          .send({ title: `First ${trial}`, version: article.version }),
        request(app)
          .put(`/api/articles/${article.id}`)
          .set(otherEditor.auth)
          .send({ title: `Second ${trial}`, version: article.version }),
      ]);
      expect([a.status, b.status].sort(), `trial ${trial}`).toEqual([200, 409]);
      const winner = a.status === 200 ? a : b;
      const stored = await db.article.findUniqueOrThrow({ where: { id: article.id } });
      expect(stored.title).toBe(winner.body.title);
      expect(stored.version).toBe(article.version + 1);
    }
  });
});

describe('articles: moving an article to another section while it is made the main story', () => {
  it('never leaves it main story of a section whose slot it did not take', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await db.article.updateMany({ where: { isMainStory: true }, data: { isMainStory: false } });
      const generalMain = await createArticle(db, {
        authorId: author.user.id,
        categoryId,
        status: 'published',
        isStory: true,
        isMainStory: true,
      });
      const moving = await createArticle(db, { authorId: author.user.id, categoryId, status: 'published', isStory: true });
      const [move, main] = await Promise.all([
        // `If-Match: *`: the race is for the main-story slot; the flag's write moves the version too.
        request(app).put(`/api/articles/${moving.id}`).set(editor.auth).set('If-Match', '*').send({ section: 'Sports' }),
        request(app)
          .post(`/api/articles/${moving.id}/status`)
          .set(otherEditor.auth)
          .send({ isStory: true, isMainStory: true, storyPriority: 0 }),
      ]);
      expect(move.status, `trial ${trial}`).toBe(200);
      expect(main.status, `trial ${trial}`).toBe(200);
      const [movedRow, oldMain] = await Promise.all([
        db.article.findUniqueOrThrow({ where: { id: moving.id } }),
        db.article.findUniqueOrThrow({ where: { id: generalMain.id } }),
      ]);
      expect(movedRow.section).toBe('Sports');
      // Made main in General, then moved: it gave the slot up. Moved, then made main: it took Sports' slot
      // and General keeps its main story. Never both General's slot emptied and a main story in Sports.
      expect(oldMain.isMainStory || !movedRow.isMainStory, `trial ${trial}`).toBe(true);
    }
  });
});

describe('users: an admin editing a user while a super-admin promotes them to super-admin', () => {
  it("never lets the admin's change land on a super-admin", async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await createUser(db, { role: 'editor', name: 'Original Name' });
      // `If-Match: *`: the race is with who may change a super-admin, not with the version.
      const [edit, promote] = await Promise.all([
        request(app)
          .put(`/api/users/${target.id}`)
          .set(admin.auth)
          .set('If-Match', '*')
          .send({ name: `Renamed by admin ${trial}` }),
        request(app).put(`/api/users/${target.id}`).set(superAdmin.auth).set('If-Match', '*').send({ role: 'super-admin' }),
      ]);
      expect(promote.status).toBe(200);
      expect([200, 403]).toContain(edit.status);
      const stored = await db.user.findUniqueOrThrow({ where: { id: target.id } });
      expect(stored.role).toBe('super_admin');
      // An accepted admin edit happened while the user was still an editor, so the promotion saw it.
      if (edit.status === 200) expect(promote.body.name, `trial ${trial}`).toBe(`Renamed by admin ${trial}`);
      else expect(stored.name).toBe('Original Name');
      await db.user.update({ where: { id: target.id }, data: { role: 'editor' } });
    }
  });
});

describe('categories: two editors giving two categories the same name', () => {
  it('renames one and answers the other with the name conflict, never a bare database error', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const [one, two] = await Promise.all([createCategory(db), createCategory(db)]);
      const name = `Contested ${trial}`;
      const [a, b] = await Promise.all([
        request(app).put(`/api/categories/${one.id}`).set(editor.auth).send({ name, version: one.version }),
        request(app).put(`/api/categories/${two.id}`).set(otherEditor.auth).send({ name, version: two.version }),
      ]);
      expect([a.status, b.status].sort(), `trial ${trial}`).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toBe(`A category named "${name}" already exists.`);
      expect(await db.category.count({ where: { name } })).toBe(1);
    }
  });
});

describe('categories: deleting a category while an article is filed under it', () => {
  it('never deletes a category that has an article, and explains the refusal', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const category = await createCategory(db);
      const [created, deleted] = await Promise.all([
        request(app)
          .post('/api/articles')
          .set(author.auth)
          .send({ title: `Filed ${trial}`, summary: 'S', content: '<p>Body</p>', categoryId: category.id }),
        request(app).delete(`/api/categories/${category.id}`).set(editor.auth),
      ]);
      if (created.status === 201) {
        expect(deleted.status, `trial ${trial}`).toBe(409);
        expect(deleted.body.message).toMatch(/still has 1 article/);
        expect(await db.category.count({ where: { id: category.id } })).toBe(1);
      } else {
        expect(created.status).toBe(400);
        expect(deleted.status).toBe(200);
      }
    }
  });
});

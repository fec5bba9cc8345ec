import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createArticle, createBreakingNews, createCategory, createUser, login } from '../helpers/factories';

/**
 * Issue 9, item 17: an edit names the version it was based on (If-Match with the ETag, or `version` in
 * the body). A stale one is refused (412 / 409) with the current version and changes nothing; a current
 * one is applied and answers with the next version. docs/decisions/020-optimistic-versions.md.
 * Issue 22, item 12: an edit naming no version is refused (428) and changes nothing, after the checks of
 * who may edit the record. docs/decisions/042-edit-preconditions.md.
 */
const { app, ctx, db } = await createTestApp();

let editor: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let author: Awaited<ReturnType<typeof login>>;
let categoryId: string;

beforeAll(async () => {
  [editor, admin, author] = await Promise.all([login(ctx, 'editor'), login(ctx, 'admin'), login(ctx, 'author')]);
  categoryId = (await createCategory(db)).id;
});

interface Resource {
  name: string;
  /** A fresh record: its id, its stored version, and the value of the field `edit` changes. */
  make: () => Promise<{ id: string }>;
  path: (id: string) => string;
  edit: (n: number) => Record<string, unknown>;
  /** The stored value `edit` changes, and the stored version. */
  stored: (id: string) => Promise<{ value: unknown; version: number }>;
  auth: () => Record<string, string>;
}

const RESOURCES: Resource[] = [
  {
    name: 'article',
    make: () => createArticle(db, { authorId: editor.user.id, categoryId, title: 'Original title' }),
    path: (id) => `/api/articles/${id}`,
    edit: (n) => ({ title: `Edit ${n}` }),
    stored: async (id) => {
      const row = await db.article.findUniqueOrThrow({ where: { id } });
      return { value: row.title, version: row.version };
    },
    auth: () => editor.auth,
  },
  {
    name: 'category',
    make: () => createCategory(db),
    path: (id) => `/api/categories/${id}`,
    edit: (n) => ({ name: `Renamed ${n} ${Math.random().toString(36).slice(2, 8)}` }),
    stored: async (id) => {
      const row = await db.category.findUniqueOrThrow({ where: { id } });
      return { value: row.name, version: row.version };
    },
    auth: () => editor.auth,
  },
  {
    name: 'breaking news',
    make: () => createBreakingNews(db, { authorId: editor.user.id, headline: 'Original headline' }),
    path: (id) => `/api/breaking-news/${id}`,
    edit: (n) => ({ headline: `Edit ${n}` }),
    stored: async (id) => {
      const row = await db.breakingNews.findUniqueOrThrow({ where: { id } });
      return { value: row.headline, version: row.version };
    },
    auth: () => editor.auth,
  },
  {
    name: 'user',
    make: () => createUser(db, { role: 'author', name: 'Original Name' }),
    path: (id) => `/api/users/${id}`,
    edit: (n) => ({ name: `Edited Name ${n}` }),
    stored: async (id) => {
      const row = await db.user.findUniqueOrThrow({ where: { id } });
      return { value: row.name, version: row.version };
    },
    auth: () => admin.auth,
  },
];

describe.each(RESOURCES)('PUT $name with a version', (r) => {
  it('applies an edit based on the current version and answers with the next version and its ETag', async () => {
    const { id } = await r.make();
    const res = await request(app)
      .put(r.path(id))
      .set(r.auth())
      .send({ ...r.edit(1), version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.headers.etag).toBe('"v2"');
    const again = await request(app).put(r.path(id)).set(r.auth()).set('If-Match', res.headers.etag!).send(r.edit(2));
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe('"v3"');
    expect(await r.stored(id)).toEqual({ value: again.body.name ?? again.body.title ?? again.body.headline, version: 3 });
  });

  it('refuses a stale body version with 409, the current version, and no change', async () => {
    const { id } = await r.make();
    const first = await request(app)
      .put(r.path(id))
      .set(r.auth())
      .send({ ...r.edit(1), version: 1 });
    expect(first.status).toBe(200);
    const before = await r.stored(id);
    const stale = await request(app)
      .put(r.path(id))
      .set(r.auth())
      .send({ ...r.edit(2), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'Conflict',
      message: expect.stringMatching(/Someone else changed this .* since you opened it/),
      details: ['The current version is 2.'],
    });
    expect(stale.headers.etag).toBe('"v2"');
    expect(await r.stored(id)).toEqual(before);
  });

  it('refuses a stale If-Match with 412 and no change; a weak or foreign tag never matches', async () => {
    const { id } = await r.make();
    await request(app)
      .put(r.path(id))
      .set(r.auth())
      .send({ ...r.edit(1), version: 1 })
      .expect(200);
    const before = await r.stored(id);
    for (const tag of ['"v1"', 'W/"v2"', '"something-else"']) {
      const res = await request(app).put(r.path(id)).set(r.auth()).set('If-Match', tag).send(r.edit(2));
      expect(res.status, tag).toBe(412);
      expect(res.body.error).toBe('Precondition Failed');
      expect(res.headers.etag).toBe('"v2"');
    }
    expect(await r.stored(id)).toEqual(before);
  });

  it('answers a version past the integer column with 400 (body) or 412 (If-Match), never a 500', async () => {
    const { id } = await r.make();
    const before = await r.stored(id);
    const body = await request(app)
      .put(r.path(id))
      .set(r.auth())
      .send({ ...r.edit(1), version: 3_000_000_000 });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe('Validation failed');
    const header = await request(app).put(r.path(id)).set(r.auth()).set('If-Match', '"v9999999999"').send(r.edit(1));
    expect(header.status).toBe(412);
    expect(await r.stored(id)).toEqual(before);
  });

  it('refuses an edit naming no version with 428 in the error envelope, and changes nothing', async () => {
    const { id } = await r.make();
    const before = await r.stored(id);
    const res = await request(app).put(r.path(id)).set(r.auth()).send(r.edit(1));
    expect(res.status).toBe(428);
    expect(res.body).toEqual({
      error: 'Precondition Required',
      message: expect.stringMatching(/^Say which version of this .* you edited: send "version" .* or an If-Match header/),
    });
    // Nothing to copy blindly: the answer does not hand out the current version.
    expect(res.headers.etag ?? '').not.toMatch(/^"v\d+"$/);
    expect(await r.stored(id)).toEqual(before);
  });

  it('applies an edit sent with If-Match: * (the sender says it means any version)', async () => {
    const { id } = await r.make();
    const res = await request(app).put(r.path(id)).set(r.auth()).set('If-Match', '*').send(r.edit(1));
    expect(res.status).toBe(200);
    expect((await r.stored(id)).version).toBe(2);
  });
});

describe('an edit naming no version from someone who may not make it', () => {
  it('still answers 404 or 403 as before (who may edit is checked first), and changes nothing', async () => {
    const hidden = await createArticle(db, { authorId: editor.user.id, categoryId, status: 'draft', title: 'Hidden draft' });
    const seen = await createArticle(db, { authorId: editor.user.id, categoryId, status: 'published', title: 'Seen story' });
    const headline = await createBreakingNews(db, { authorId: editor.user.id, headline: 'Not theirs' });
    const superAdmin = await createUser(db, { role: 'super-admin', name: 'Top Boss' });
    const cases = [
      { what: "an author, someone else's draft", path: `/api/articles/${hidden.id}`, auth: author.auth, body: { title: 'x' }, status: 404 },
      { what: "an author, someone else's story", path: `/api/articles/${seen.id}`, auth: author.auth, body: { title: 'x' }, status: 403 },
      { what: 'an editor, no such article', path: `/api/articles/${randomUUID()}`, auth: editor.auth, body: { title: 'x' }, status: 404 },
      {
        what: "an author, someone else's headline",
        path: `/api/breaking-news/${headline.id}`,
        auth: author.auth,
        body: { headline: 'x' },
        status: 403,
      },
      {
        what: 'an editor, no such headline',
        path: `/api/breaking-news/${randomUUID()}`,
        auth: editor.auth,
        body: { headline: 'x' },
        status: 404,
      },
      {
        what: 'an editor, no such category',
        path: `/api/categories/${randomUUID()}`,
        auth: editor.auth,
        body: { name: 'Nowhere' },
        status: 404,
      },
      { what: 'an author, a category', path: `/api/categories/${categoryId}`, auth: author.auth, body: { name: 'Mine now' }, status: 403 },
      { what: 'an admin, a super-admin', path: `/api/users/${superAdmin.id}`, auth: admin.auth, body: { name: 'Demoted' }, status: 403 },
      { what: 'an admin, no such user', path: `/api/users/${randomUUID()}`, auth: admin.auth, body: { name: 'Nobody' }, status: 404 },
      { what: 'anonymous, an article', path: `/api/articles/${seen.id}`, auth: {}, body: { title: 'x' }, status: 401 },
    ];
    for (const c of cases) {
      const res = await request(app).put(c.path).set(c.auth).send(c.body);
      expect(res.status, c.what).toBe(c.status);
    }
    expect((await db.article.findUniqueOrThrow({ where: { id: hidden.id } })).title).toBe('Hidden draft');
    expect((await db.article.findUniqueOrThrow({ where: { id: seen.id } })).title).toBe('Seen story');
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: headline.id } })).headline).toBe('Not theirs');
    expect((await db.user.findUniqueOrThrow({ where: { id: superAdmin.id } })).name).toBe('Top Boss');
  });

  it('answers 428, not a write, to an author editing their own draft without a version', async () => {
    const own = await createArticle(db, { authorId: author.user.id, categoryId, status: 'draft', title: 'My draft' });
    const res = await request(app).put(`/api/articles/${own.id}`).set(author.auth).send({ title: 'Overwritten' });
    expect(res.status).toBe(428);
    expect(await db.article.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ title: 'My draft', version: 1 });
  });
});

describe('article ETag', () => {
  it('is sent to signed-in readers of an article and moves with every change made through the API', async () => {
    const article = await createArticle(db, { authorId: editor.user.id, categoryId, status: 'published', isStory: true });
    const read = await request(app).get(`/api/articles/${article.id}`).set(editor.auth);
    expect(read.headers.etag).toBe('"v1"');
    await request(app).post(`/api/articles/${article.id}/featured`).set(editor.auth).send({ isFeatured: true }).expect(200);
    const stale = await request(app)
      .put(`/api/articles/${article.id}`)
      .set(editor.auth)
      .set('If-Match', read.headers.etag!)
      .send({ title: 'Late' });
    expect(stale.status).toBe(412);
    expect((await db.article.findUniqueOrThrow({ where: { id: article.id } })).title).toBe(article.title);
    const fresh = await request(app).get(`/api/articles/${article.id}`).set(editor.auth);
    expect(fresh.headers.etag).toBe('"v2"');
  });

  it('a version alone changes nothing: 400', async () => {
    const article = await createArticle(db, { authorId: editor.user.id, categoryId });
    const res = await request(app).put(`/api/articles/${article.id}`).set(editor.auth).send({ version: 1 });
    expect(res.status).toBe(400);
  });
});

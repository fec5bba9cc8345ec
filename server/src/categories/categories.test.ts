import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors, createArticle, createCategory, createUser, type Actor } from '#tests/helpers/factories';
import { deniedStatus, expectDeleteOutcome } from '#tests/helpers/permissions';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';

const { app, ctx, db } = await createTestApp();
let headers: (actor: Actor) => Record<string, string>;
let editorAuth: Record<string, string>;

beforeAll(async () => {
  const a = await actors(ctx);
  headers = a.headers;
  editorAuth = a.byRole.editor.auth;
});

const MAY_MANAGE: Record<Actor, boolean> = { anonymous: false, user: false, author: false, editor: true, admin: true, 'super-admin': true };

describe('GET /api/categories', () => {
  it('lists every category in name order with published-article counts, cacheable for a minute', async () => {
    const zulu = await createCategory(db, 'Zulu Desk');
    const alpha = await createCategory(db, 'Alpha Desk');
    const author = await createUser(db, { role: 'author' });
    await createArticle(db, { authorId: author.id, categoryId: alpha.id, status: 'published' });
    await createArticle(db, { authorId: author.id, categoryId: alpha.id });

    const res = await request(app).get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.vary).toMatch(/Authorization/);
    const names = (res.body as { name: string }[]).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(res.body).toContainEqual({ id: alpha.id, name: 'Alpha Desk', slug: 'alpha-desk', articleCount: 1, version: 1 });
    expect(res.body).toContainEqual({ id: zulu.id, name: 'Zulu Desk', slug: 'zulu-desk', articleCount: 0, version: 1 });
  });

  it('is not shared-cacheable for a signed-in caller', async () => {
    const res = await request(app).get('/api/categories').set(editorAuth);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/categories/:idOrSlug', () => {
  it('finds a category by id, by slug and by name turned into a slug', async () => {
    const c = await createCategory(db, 'World News');
    for (const key of [c.id, 'world-news', 'World%20News']) {
      const res = await request(app).get(`/api/categories/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.body).toMatchObject({ id: c.id, name: 'World News', slug: 'world-news' });
    }
  });

  it('slugs a name to letters and digits, and still finds it by the docs/spec/SPEC.md §2 form of its name', async () => {
    const res = await request(app).post('/api/categories').set(editorAuth).send({ name: 'Arts & Café Culture' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: 'arts-and-cafe-culture' });
    for (const key of ['arts-and-cafe-culture', encodeURIComponent('arts-&-café-culture'), encodeURIComponent('Arts & Café Culture')]) {
      const found = await request(app).get(`/api/categories/${key}`);
      expect(found.status, key).toBe(200);
      expect(found.body).toMatchObject({ id: res.body.id, slug: 'arts-and-cafe-culture' });
    }
  });

  it('finds a category whose slug was stored by the old rule, by that slug', async () => {
    const c = await createCategory(db, 'Science & Health', 'science-&-health');
    const res = await request(app).get(`/api/categories/${encodeURIComponent('science-&-health')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, slug: 'science-&-health' });
    const list = await request(app).get('/api/articles/published').query({ category: 'science-&-health' });
    expect(list.status).toBe(200);
  });

  it('answers 404 for an unknown id or slug', async () => {
    expect((await request(app).get('/api/categories/no-such-category')).status).toBe(404);
    const res = await request(app).get('/api/categories/0190a5b2-0000-7000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not Found', message: 'Category not found' });
  });
});

describe('POST /api/categories', () => {
  it.each(ACTORS)('%s: creates only when allowed to manage categories', async (actor) => {
    const name = `Desk ${actor}`;
    const res = await request(app).post('/api/categories').set(headers(actor)).send({ name });
    const row = await db.category.findFirst({ where: { name } });
    if (MAY_MANAGE[actor]) {
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: row?.id, name, slug: `desk-${actor}`, articleCount: 0, version: 1 });
    } else {
      expect(res.status).toBe(deniedStatus(actor));
      expect(row).toBeNull();
    }
  });

  it('trims the name and derives the slug', async () => {
    const res = await request(app).post('/api/categories').set(editorAuth).send({ name: '  Local   Politics ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Local   Politics', slug: 'local-politics' });
  });

  it.each([
    [{}, 'Category name is required.'],
    [{ name: '' }, 'Category name is required.'],
    [{ name: '    ' }, 'Category name is required.'],
    [{ name: 42 }, 'Category name is required.'],
    [{ name: 'x'.repeat(33) }, 'Max 32 characters.'],
  ])('refuses %j with 400 and the form message', async (body, message) => {
    const before = await db.category.count();
    const res = await request(app).post('/api/categories').set(editorAuth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details.join(' ')).toContain(message);
    expect(await db.category.count()).toBe(before);
  });

  it('accepts exactly 32 characters', async () => {
    const res = await request(app)
      .post('/api/categories')
      .set(editorAuth)
      .send({ name: 'y'.repeat(32) });
    expect(res.status).toBe(201);
  });

  it('refuses a name or slug already used, whatever the case, with 409', async () => {
    await createCategory(db, 'Science Desk');
    for (const name of ['Science Desk', 'SCIENCE DESK', 'science  desk']) {
      const res = await request(app).post('/api/categories').set(editorAuth).send({ name });
      expect(res.status, name).toBe(409);
      expect(res.body.message).toContain('already exists');
    }
    expect(await db.category.count({ where: { slug: 'science-desk' } })).toBe(1);
  });

  it('treats _ and % in a name as text: "A_c" and "A%" are not taken by "Abc"', async () => {
    await createCategory(db, 'Abc');
    for (const name of ['A_c', 'A%']) {
      const res = await request(app).post('/api/categories').set(editorAuth).send({ name });
      expect(res.status, name).toBe(201);
      expect(await db.category.count({ where: { name } })).toBe(1);
    }
    expect((await request(app).post('/api/categories').set(editorAuth).send({ name: 'a_C' })).status).toBe(409);
  });

  it('answers malformed JSON with 400 and creates nothing', async () => {
    const before = await db.category.count();
    const res = await request(app).post('/api/categories').set(editorAuth).set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(await db.category.count()).toBe(before);
  });
});

describe('PUT /api/categories/:id', () => {
  it.each(ACTORS)('%s: renames only when allowed, and the slug follows the name', async (actor) => {
    const c = await createCategory(db);
    const name = `Renamed ${actor}`;
    const res = await request(app).put(`/api/categories/${c.id}`).set(headers(actor)).send({ name, version: 1 });
    const row = await db.category.findUniqueOrThrow({ where: { id: c.id } });
    if (MAY_MANAGE[actor]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: c.id, name, slug: `renamed-${actor}` });
      expect(row).toMatchObject({ name, slug: `renamed-${actor}` });
    } else {
      expect(res.status).toBe(deniedStatus(actor));
      expect(row.name).toBe(c.name);
    }
  });

  it('lets a category keep its own name in another case, but not take another one', async () => {
    const c = await createCategory(db, 'Culture');
    await createCategory(db, 'Travel');
    const same = await request(app).put(`/api/categories/${c.id}`).set(editorAuth).send({ name: 'CULTURE', version: 1 });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'CULTURE', slug: 'culture' });
    const taken = await request(app).put(`/api/categories/${c.id}`).set(editorAuth).send({ name: 'travel', version: 2 });
    expect(taken.status).toBe(409);
    expect((await db.category.findUniqueOrThrow({ where: { id: c.id } })).name).toBe('CULTURE');
  });

  it('answers 400 for a bad body or id and 404 for an unknown id', async () => {
    const c = await createCategory(db);
    expect(
      (
        await request(app)
          .put(`/api/categories/${c.id}`)
          .set(editorAuth)
          .send({ name: 'z'.repeat(40), version: 1 })
      ).status,
    ).toBe(400);
    expect((await request(app).put('/api/categories/not-a-uuid').set(editorAuth).send({ name: 'Fine', version: 1 })).status).toBe(404);
    const missing = await request(app)
      .put('/api/categories/0190a5b2-0000-7000-8000-000000000000')
      .set(editorAuth)
      .send({ name: 'Fine', version: 1 });
    expect(missing.status).toBe(404);
    expect(await db.category.count({ where: { name: 'Fine' } })).toBe(0);
  });
});

describe('DELETE /api/categories/:id and /api/categorie/:id', () => {
  it.each(ACTORS)('%s: deletes only when allowed; a denied delete leaves the row', async (actor) => {
    const c = await createCategory(db);
    const res = await request(app).delete(`/api/categories/${c.id}`).set(headers(actor));
    const row = await db.category.findUnique({ where: { id: c.id } });
    expectDeleteOutcome(actor, MAY_MANAGE[actor], res, row, 'Category deleted');
  });

  it.each(ACTORS)('%s: the singular path /api/categorie/:id follows the same rules', async (actor) => {
    const c = await createCategory(db);
    const res = await request(app).delete(`/api/categorie/${c.id}`).set(headers(actor));
    const row = await db.category.findUnique({ where: { id: c.id } });
    expect(res.status).toBe(MAY_MANAGE[actor] ? 200 : deniedStatus(actor));
    expect(row === null).toBe(MAY_MANAGE[actor]);
  });

  it('refuses with 409 while the category has articles, drafts included, and keeps everything', async () => {
    const c = await createCategory(db, 'Busy Desk');
    const author = await createUser(db, { role: 'author' });
    const draft = await createArticle(db, { authorId: author.id, categoryId: c.id });
    for (const path of [`/api/categories/${c.id}`, `/api/categorie/${c.id}`]) {
      const res = await request(app).delete(path).set(editorAuth);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'Conflict', message: expect.stringContaining('still has 1 article') });
    }
    expect(await db.category.findUnique({ where: { id: c.id } })).not.toBeNull();
    expect(await db.article.findUnique({ where: { id: draft.id } })).not.toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await request(app).delete('/api/categorie/0190a5b2-0000-7000-8000-000000000000').set(editorAuth)).status).toBe(404);
    expect((await request(app).delete('/api/categories/1%20OR%201=1').set(editorAuth)).status).toBe(404);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from '#tests/helpers/factories';
import { EMBED_FRAME_HOSTS } from '../lib/edge';
import { EMBED_HOSTNAMES } from '../lib/sanitize';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, db, byRole, headers, otherAuthor, category, article } = await articlesTestbed();

const validBody = () => ({
  title: '  Council approves the new budget  ',
  summary: 'The vote passed late on Tuesday.',
  content: '<p>The council <strong>approved</strong> the budget.</p>',
  categoryId: category.id,
  section: 'Opinions & Editorials',
});

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/articles (staff list)', () => {
  it('lists every status newest first, with pagination', async () => {
    const draft = await article({ title: 'list draft' });
    const published = await article({ status: 'published', title: 'list published' });
    const res = await request(app).get('/api/articles').set(headers('editor'));
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: { id: string }) => a.id);
    expect(ids.indexOf(published.id)).toBeLessThan(ids.indexOf(draft.id));
    expect(res.body.pagination).toEqual({ total: expect.any(Number), limit: 100, offset: 0 });
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(2);

    const drafts = await request(app).get('/api/articles?status=draft&limit=1').set(headers('editor'));
    expect(drafts.body.data).toHaveLength(1);
    expect(drafts.body.data[0].status).toBe('draft');
    expect(drafts.body.pagination.limit).toBe(1);
  });

  it('caps limit at 500 and refuses bad query values with 400', async () => {
    expect((await request(app).get('/api/articles?limit=9999').set(headers('admin'))).body.pagination.limit).toBe(500);
    for (const qs of ['status=archived', 'limit=0', 'limit=abc', 'offset=-1', 'limit=1&limit=2']) {
      const res = await request(app).get(`/api/articles?${qs}`).set(headers('admin'));
      expect(res.status, qs).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.details.length).toBeGreaterThan(0);
    }
  });

  describe('who may list (docs/spec/CONTRACT.md §3): authors see only their own', () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 200, editor: 200, admin: 200, 'super-admin': 200 };
    it.each(ACTORS)('%s', async (actor) => {
      await article({ title: 'someone else' });
      if (actor === 'author') await article({ authorId: byRole.author.user.id, title: 'mine' });
      const res = await request(app).get('/api/articles?limit=500').set(headers(actor));
      expect(res.status).toBe(expected[actor]);
      if (res.status !== 200) return;
      const authors = new Set(res.body.data.map((a: { author: { id: string } }) => a.author.id));
      if (actor === 'author') expect([...authors]).toEqual([byRole.author.user.id]);
      else expect(authors.has(otherAuthor.id)).toBe(true);
      const total = await db.article.count(actor === 'author' ? { where: { authorId: byRole.author.user.id } } : undefined);
      expect(res.body.pagination.total).toBe(total);
    });
  });
});

describe('GET /api/articles/:id', () => {
  it('returns a published article in the wire shape to anyone', async () => {
    const a = await article({ status: 'published', section: 'OpinionsEditorials', imageUrl: '/uploads/x.png' });
    const res = await request(app).get(`/api/articles/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: a.id,
      title: a.title,
      summary: a.summary,
      content: a.content,
      imageUrl: '/uploads/x.png',
      image: null,
      author: { id: otherAuthor.id, name: otherAuthor.name, slug: otherAuthor.slug },
      coAuthors: [],
      category: { id: category.id, name: category.name, slug: category.slug },
      categoryId: category.id,
      section: 'Opinions & Editorials',
      status: 'published',
      isStory: false,
      isFeatured: false,
      isMainStory: false,
      storyPriority: 0,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      publishedAt: a.publishedAt!.toISOString(),
      submittedAt: null,
      reviewNote: null,
      scheduledAt: null,
      unpublishAt: null,
      trashedAt: null,
      trashedFrom: null,
      totalViews: 0,
      media: [],
      corrections: [],
      version: 1,
    });
  });

  it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
    for (const id of [MISSING_UUID, 'not-an-id', '1', "1' OR '1'='1"]) {
      const res = await request(app).get(`/api/articles/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('Not Found');
    }
  });

  it('reads an id in upper case as the same article, and a write refreshes that spelling too', async () => {
    const a = await article({ status: 'published', title: 'spelled loud' });
    const loud = `/api/articles/${a.id.toUpperCase()}`;
    const first = await request(app).get(loud);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: a.id, title: 'spelled loud' });

    const edit = await request(app).put(`/api/articles/${a.id}`).set(headers('editor')).send({ title: 'spelled quietly', version: 1 });
    expect(edit.status).toBe(200);
    // The answer cached under the upper-case spelling was purged by the write (one cache key per article).
    expect((await request(app).get(loud)).body.title).toBe('spelled quietly');
  });

  describe('a draft is visible to editors+ and its own author only; others get 404', () => {
    const expected: Record<Actor, number> = { anonymous: 404, user: 404, author: 404, editor: 200, admin: 200, 'super-admin': 200 };
    it.each(ACTORS)('%s', async (actor) => {
      for (const status of ['draft', 'unpublished'] as const) {
        const a = await article({ status });
        const res = await request(app).get(`/api/articles/${a.id}`).set(headers(actor));
        expect(res.status, status).toBe(expected[actor]);
        if (res.status === 200) expect(res.body.status).toBe(status);
      }
    });

    it('its author reads it', async () => {
      const own = await article({ authorId: byRole.author.user.id });
      const res = await request(app).get(`/api/articles/${own.id}`).set(headers('author'));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('draft');
    });
  });
});

describe('POST /api/articles', () => {
  it('creates a draft authored by the caller, with trimmed text and the wire section', async () => {
    const res = await request(app).post('/api/articles').set(headers('author')).send(validBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Council approves the new budget',
      status: 'draft',
      section: 'Opinions & Editorials',
      author: { id: byRole.author.user.id },
      categoryId: category.id,
      imageUrl: null,
      publishedAt: null,
      isStory: false,
    });
    const row = await db.article.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      authorId: byRole.author.user.id,
      status: 'draft',
      section: 'OpinionsEditorials',
      title: 'Council approves the new budget',
    });
  });

  it('defaults the section to General and accepts an /uploads/ or http(s) image', async () => {
    const { section: _section, ...body } = validBody();
    const a = await request(app)
      .post('/api/articles')
      .set(headers('editor'))
      .send({ ...body, imageUrl: '/uploads/cover.webp' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ section: 'General', imageUrl: '/uploads/cover.webp' });
    const b = await request(app)
      .post('/api/articles')
      .set(headers('editor'))
      .send({ ...body, imageUrl: 'https://images.example.com/a.jpg' });
    expect(b.body.imageUrl).toBe('https://images.example.com/a.jpg');
  });

  it('sanitises the body: no script, no event handlers, no javascript: links, no foreign frames', async () => {
    const content =
      '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a>' +
      '<iframe src="https://evil.example/embed"></iframe><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>';
    const res = await request(app)
      .post('/api/articles')
      .set(headers('author'))
      .send({ ...validBody(), content });
    expect(res.status).toBe(201);
    const stored = (await db.article.findUniqueOrThrow({ where: { id: res.body.id } })).content;
    expect(stored).toBe(
      '<p>Hello</p><img src="https://example.com/a.png" /><a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
    );
    expect(res.body.content).toBe(stored);
  });

  it('keeps the sanitiser frame hosts in step with the CSP frame-src', () => {
    expect(EMBED_FRAME_HOSTS.map((origin) => new URL(origin).hostname).sort()).toEqual([...EMBED_HOSTNAMES].sort());
  });

  it('answers 400 with one detail per problem', async () => {
    const before = await db.article.count();
    const empty = await request(app).post('/api/articles').set(headers('author')).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Validation failed');
    for (const field of ['title', 'summary', 'content', 'category']) expect(empty.body.details.join('\n')).toMatch(new RegExp(field, 'i'));

    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['title too long', { title: 'x'.repeat(201) }, /title/i],
      ['blank title', { title: '   ' }, /title/i],
      ['summary too long', { summary: 'x'.repeat(501) }, /summary/i],
      ['title not text', { title: 42 }, /title/i],
      ['unknown section', { section: 'Gossip' }, /section/i],
      ['bad category id', { categoryId: 'abc' }, /categor/i],
      ['missing category', { categoryId: MISSING_UUID }, /categoryId/],
      ['javascript image', { imageUrl: 'javascript:alert(1)' }, /image/i],
      ['image outside uploads', { imageUrl: '/etc/passwd' }, /image/i],
      ['image climbing out of uploads', { imageUrl: '/uploads/../secret' }, /image/i],
      ['only unsafe markup', { content: '<script>alert(1)</script>' }, /content/i],
      ['content too large', { content: `<p>${'x'.repeat(500_001)}</p>` }, /content/i],
    ];
    for (const [name, patch, detail] of cases) {
      const res = await request(app)
        .post('/api/articles')
        .set(headers('author'))
        .send({ ...validBody(), ...patch });
      expect(res.status, name).toBe(400);
      expect(res.body.details.join('\n'), name).toMatch(detail);
    }
    expect(await db.article.count()).toBe(before);
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const broken = await request(app)
      .post('/api/articles')
      .set(headers('author'))
      .set('Content-Type', 'application/json')
      .send('{"title":');
    expect(broken.status).toBe(400);
    const array = await request(app).post('/api/articles').set(headers('author')).send([validBody()]);
    expect(array.status).toBe(400);
  });

  describe('who may create (docs/spec/CONTRACT.md §3)', () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 201, editor: 201, admin: 201, 'super-admin': 201 };
    it.each(ACTORS)('%s', async (actor) => {
      const title = `created by ${actor}`;
      const res = await request(app)
        .post('/api/articles')
        .set(headers(actor))
        .send({ ...validBody(), title });
      expect(res.status).toBe(expected[actor]);
      const rows = await db.article.findMany({ where: { title } });
      if (expected[actor] === 201)
        expect(rows.map((r) => [r.authorId, r.status])).toEqual([[byRole[actor as Exclude<Actor, 'anonymous'>].user.id, 'draft']]);
      else expect(rows).toEqual([]);
    });
  });
});

describe('PUT /api/articles/:id', () => {
  it('changes only the fields sent and sanitises the content', async () => {
    const a = await article({ status: 'published' });
    const res = await request(app)
      .put(`/api/articles/${a.id}`)
      .set(headers('editor'))
      .send({ summary: ' New summary ', content: '<p>New</p><script>x()</script>', section: 'Sports', imageUrl: '', version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: a.title,
      summary: 'New summary',
      content: '<p>New</p>',
      section: 'Sports',
      imageUrl: null,
      status: 'published',
    });
    const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({
      title: a.title,
      summary: 'New summary',
      content: '<p>New</p>',
      section: 'Sports',
      authorId: otherAuthor.id,
    });
  });

  it('moves the article to another existing category, and refuses a missing one with 400', async () => {
    const a = await article();
    const other = await db.category.create({ data: { name: 'Moved here', slug: 'moved-here' } });
    const ok = await request(app).put(`/api/articles/${a.id}`).set(headers('admin')).send({ categoryId: other.id, version: 1 });
    expect(ok.body.category).toMatchObject({ id: other.id, name: 'Moved here' });
    const bad = await request(app)
      .put(`/api/articles/${a.id}`)
      .set(headers('admin'))
      .send({ categoryId: MISSING_UUID, version: ok.body.version });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.stringContaining('categoryId')]);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).categoryId).toBe(other.id);
  });

  it('gives up the main-story slot when a main story moves to another section', async () => {
    const a = await article({ status: 'published', isStory: true, isMainStory: true, section: 'Business' });
    const res = await request(app).put(`/api/articles/${a.id}`).set(headers('editor')).send({ section: 'Technology', version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ section: 'Technology', isMainStory: false, isStory: true });
  });

  it('answers 400 for an empty body or wrong types, 404 for unknown ids', async () => {
    const a = await article();
    for (const body of [{}, { title: '' }, { title: 5 }, { section: 'Nope' }, { imageUrl: 'ftp://x' }]) {
      const res = await request(app).put(`/api/articles/${a.id}`).set(headers('editor')).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    expect((await request(app).put(`/api/articles/${MISSING_UUID}`).set(headers('editor')).send({ title: 'x', version: 1 })).status).toBe(
      404,
    );
    expect((await request(app).put('/api/articles/xyz').set(headers('editor')).send({ title: 'x', version: 1 })).status).toBe(404);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).title).toBe(a.title);
  });

  describe("who may edit another author's published article (docs/spec/CONTRACT.md §3)", () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 200, admin: 200, 'super-admin': 200 };
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article({ status: 'published' });
      const res = await request(app)
        .put(`/api/articles/${a.id}`)
        .set(headers(actor))
        .send({ title: `edited by ${actor}`, version: 1 });
      expect(res.status).toBe(expected[actor]);
      expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).title).toBe(
        expected[actor] === 200 ? `edited by ${actor}` : a.title,
      );
    });
  });

  it("lets an author edit their own article, and hides another author's draft from them (404)", async () => {
    const own = await article({ authorId: byRole.author.user.id });
    const mine = await request(app).put(`/api/articles/${own.id}`).set(headers('author')).send({ title: 'my edit', version: 1 });
    expect(mine.status).toBe(200);
    expect((await db.article.findUniqueOrThrow({ where: { id: own.id } })).title).toBe('my edit');

    const theirs = await article();
    const res = await request(app).put(`/api/articles/${theirs.id}`).set(headers('author')).send({ title: 'not mine', version: 1 });
    expect(res.status).toBe(404);
    expect((await db.article.findUniqueOrThrow({ where: { id: theirs.id } })).title).toBe(theirs.title);
  });
});

describe('DELETE /api/articles/:id', () => {
  describe('who may delete (docs/spec/CONTRACT.md §3): a delete moves the row to the trash, a denied one leaves it', () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 403, admin: 200, 'super-admin': 200 };
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article({ status: 'published', authorId: actor === 'author' ? byRole.author.user.id : otherAuthor.id });
      const res = await request(app).delete(`/api/articles/${a.id}`).set(headers(actor));
      expect(res.status).toBe(expected[actor]);
      if (res.status === 200) expect(res.body).toEqual({ success: true, message: expect.any(String) });
      expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(expected[actor] === 200 ? 'trashed' : 'published');
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await request(app).delete(`/api/articles/${MISSING_UUID}`).set(headers('admin'))).status).toBe(404);
    expect((await request(app).delete('/api/articles/42').set(headers('admin'))).status).toBe(404);
  });
});

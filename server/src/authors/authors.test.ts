import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AuthorPage } from '#shared/types';
import { createUser } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, db, article, otherAuthor, byRole, headers } = await articlesTestbed();

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
const STAFF = ['author', 'editor', 'admin', 'super-admin'] as const;

const published: { id: string }[] = [];
for (let i = 0; i < 14; i++) published.push(await article({ status: 'published', title: `by other ${i}`, publishedAt: at(i + 1) }));
await article({ title: 'their draft' });
await article({ status: 'unpublished', title: 'their unpublished', publishedAt: at(0.5) });

const authorPage = (slug: string, query = '') => request(app).get(`/api/authors/${slug}${query}`);
const slugOf = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id }, select: { slug: true } })).slug;

describe('user slugs', () => {
  it('are made from the name when a user is created, unique, and kept when the name changes', async () => {
    const first = await createUser(db, { name: 'Zoë Ångström & Co' });
    const second = await createUser(db, { name: 'Zoë Ångström & Co' });
    expect(first.slug).toBe('zoe-angstrom-and-co');
    expect(second.slug).toBe('zoe-angstrom-and-co-2');
    await db.user.update({ where: { id: first.id }, data: { name: 'Someone Else' } });
    expect(await slugOf(first.id)).toBe('zoe-angstrom-and-co');
  });

  it('are given to users created through the API', async () => {
    const res = await request(app)
      .post('/api/users')
      .set(headers('admin'))
      .send({ name: 'Ana Api', email: `ana-${Date.now()}@example.test`, password: 'Long-enough1', role: 'author' });
    expect(res.status).toBe(201);
    expect(res.body.slug).toMatch(/^ana-api(-\d+)?$/);
  });

  it('fall back to "author" for a name without Latin letters', async () => {
    expect((await createUser(db, { name: '王小明' })).slug).toMatch(/^author(-\d+)?$/);
  });
});

describe('GET /api/authors/:slug', () => {
  it('answers the author and their published articles, newest first, a page at a time', async () => {
    const res = await authorPage(otherAuthor.slug);
    expect(res.status).toBe(200);
    const body = res.body as AuthorPage;
    expect(body.author).toEqual({
      id: otherAuthor.id,
      slug: otherAuthor.slug,
      name: otherAuthor.name,
      bio: null,
      avatarUrl: null,
      avatar: null,
    });
    expect(body.articles.data.map((a) => a.id)).toEqual(published.slice(0, 12).map((a) => a.id));
    expect(body.articles.pagination).toEqual({ total: 14, limit: 12, offset: 0 });
    const next = (await authorPage(otherAuthor.slug, '?offset=12')).body as AuthorPage;
    expect(next.articles.data.map((a) => a.id)).toEqual(published.slice(12).map((a) => a.id));
  });

  it('never shows the e-mail address or the role', async () => {
    const res = await authorPage(otherAuthor.slug);
    expect(JSON.stringify(res.body.author)).not.toContain(otherAuthor.email);
    expect(res.body.author).not.toHaveProperty('role');
  });

  it('finds the author in another case', async () => {
    expect((await authorPage(otherAuthor.slug.toUpperCase())).status).toBe(200);
  });

  it('is 404 for an unknown slug, a reader, staff without a published article, and a slug too long to be one', async () => {
    const draftsOnly = await createUser(db, { role: 'author' });
    for (const slug of ['no-such-author', byRole.user.user.slug, draftsOnly.slug, byRole.editor.user.slug, 'a'.repeat(500)]) {
      const res = await authorPage(slug);
      expect(res.status, slug).toBe(404);
      expect(res.body.error).toBe('Not Found');
    }
  });

  it.each(['?limit=0', '?limit=51', '?limit=x', '?offset=-1', '?offset=100001', '?offset=y'])('refuses %s with 400', async (query) => {
    const res = await authorPage(otherAuthor.slug, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });
});

describe('GET and PUT /api/profile', () => {
  it.each(STAFF)('%s reads their own profile', async (role) => {
    const res = await request(app).get('/api/profile').set(headers(role));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: byRole[role].user.id, email: byRole[role].user.email, role });
    expect(res.headers.etag).toBe(`"v${res.body.version}"`);
  });

  it.each(STAFF)('%s updates their own name, bio and photo', async (role) => {
    const { user } = byRole[role];
    const upload = await db.upload.create({
      data: { userId: user.id, fileUrl: `/uploads/avatar-${role}.jpg`, bytes: 1000n, type: 'image' },
    });
    const { version } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const res = await request(app)
      .put('/api/profile')
      .set(headers(role))
      .send({ name: `New ${role}`, bio: '  Writes about things.  ', avatarUrl: upload.fileUrl, version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: `New ${role}`, bio: 'Writes about things.', avatarUrl: upload.fileUrl, version: version + 1 });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ name: `New ${role}`, bio: 'Writes about things.', avatarUrl: upload.fileUrl, version: version + 1 });
    // The slug stays: links to the page keep working.
    expect(row.slug).toBe(user.slug);
    // A photo in use is never swept.
    expect((await db.upload.findUniqueOrThrow({ where: { id: upload.id } })).referenced).toBe(true);
  });

  it.each([
    ['anonymous', 401],
    ['user', 403],
  ] as const)('%s gets %i and changes nothing', async (actor, status) => {
    const before = actor === 'user' ? await db.user.findUniqueOrThrow({ where: { id: byRole.user.user.id } }) : null;
    expect((await request(app).get('/api/profile').set(headers(actor))).status).toBe(status);
    const res = await request(app).put('/api/profile').set(headers(actor)).send({ name: 'Hacker', version: 1 });
    expect(res.status).toBe(status);
    if (before) expect(await db.user.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
  });

  it('names its version: 428 without, 409 for a stale body version, 412 for a stale If-Match, and changes nothing', async () => {
    const { user } = byRole.author;
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const put = () => request(app).put('/api/profile').set(headers('author'));
    expect((await put().send({ bio: 'x' })).status).toBe(428);
    const stale = await put().send({ bio: 'x', version: before.version + 5 });
    expect(stale.status).toBe(409);
    expect(stale.headers.etag).toBe(`"v${before.version}"`);
    expect(
      (
        await put()
          .set('If-Match', `"v${before.version + 5}"`)
          .send({ bio: 'x' })
      ).status,
    ).toBe(412);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
    expect((await put().set('If-Match', `"v${before.version}"`).send({ bio: 'y' })).status).toBe(200);
  });

  it.each([
    ['a name too short', { name: 'A' }],
    ['a blank name', { name: '   ' }],
    ['a bio too long', { bio: 'x'.repeat(1001) }],
    ['a photo that is not an upload', { avatarUrl: 'https://evil.example/me.jpg' }],
    ['a photo path that climbs out', { avatarUrl: '/uploads/../etc/passwd' }],
    ['a photo of the wrong type', { avatarUrl: 42 }],
    ['nothing to change', {}],
    ['a bad version', { bio: 'x', version: 'one' }],
  ])('refuses %s with 400', async (_, body) => {
    const { version } = await db.user.findUniqueOrThrow({ where: { id: byRole.editor.user.id } });
    const res = await request(app)
      .put('/api/profile')
      .set(headers('editor'))
      .send({ version, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });

  it("refuses someone else's upload, a video and a file that was never uploaded", async () => {
    const theirs = await db.upload.create({
      data: { userId: byRole.admin.user.id, fileUrl: '/uploads/theirs.jpg', bytes: 1n, type: 'image' },
    });
    const video = await db.upload.create({
      data: { userId: byRole.editor.user.id, fileUrl: '/uploads/clip.mp4', bytes: 1n, type: 'video' },
    });
    for (const avatarUrl of [theirs.fileUrl, video.fileUrl, '/uploads/never.jpg']) {
      const { version, avatarUrl: kept } = await db.user.findUniqueOrThrow({ where: { id: byRole.editor.user.id } });
      const res = await request(app).put('/api/profile').set(headers('editor')).send({ avatarUrl, version });
      expect(res.status, avatarUrl).toBe(400);
      expect((await db.user.findUniqueOrThrow({ where: { id: byRole.editor.user.id } })).avatarUrl).toBe(kept);
    }
  });

  it('removes the photo with null or an empty string', async () => {
    const { version } = await db.user.findUniqueOrThrow({ where: { id: byRole.author.user.id } });
    const res = await request(app).put('/api/profile').set(headers('author')).send({ avatarUrl: '', version });
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toBeNull();
  });

  it('purges the cached author page and articles: readers see the new name at once', async () => {
    const writer = byRole.author.user;
    const mine = await article({ authorId: writer.id, status: 'published', title: 'mine' });
    const page = async () => (await authorPage(writer.slug)).body as AuthorPage;
    const articleName = async () => (await request(app).get(`/api/articles/${mine.id}`)).body.author.name as string;
    const before = (await page()).author.name;
    expect(await articleName()).toBe(before);
    // Asked twice: the second answer is the cache's.
    await page();
    await articleName();
    const { version } = await db.user.findUniqueOrThrow({ where: { id: writer.id } });
    expect((await request(app).put('/api/profile').set(headers('author')).send({ name: 'Renamed Writer', version })).status).toBe(200);
    expect((await page()).author.name).toBe('Renamed Writer');
    expect(await articleName()).toBe('Renamed Writer');
  });
});

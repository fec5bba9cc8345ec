import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { ACTORS, createComment, createUser, type Actor } from '#tests/helpers/factories';
import { variantsIdle } from '../media/image-variants';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, ctx, db, byRole, headers, article } = await articlesTestbed();
const editor = headers('editor');
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

const png = () =>
  sharp({ create: { width: 6, height: 6, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
const onDisk = (publicPath: string) => existsSync(path.join(ctx.config.uploadDir, publicPath.replace('/uploads/', '')));
const tempDir = path.join(ctx.config.uploadDir, '.tmp');
const noTempFilesLeft = () => vi.waitFor(() => expect(existsSync(tempDir) ? readdirSync(tempDir) : []).toEqual([]));
const upload = (id: string, who: Record<string, string> = editor) => request(app).post(`/api/articles/${id}/media`).set(who);

describe('POST /api/articles/:id/media', () => {
  it('stores an image, records it, and lists it with the article', async () => {
    const a = await article({ status: 'published' });
    const before = (await db.article.findUniqueOrThrow({ where: { id: a.id } })).updatedAt;
    const res = await upload(a.id).attach('media', await png(), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      type: 'image',
      fileUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
      image: null,
    });
    expect(onDisk(res.body.fileUrl)).toBe(true);
    expect(await db.media.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      articleId: a.id,
      type: 'image',
      fileUrl: res.body.fileUrl,
    });
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).updatedAt.getTime()).toBeGreaterThan(before.getTime());

    // The answer came before the resized variants; once they are made, the image says so.
    expect(res.body.image).toBeNull();
    await variantsIdle(db);
    const withVariants = { ...res.body, image: { width: 6, height: 6, widths: [6], crops: true } };
    const list = await request(app).get(`/api/articles/${a.id}/media`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [withVariants] });
    expect((await request(app).get(`/api/articles/${a.id}`)).body.media).toEqual([withVariants]);
    const served = await request(app).get(res.body.fileUrl);
    expect(served.headers['content-type']).toBe('image/png');
    await noTempFilesLeft();
  });

  it('takes the kind from the bytes; a declared type that disagrees is refused with 415', async () => {
    const a = await article();
    const asImage = await upload(a.id)
      .field('type', 'image')
      .attach('media', await png(), 'a.png');
    expect(asImage.status).toBe(201);
    const asVideo = await upload(a.id)
      .field('type', 'video')
      .attach('media', await png(), 'a.mp4');
    expect(asVideo.status).toBe(415);
    expect(await db.media.count({ where: { articleId: a.id } })).toBe(1);
    await noTempFilesLeft();
  });

  it('refuses files that are not accepted media with 415, keeping nothing', async () => {
    const a = await article();
    const text = await upload(a.id).attach('media', Buffer.from('hello, this is text'), 'a.png');
    expect(text.status).toBe(415);
    const svg = await upload(a.id).attach('media', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg');
    expect(svg.status).toBe(415);
    expect(await db.media.count({ where: { articleId: a.id } })).toBe(0);
    await noTempFilesLeft();
  });

  it('answers 400 with details for a missing file or a bad type field, 404 for unknown articles', async () => {
    const a = await article();
    const none = await upload(a.id).field('type', 'image');
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([expect.stringContaining('media')]);
    const badType = await upload(a.id)
      .field('type', 'audio')
      .attach('media', await png(), 'a.png');
    expect(badType.status).toBe(400);
    expect(badType.body.details).toEqual([expect.stringContaining('type')]);
    expect((await upload(MISSING_UUID).attach('media', await png(), 'a.png')).status).toBe(404);
    expect((await upload('not-a-uuid').attach('media', await png(), 'a.png')).status).toBe(404);
    expect(await db.media.count({ where: { articleId: a.id } })).toBe(0);
    await noTempFilesLeft();
  });

  describe("who may add media to another author's published article (docs/spec/CONTRACT.md §3)", () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 201, admin: 201, 'super-admin': 201 };
    it.each(ACTORS)('%s', async (actor) => {
      const a = await article({ status: 'published' });
      const res = await upload(a.id, headers(actor)).attach('media', await png(), 'a.png');
      expect(res.status).toBe(expected[actor]);
      expect(await db.media.count({ where: { articleId: a.id } })).toBe(expected[actor] === 201 ? 1 : 0);
      await noTempFilesLeft();
    });
  });

  it("lets an author add media to their own article, and hides another author's draft (404)", async () => {
    const own = await article({ authorId: byRole.author.user.id });
    expect((await upload(own.id, headers('author')).attach('media', await png(), 'a.png')).status).toBe(201);
    const theirs = await article();
    expect((await upload(theirs.id, headers('author')).attach('media', await png(), 'a.png')).status).toBe(404);
    // The check before the body is read sees the id as the route parses it: one spelling per id.
    const upper = await upload(own.id.toUpperCase(), headers('author')).attach('media', await png(), 'a.png');
    expect(upper.status).toBe(201);
    const listed = await request(app).get(`/api/articles/${own.id}/media`).set(headers('author'));
    expect((listed.body.data as { id: string }[]).map((m) => m.id)).toContain(upper.body.id);
    expect((await upload(theirs.id.toUpperCase(), headers('author')).attach('media', await png(), 'a.png')).status).toBe(404);
  });
});

describe('GET /api/articles/:id/media', () => {
  it('follows the visibility of the article', async () => {
    const draft = await article();
    await db.media.create({ data: { articleId: draft.id, type: 'image', fileUrl: '/uploads/x.png' } });
    expect((await request(app).get(`/api/articles/${draft.id}/media`)).status).toBe(404);
    expect((await request(app).get(`/api/articles/${draft.id}/media`).set(headers('user'))).status).toBe(404);
    const asEditor = await request(app).get(`/api/articles/${draft.id}/media`).set(editor);
    expect(asEditor.body.data).toEqual([{ id: expect.any(String), type: 'image', fileUrl: '/uploads/x.png', image: null }]);
    expect((await request(app).get(`/api/articles/${MISSING_UUID}/media`)).status).toBe(404);
  });
});

describe('DELETE /api/articles/:id/media/:mediaId', () => {
  async function withMedia(overrides: Parameters<typeof article>[0] = {}) {
    const a = await article({ status: 'published', ...overrides });
    const res = await upload(a.id).attach('media', await png(), 'a.png');
    return { article: a, media: res.body as { id: string; fileUrl: string } };
  }

  it('removes the row and the file', async () => {
    const { article: a, media } = await withMedia();
    const res = await request(app).delete(`/api/articles/${a.id}/media/${media.id}`).set(editor);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expect(await db.media.count({ where: { id: media.id } })).toBe(0);
    expect(onDisk(media.fileUrl)).toBe(false);
  });

  it('keeps a file that another article still uses', async () => {
    const { article: a, media } = await withMedia();
    const other = await article({ status: 'published', imageUrl: media.fileUrl });
    await request(app).delete(`/api/articles/${a.id}/media/${media.id}`).set(editor).expect(200);
    expect(onDisk(media.fileUrl)).toBe(true);
    expect(other.imageUrl).toBe(media.fileUrl);
  });

  it("answers 404 for unknown media, malformed ids and another article's media", async () => {
    const { article: a, media } = await withMedia();
    const b = await article({ status: 'published' });
    expect((await request(app).delete(`/api/articles/${a.id}/media/${MISSING_UUID}`).set(editor)).status).toBe(404);
    expect((await request(app).delete(`/api/articles/${a.id}/media/abc`).set(editor)).status).toBe(404);
    expect((await request(app).delete(`/api/articles/${b.id}/media/${media.id}`).set(editor)).status).toBe(404);
    expect(await db.media.count({ where: { id: media.id } })).toBe(1);
    expect(onDisk(media.fileUrl)).toBe(true);
  });

  describe('who may remove media (a denied delete leaves row and file)', () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 200, admin: 200, 'super-admin': 200 };
    it.each(ACTORS)('%s', async (actor) => {
      const { article: a, media } = await withMedia();
      const res = await request(app).delete(`/api/articles/${a.id}/media/${media.id}`).set(headers(actor));
      expect(res.status).toBe(expected[actor]);
      const allowed = expected[actor] === 200;
      expect(await db.media.count({ where: { id: media.id } })).toBe(allowed ? 0 : 1);
      expect(onDisk(media.fileUrl)).toBe(!allowed);
    });
  });
});

describe('DELETE /api/articles/:id cascades', () => {
  it('removes comments (with replies), view logs, media rows and files, and keeps files other articles use', async () => {
    const a = await article({ status: 'published' });
    const own = (await upload(a.id).attach('media', await png(), 'a.png')).body as { id: string; fileUrl: string };
    const shared = '/uploads/shared-demo.webp';
    writeFileSync(
      path.join(ctx.config.uploadDir, 'shared-demo.webp'),
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
    );
    await db.media.create({ data: { articleId: a.id, type: 'image', fileUrl: shared } });
    const neighbour = await article({ status: 'published' });
    await db.media.create({ data: { articleId: neighbour.id, type: 'image', fileUrl: shared } });

    const reader = await createUser(db);
    const parent = await createComment(db, { articleId: a.id, authorId: reader.id });
    await createComment(db, { articleId: a.id, authorId: reader.id, parentId: parent.id });
    await db.viewLog.createMany({
      data: [
        { articleId: a.id, viewedAt: new Date() },
        { articleId: a.id, viewedAt: new Date(), fullyViewed: true },
      ],
    });
    await request(app).get(`/api/articles/share/${a.id}/image.jpg`).expect(200);
    const shareCache = path.join(ctx.config.uploadDir, '.cache', 'share');
    expect(readdirSync(shareCache).some((f) => f.startsWith(a.id))).toBe(true);

    // To the trash first: everything stays, for a restore (docs/decisions/061-trash.md); then deleted for good.
    expect((await request(app).delete(`/api/articles/${a.id}`).set(headers('admin'))).status).toBe(200);
    expect(await db.comment.count({ where: { articleId: a.id } })).toBe(2);
    expect(onDisk(own.fileUrl)).toBe(true);
    const res = await request(app).delete(`/api/articles/${a.id}/trash`).set(headers('admin'));
    expect(res.status).toBe(200);
    expect(await db.article.count({ where: { id: a.id } })).toBe(0);
    expect(await db.comment.count({ where: { articleId: a.id } })).toBe(0);
    expect(await db.viewLog.count({ where: { articleId: a.id } })).toBe(0);
    expect(await db.media.count({ where: { articleId: a.id } })).toBe(0);
    expect(onDisk(own.fileUrl)).toBe(false);
    expect(onDisk(shared)).toBe(true);
    expect(await db.media.count({ where: { articleId: neighbour.id } })).toBe(1);
    expect(readdirSync(shareCache).some((f) => f.startsWith(a.id))).toBe(false);
  });

  it('a denied delete leaves the article, its comments, views, media and files', async () => {
    const a = await article({ status: 'published' });
    const media = (await upload(a.id).attach('media', await png(), 'a.png')).body as { fileUrl: string };
    const reader = await createUser(db);
    await createComment(db, { articleId: a.id, authorId: reader.id });
    await db.viewLog.create({ data: { articleId: a.id, viewedAt: new Date() } });
    expect((await request(app).delete(`/api/articles/${a.id}`).set(editor)).status).toBe(403);
    expect(await db.article.count({ where: { id: a.id } })).toBe(1);
    expect(await db.comment.count({ where: { articleId: a.id } })).toBe(1);
    expect(await db.viewLog.count({ where: { articleId: a.id } })).toBe(1);
    expect(onDisk(media.fileUrl)).toBe(true);
  });
});

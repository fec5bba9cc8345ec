import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, createComment, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';
import { emptyTrash, TRASH_DAYS } from './articles.service';

/**
 * The trash (docs/decisions/061-trash.md): a delete hides an article everywhere public at once and keeps it, with its
 * revisions, comments and story placement, for editors to restore; the job deletes it for good after 30 days.
 */
const { app, ctx, db, headers, byRole, article } = await articlesTestbed();

const call = (actor: Actor, method: 'post' | 'delete' | 'get' | 'put', url: string, body?: object) =>
  request(app)[method](`/api/articles${url}`).set(headers(actor)).send(body);
const statusOf = async (id: string) => (await db.article.findUniqueOrThrow({ where: { id } })).status;

describe('to the trash and back', () => {
  it('gone from every public place at once (through the cache), back as it was with its comments and placement', async () => {
    const a = await article({
      status: 'published',
      publishedAt: new Date(),
      isStory: true,
      storyPriority: 7,
      title: `Trashed ${Date.now()}`,
    });
    const comment = await createComment(db, { articleId: a.id, authorId: byRole.user.user.id });
    // Read (and cached) before.
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(200);
    expect((await request(app).get('/api/articles/published?limit=100')).text).toContain(a.id);

    const res = await call('admin', 'delete', `/${a.id}`);
    expect(res.body).toEqual({ success: true, message: 'Article moved to the trash' });
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(404);
    expect((await request(app).get(`/article/${a.id}`)).status).toBe(404);
    expect((await request(app).get('/api/articles/published?limit=100')).text).not.toContain(a.id);
    expect((await request(app).get('/rss.xml')).text).not.toContain(a.title);
    // Staff lists leave it out, but for the trash; an author (its own, say) does not see it there.
    expect(((await call('editor', 'get', '?limit=500')).body.data as { id: string }[]).map((x) => x.id)).not.toContain(a.id);
    const trash = (await call('editor', 'get', '?status=trashed&limit=500')).body.data as { id: string; trashedFrom: string }[];
    expect(trash.find((x) => x.id === a.id)).toMatchObject({ trashedFrom: 'published' });
    expect((await call('author', 'get', '?status=trashed')).body.data).toEqual([]);
    // Nothing changes it while it is there.
    const version = (await db.article.findUniqueOrThrow({ where: { id: a.id } })).version;
    for (const [method, url, body] of [
      ['put', `/${a.id}`, { title: 'Edited in the trash', version }],
      ['post', `/${a.id}/publish`, {}],
      ['post', `/${a.id}/unpublish`, {}],
      ['post', `/${a.id}/schedule`, { publishAt: new Date(Date.now() + 3_600_000).toISOString(), version }],
    ] as const) {
      const refused = await call('editor', method, url, body);
      expect([url, refused.status, refused.body.message]).toEqual([url, 409, 'This article is in the trash: restore it first.']);
    }
    expect((await call('admin', 'delete', `/${a.id}`)).status).toBe(409);

    const restored = await call('editor', 'post', `/${a.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ status: 'published', isStory: true, storyPriority: 7, trashedAt: null, trashedFrom: null });
    expect(await db.comment.count({ where: { id: comment.id } })).toBe(1);
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(200);
    // Its history says so.
    const history = (await call('editor', 'get', `/${a.id}/revisions`)).body.data as { status: string }[];
    expect(history.slice(0, 2).map((r) => r.status)).toEqual(['published', 'trashed']);
    expect((await call('editor', 'post', `/${a.id}/restore`)).status).toBe(409);
  });

  it('a scheduled article comes back unscheduled, as a draft', async () => {
    const a = await article({ status: 'scheduled', scheduledAt: new Date(Date.now() + 3_600_000) });
    await call('admin', 'delete', `/${a.id}`);
    expect((await call('editor', 'post', `/${a.id}/restore`)).body).toMatchObject({ status: 'draft', scheduledAt: null });
  });

  it.each(ACTORS)('who may restore, as %s: editors and admins', async (actor) => {
    const a = await article({ status: 'trashed', trashedAt: new Date(), trashedFrom: 'draft', authorId: byRole.author.user.id });
    const res = await call(actor, 'post', `/${a.id}/restore`);
    const allowed = actor === 'editor' || actor === 'admin' || actor === 'super-admin';
    expect(res.status).toBe(allowed ? 200 : deniedStatus(actor));
    expect(await statusOf(a.id)).toBe(allowed ? 'draft' : 'trashed');
    // Not even its author reads it while it is in the trash.
    if (actor === 'author') expect((await call('author', 'get', `/${a.id}`)).status).toBe(404);
  });
});

describe('deleted for good', () => {
  const png = () =>
    sharp({ create: { width: 6, height: 6, channels: 3, background: '#00a' } })
      .png()
      .toBuffer();

  it('by an admin from the trash (only from there), with its media files', async () => {
    const a = await article({ status: 'draft' });
    const upload = await request(app)
      .post(`/api/articles/${a.id}/media`)
      .set(headers('admin'))
      .attach('media', await png(), 'a.png');
    expect(upload.status).toBe(201);
    const file = path.join(ctx.config.uploadDir, (upload.body as { fileUrl: string }).fileUrl.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    const early = await call('admin', 'delete', `/${a.id}/trash`);
    expect([early.status, early.body.message]).toEqual([409, 'Only an article in the trash can be deleted for good: this one is a draft.']);
    await call('admin', 'delete', `/${a.id}`);
    expect((await call('editor', 'delete', `/${a.id}/trash`)).status).toBe(403);
    expect((await call('admin', 'delete', `/${a.id}/trash`)).body).toEqual({ success: true, message: 'Article deleted for good' });
    expect(await db.article.count({ where: { id: a.id } })).toBe(0);
    expect(await db.articleRevision.count({ where: { articleId: a.id } })).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it(`by the job, ${TRASH_DAYS} days after it went there, and not before`, async () => {
    const day = 86_400_000;
    const old = await article({ status: 'trashed', trashedFrom: 'published', trashedAt: new Date(Date.now() - TRASH_DAYS * day - 60_000) });
    const recent = await article({ status: 'trashed', trashedFrom: 'draft', trashedAt: new Date(Date.now() - (TRASH_DAYS - 1) * day) });
    await createComment(db, { articleId: old.id, authorId: byRole.user.user.id });
    expect(await emptyTrash(ctx)).toBeGreaterThanOrEqual(1);
    expect(await db.article.count({ where: { id: old.id } })).toBe(0);
    expect(await db.comment.count({ where: { articleId: old.id } })).toBe(0);
    expect(await statusOf(recent.id)).toBe('trashed');
  });
});

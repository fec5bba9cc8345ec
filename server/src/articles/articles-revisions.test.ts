import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, createCategory, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';
import { publishDue } from '../scheduling/scheduling.service';
import { KEEP, RUN_MS } from './revisions.service';

/**
 * Revisions (docs/decisions/060-revisions.md): every save keeps one, by whom; a run of one person's edits is one; the
 * history is its author's and the editors'; a restore is a new revision; an article keeps a bounded number.
 */
const { app, ctx, db, headers, byRole, category } = await articlesTestbed();

const as = (actor: Actor) => ({
  get: (path: string) => request(app).get(`/api/articles${path}`).set(headers(actor)),
  post: (path: string, body: object = {}) => request(app).post(`/api/articles${path}`).set(headers(actor)).send(body),
  put: (path: string, body: object) => request(app).put(`/api/articles${path}`).set(headers(actor)).send(body),
});

interface Summary {
  id: string;
  version: number;
  status: string;
  title: string;
  editor: { id: string; name: string } | null;
}

/** An article written by the signed-in author through the API: its history starts with it. */
async function authorsArticle(title = 'Tram line extension') {
  const res = await as('author').post('', {
    title,
    summary: 'The council votes on Tuesday.',
    content: '<p>The line would reach the hospital by 2029.</p>',
    categoryId: category.id,
    section: 'General',
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
}

const historyOf = async (id: string, actor: Actor = 'editor') => {
  const res = await as(actor).get(`/${id}/revisions`);
  expect(res.status).toBe(200);
  return res.body.data as Summary[];
};

describe('every save keeps a revision, by whom', () => {
  it('create, edits, the review, publishing, media and the scheduler; one person’s run of edits is one revision', async () => {
    const a = await authorsArticle();
    const author = byRole.author.user;
    const editor = byRole.editor.user;
    const edit = async (actor: Actor, fields: object) => {
      const { version } = await db.article.findUniqueOrThrow({ where: { id: a.id } });
      const res = await as(actor).put(`/${a.id}`, { ...fields, version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await edit('author', { title: 'Tram line extension: the vote' });
    await edit('author', { content: '<p>The line would reach the hospital by 2030.</p>' });
    expect((await as('author').post(`/${a.id}/submit`)).status).toBe(200);
    await edit('editor', { summary: 'The council votes on Tuesday evening.' });
    expect((await as('editor').post(`/${a.id}/publish`)).status).toBe(200);
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const media = await request(app).post(`/api/articles/${a.id}/media`).set(headers('editor')).attach('media', png, 'pixel.png');
    expect(media.status, JSON.stringify(media.body)).toBe(201);
    expect((await as('editor').post(`/${a.id}/unpublish`)).status).toBe(200);
    await db.article.update({ where: { id: a.id }, data: { status: 'scheduled', scheduledAt: new Date(Date.now() - 1000) } });
    await publishDue(ctx.db);

    const history = await historyOf(a.id);
    const current = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    expect(history.map((r) => [r.status, r.editor?.id ?? null])).toEqual([
      ['published', null],
      ['unpublished', editor.id],
      ['published', editor.id],
      ['published', editor.id],
      ['review', editor.id],
      ['review', author.id],
      ['draft', author.id],
    ]);
    // The newest is the article as it is; the author's two edits and the creation are one revision, the last edit's.
    expect(history[0]!.version).toBe(current.version);
    expect(history.at(-1)!.title).toBe('Tram line extension: the vote');
    const first = await as('author').get(`/${a.id}/revisions/${history.at(-1)!.id}`);
    expect(first.body).toMatchObject({ content: '<p>The line would reach the hospital by 2030.</p>', categoryName: category.name });
    // The media added after publishing are in that save's revision, not in the one before.
    const mediaOf = async (i: number) => (await as('editor').get(`/${a.id}/revisions/${history[i]!.id}`)).body.media as unknown[];
    expect(await mediaOf(2)).toEqual([{ type: 'image', fileUrl: expect.stringMatching(/^\/uploads\//) }]);
    expect(await mediaOf(3)).toEqual([]);
  });

  it('an edit after the run’s ten minutes, or by someone else, starts a new revision', async () => {
    const a = await authorsArticle();
    const put = (actor: Actor, version: number, title: string) => as(actor).put(`/${a.id}`, { title, version });
    const first = await put('author', a.version, 'One');
    await db.articleRevision.updateMany({ where: { articleId: a.id }, data: { editRunAt: new Date(Date.now() - RUN_MS - 1000) } });
    const second = await put('author', first.body.version, 'Two');
    await put('editor', second.body.version, 'Three');
    expect((await historyOf(a.id)).map((r) => r.title)).toEqual(['Three', 'Two', 'One']);
  });
});

describe('what a run of edits never joins', () => {
  it('a published state readers saw, and a restore', async () => {
    const a = await authorsArticle();
    expect((await as('editor').post(`/${a.id}/publish`)).status).toBe(200);
    const put = async (title: string) => {
      const { version } = await db.article.findUniqueOrThrow({ where: { id: a.id } });
      expect((await as('editor').put(`/${a.id}`, { title, version })).status).toBe(200);
    };
    await put('Live one');
    await put('Live two');
    const history = await historyOf(a.id);
    expect(history.slice(0, 3).map((r) => r.title)).toEqual(['Live two', 'Live one', 'Tram line extension']);
    const { version } = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    await as('editor').post(`/${a.id}/unpublish`);
    const restored = await as('editor').post(`/${a.id}/revisions/${history[1]!.id}/restore`, { version: version + 1 });
    expect(restored.status).toBe(200);
    await put('After the restore');
    expect((await historyOf(a.id)).slice(0, 3).map((r) => r.title)).toEqual(['After the restore', 'Live one', 'Live two']);
  });
});

describe('who may read a history', () => {
  it.each(ACTORS)('as %s: the author their own, editors and admins any', async (actor) => {
    const a = await authorsArticle();
    const theirs = await db.article.create({
      data: {
        title: 'Other',
        summary: 's',
        content: '<p>x</p>',
        authorId: byRole.admin.user.id,
        categoryId: category.id,
        status: 'published',
      },
    });
    const [own, other] = await Promise.all([as(actor).get(`/${a.id}/revisions`), as(actor).get(`/${theirs.id}/revisions`)]);
    const staff = actor === 'editor' || actor === 'admin' || actor === 'super-admin';
    expect(own.status).toBe(staff || actor === 'author' ? 200 : deniedStatus(actor));
    // Someone else's article, even a published one: its history is not the author's to read.
    expect(other.status).toBe(staff ? 200 : actor === 'author' ? 404 : deniedStatus(actor));
  });

  it('a revision of another article, or not an id, is 404', async () => {
    const [a, b] = [await authorsArticle(), await authorsArticle()];
    const [revision] = await historyOf(b.id);
    expect((await as('editor').get(`/${a.id}/revisions/${revision!.id}`)).status).toBe(404);
    expect((await as('editor').get(`/${a.id}/revisions/not-an-id`)).body.message).toBe('Revision not found');
  });
});

describe('restoring a revision', () => {
  it('as a new revision, with the edit’s rules: a version, the author’s own, not in review; public at once if published', async () => {
    const a = await authorsArticle('The original title');
    // Each edit after the run's ten minutes, so each is a revision of its own.
    const later = () =>
      db.articleRevision.updateMany({ where: { articleId: a.id }, data: { editRunAt: new Date(Date.now() - RUN_MS - 1000) } });
    await later();
    const edited = await as('author').put(`/${a.id}`, { title: 'A worse title', version: a.version });
    await later();
    const again = await as('author').put(`/${a.id}`, { title: 'The worst title', version: edited.body.version });
    const history = await historyOf(a.id, 'author');
    const target = history.find((r) => r.title === 'A worse title')!;

    const path = `/${a.id}/revisions/${target.id}/restore`;
    expect((await as('author').post(path)).status).toBe(428);
    expect((await as('author').post(path, { version: a.version })).status).toBe(409);
    expect((await as('editor').post(path, { version: again.body.version })).status).toBe(200);
    const restored = await as('author').post(path, { version: again.body.version + 1 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: 'A worse title', version: again.body.version + 2 });
    // Two restores, two revisions: a restore never joins the run of edits.
    const after = await historyOf(a.id, 'author');
    expect(after.slice(0, 3).map((r) => r.title)).toEqual(['A worse title', 'A worse title', 'The worst title']);

    // In review, the author cannot (409); an editor publishes it and a restore shows readers at once (through the cache).
    await as('author').post(`/${a.id}/submit`);
    const version = (await db.article.findUniqueOrThrow({ where: { id: a.id } })).version;
    expect((await as('author').post(path, { version })).status).toBe(409);
    await as('editor').post(`/${a.id}/publish`);
    expect((await request(app).get(`/api/articles/${a.id}`)).body.title).toBe('A worse title');
    const worst = after.find((r) => r.title === 'The worst title')!;
    const live = await as('editor').post(`/${a.id}/revisions/${worst.id}/restore`, { version: version + 1 });
    expect(live.status).toBe(200);
    expect((await request(app).get(`/api/articles/${a.id}`)).body.title).toBe('The worst title');
  });

  it('a revision whose category was deleted since is 409, named, and changes nothing', async () => {
    const gone = await createCategory(db, 'Tramways');
    const a = await authorsArticle();
    const moved = await as('author').put(`/${a.id}`, { categoryId: gone.id, version: a.version });
    await db.articleRevision.updateMany({ where: { articleId: a.id }, data: { editRunAt: new Date(Date.now() - RUN_MS - 1000) } });
    const back = await as('author').put(`/${a.id}`, { categoryId: category.id, version: moved.body.version });
    await db.category.delete({ where: { id: gone.id } });
    const target = (await historyOf(a.id)).find((r) => r.version === moved.body.version)!;
    const res = await as('author').post(`/${a.id}/revisions/${target.id}/restore`, { version: back.body.version });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The category of this revision, Tramways, no longer exists: move the article to another category first.');
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).version).toBe(back.body.version);
  });
});

describe('storage stays bounded', () => {
  it(`keeps the ${KEEP} newest revisions and the last published one`, async () => {
    const a = await authorsArticle();
    expect((await as('editor').post(`/${a.id}/publish`)).status).toBe(200);
    expect((await as('editor').post(`/${a.id}/unpublish`)).status).toBe(200);
    for (let i = 0; i < KEEP; i++) expect((await as('author').post(`/${a.id}/${i % 2 ? 'withdraw' : 'submit'}`)).status).toBe(200);
    const history = await historyOf(a.id);
    expect(history).toHaveLength(KEEP + 1);
    expect(history.filter((r) => r.status === 'published')).toHaveLength(1);
    expect(history.at(-1)!.status).toBe('published');
    expect(await db.articleRevision.count({ where: { articleId: a.id } })).toBe(KEEP + 1);
  });
});

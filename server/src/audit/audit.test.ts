import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_KEYS, type AuditAction } from '#shared/audit';
import type { AuditEntry } from '#shared/types';
import { ACTORS, createBreakingNews, createComment, createUser, login, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';
import { publishDue } from '../scheduling/scheduling.service';

/**
 * The audit log (docs/decisions/067-audit-log.md): every staff action on content, people or settings leaves one entry —
 * who, when, from where, what changed — written with the change, and a refused or failed action leaves none. Admins read
 * it, filter it and export it; nothing changes or removes an entry.
 */
const { app, ctx, db, byRole, headers, otherAuthor, category, article } = await articlesTestbed();

const editor = byRole.editor;
const admin = byRole.admin;
const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The entries about one record, newest first, as an admin reads them. */
async function entriesFor(targetId: string): Promise<AuditEntry[]> {
  const res = await request(app).get('/api/audit').query({ targetId, limit: 100 }).set(headers('admin'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AuditEntry[];
}

const total = async () => db.auditEntry.count();

const versionOf = async (id: string) => (await db.article.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;

/** The one entry of `action` about `targetId`, by `who`. */
async function entryOf(targetId: string, action: AuditAction, who = editor.user) {
  const entries = (await entriesFor(targetId)).filter((e) => e.action === action);
  expect(entries, `${action} of ${targetId}`).toHaveLength(1);
  const [entry] = entries;
  expect(entry!.actor).toEqual({ id: who.id, name: who.name, role: who.role === 'super_admin' ? 'super-admin' : who.role });
  expect(entry!.ip).toMatch(/127\.0\.0\.1|::1/);
  expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  return entry!;
}

const changesOf = (entry: AuditEntry) => Object.fromEntries(entry.changes.map((c) => [c.field, [c.before, c.after]]));

describe('what is recorded', () => {
  it('publish, unpublish, schedule, unschedule, trash, restore and delete for good, each with the workflow fields it changed', async () => {
    const a = await article({ status: 'draft', title: 'Budget vote moves to Tuesday' });
    const as = headers('editor');
    const post = (path: string, body: object = {}) => request(app).post(`/api/articles/${a.id}/${path}`).set(as).send(body);

    expect((await post('publish')).status).toBe(200);
    const published = await entryOf(a.id, 'article.publish');
    expect(published.target).toEqual({ type: 'article', id: a.id, label: 'Budget vote moves to Tuesday' });
    expect(changesOf(published).status).toEqual(['draft', 'published']);
    expect(changesOf(published).publishedAt?.[0]).toBeNull();

    expect((await post('unpublish')).status).toBe(200);
    expect(changesOf(await entryOf(a.id, 'article.unpublish')).status).toEqual(['published', 'unpublished']);

    const publishAt = future(60);
    expect((await post('schedule', { publishAt, version: await versionOf(a.id) })).status).toBe(200);
    const scheduled = changesOf(await entryOf(a.id, 'article.schedule'));
    expect(scheduled.status).toEqual(['unpublished', 'scheduled']);
    expect(scheduled.scheduledAt).toEqual([null, new Date(publishAt).toISOString()]);

    expect((await post('unschedule')).status).toBe(200);
    expect(changesOf(await entryOf(a.id, 'article.unschedule')).status).toEqual(['scheduled', 'unpublished']);

    expect((await request(app).delete(`/api/articles/${a.id}`).set(headers('admin'))).status).toBe(200);
    expect(changesOf(await entryOf(a.id, 'article.trash', admin.user)).status).toEqual(['unpublished', 'trashed']);

    expect((await post('restore')).status).toBe(200);
    expect(changesOf(await entryOf(a.id, 'article.restore')).status).toEqual(['trashed', 'unpublished']);

    await request(app).delete(`/api/articles/${a.id}`).set(headers('admin'));
    expect((await request(app).delete(`/api/articles/${a.id}/trash`).set(headers('admin'))).status).toBe(200);
    // The article is gone; its history stays.
    const deleted = await entryOf(a.id, 'article.delete', admin.user);
    expect(deleted.target.label).toBe('Budget vote moves to Tuesday');
    expect(changesOf(deleted)).toMatchObject({ title: ['Budget vote moves to Tuesday', null], status: ['trashed', null] });
    expect((await entriesFor(a.id)).map((e) => e.action)).toEqual([
      'article.delete',
      'article.trash',
      'article.restore',
      'article.trash',
      'article.unschedule',
      'article.schedule',
      'article.unpublish',
      'article.publish',
    ]);
  });

  it('the review, story placement, featuring and corrections; writing an article, not its every edit', async () => {
    const author = byRole.author;
    const created = await request(app).post('/api/articles').set(author.auth).send({
      title: 'Harbour wall repairs',
      summary: 'Work starts in spring.',
      content: '<p>Text</p>',
      categoryId: category.id,
      section: 'General',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(changesOf(await entryOf(id, 'article.create', author.user))).toMatchObject({
      title: [null, 'Harbour wall repairs'],
      status: [null, 'draft'],
    });
    const edited = await request(app)
      .put(`/api/articles/${id}`)
      .set(author.auth)
      .send({ summary: 'Work starts in March.', version: created.body.version });
    expect(edited.status).toBe(200);
    expect(await entriesFor(id)).toHaveLength(1);

    expect((await request(app).post(`/api/articles/${id}/submit`).set(author.auth)).status).toBe(200);
    expect(changesOf(await entryOf(id, 'article.submit', author.user)).status).toEqual(['draft', 'review']);
    const sendBack = await request(app).post(`/api/articles/${id}/send-back`).set(headers('editor')).send({ note: 'Needs a source.' });
    expect(sendBack.status).toBe(200);
    expect(changesOf(await entryOf(id, 'article.send-back'))).toMatchObject({
      status: ['review', 'draft'],
      reviewNote: [null, 'Needs a source.'],
    });
    await request(app).post(`/api/articles/${id}/submit`).set(author.auth);
    expect((await request(app).post(`/api/articles/${id}/withdraw`).set(author.auth)).status).toBe(200);
    expect((await entriesFor(id)).filter((e) => e.action === 'article.withdraw')).toHaveLength(1);

    await request(app).post(`/api/articles/${id}/publish`).set(headers('editor'));
    expect((await request(app).post(`/api/articles/${id}/status`).set(headers('editor')).send({ isStory: true })).status).toBe(200);
    expect(changesOf(await entryOf(id, 'article.story')).isStory).toEqual([false, true]);
    expect((await request(app).post(`/api/articles/${id}/featured`).set(headers('editor')).send({ isFeatured: true })).status).toBe(200);
    expect(changesOf(await entryOf(id, 'article.feature')).isFeatured).toEqual([false, true]);
    // Once published, an edit changes what readers see: it is recorded, the body only as changed.
    const live = await request(app)
      .put(`/api/articles/${id}`)
      .set(headers('editor'))
      .send({ title: 'Harbour wall repairs begin', content: '<p>New text</p>', version: await versionOf(id) });
    expect(live.status).toBe(200);
    expect(changesOf(await entryOf(id, 'article.edit'))).toEqual({
      title: ['Harbour wall repairs', 'Harbour wall repairs begin'],
      content: ['(earlier text)', '(new text)'],
    });
    const correction = await request(app)
      .post(`/api/articles/${id}/corrections`)
      .set(headers('editor'))
      .send({ text: 'The wall is 200 m long.' });
    expect(correction.status).toBe(201);
    expect(changesOf(await entryOf(id, 'article.correct')).correction).toEqual([null, 'The wall is 200 m long.']);
  });

  it('the schedule’s own moves, by nobody: filtered as `system`', async () => {
    const a = await article({ status: 'scheduled', scheduledAt: new Date(Date.now() - 1000), title: 'Ferry timetable changes' });
    const news = await createBreakingNews(db, { authorId: otherAuthor.id, headline: 'Storm warning for the coast' });
    await db.breakingNews.update({ where: { id: news.id }, data: { status: 'scheduled', scheduledAt: new Date(Date.now() - 1000) } });
    await publishDue(ctx.db);
    const [entry] = await entriesFor(a.id);
    expect(entry).toMatchObject({ actor: null, ip: null, action: 'article.publish', target: { label: 'Ferry timetable changes' } });
    expect(changesOf(entry!).status).toEqual(['scheduled', 'published']);
    const [headline] = await entriesFor(news.id);
    expect(headline).toMatchObject({ actor: null, action: 'breaking-news.publish', target: { label: 'Storm warning for the coast' } });
    const system = await request(app).get('/api/audit').query({ actor: 'system' }).set(headers('admin'));
    expect(system.body.data.every((e: AuditEntry) => e.actor === null)).toBe(true);
    expect(system.body.data.map((e: AuditEntry) => e.target.id)).toEqual(expect.arrayContaining([a.id, news.id]));
  });

  it('a story that loses its slot to another has its own entry', async () => {
    const [first, second] = [await article({ status: 'published', isStory: true }), await article({ status: 'published', isStory: true })];
    const as = headers('editor');
    expect((await request(app).post(`/api/articles/${first.id}/status`).set(as).send({ isMainStory: true })).status).toBe(200);
    expect((await request(app).post(`/api/articles/${second.id}/status`).set(as).send({ isMainStory: true })).status).toBe(200);
    const lost = (await entriesFor(first.id)).filter((e) => e.action === 'article.story');
    expect(lost.map(changesOf)).toEqual([{ isMainStory: [true, false] }, { isMainStory: [false, true] }]);
  });

  it('orders entries written together by their number, also across a power of ten (not as text)', async () => {
    await db.$executeRawUnsafe(`SELECT setval('"AuditEntry_id_seq"', 9997)`);
    const due = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await article({ status: 'scheduled', scheduledAt: due })).id);
    await publishDue(ctx.db);
    const page = await request(app).get('/api/audit').query({ actor: 'system', limit: 5 }).set(headers('admin'));
    expect(page.body.data.map((e: AuditEntry) => e.id)).toEqual(['10002', '10001', '10000', '9999', '9998']);
    const csv = await request(app).get('/api/audit/export').query({ actor: 'system' }).set(headers('admin'));
    const targets = csv.text
      .split('\n')
      .slice(1, 6)
      .map((line) => ids.find((id) => line.includes(id)));
    expect(new Set(targets).size).toBe(5);
  });

  it('accounts: creation, a role change, suspension and its end, deletion; a password only as changed', async () => {
    const as = headers('admin');
    const created = await request(app)
      .post('/api/users')
      .set(as)
      .send({ name: 'Nora Desk', email: `nora.${Date.now()}@example.com`, password: 'Str0ng#Password1', role: 'author' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(changesOf(await entryOf(id, 'user.create', admin.user))).toMatchObject({ name: [null, 'Nora Desk'], role: [null, 'author'] });

    const promoted = await request(app)
      .put(`/api/users/${id}`)
      .set(as)
      .send({ role: 'editor', password: 'An0ther#Password2', version: created.body.version });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const edit = await entryOf(id, 'user.edit', admin.user);
    expect(changesOf(edit)).toEqual({ role: ['author', 'editor'], password: ['(set)', '(changed)'] });
    expect(JSON.stringify(edit)).not.toContain('An0ther#Password2');

    expect((await request(app).post(`/api/users/${id}/suspend`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(id, 'user.suspend', admin.user))).toEqual({ suspended: [false, true] });
    expect((await request(app).post(`/api/users/${id}/unsuspend`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(id, 'user.unsuspend', admin.user))).toEqual({ suspended: [true, false] });
    expect((await request(app).delete(`/api/users/${id}`).set(as)).status).toBe(200);
    const deleted = await entryOf(id, 'user.delete', admin.user);
    expect(deleted.target.label).toBe('Nora Desk');
    expect(changesOf(deleted).role).toEqual(['editor', null]);
  });

  it('moderation: approve, remove, delete a comment, ban and lift a ban; a reader deleting their own comment is not staff work', async () => {
    const a = await article({ status: 'published' });
    const writer = await login(ctx, 'user', { name: 'Rita Reader' });
    const comment = await createComment(db, {
      articleId: a.id,
      authorId: writer.user.id,
      content: 'The council should publish the minutes.',
    });
    const as = headers('editor');

    expect((await request(app).post(`/api/moderation/comments/${comment.id}/hide`).set(as).send({ reason: 'Off topic' })).status).toBe(200);
    const hidden = await entryOf(comment.id, 'comment.hide');
    expect(hidden.target.label).toBe('The council should publish the minutes.');
    expect(changesOf(hidden)).toEqual({ status: ['visible', 'hidden'], moderationNote: [null, 'Off topic'] });
    expect((await request(app).post(`/api/moderation/comments/${comment.id}/approve`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(comment.id, 'comment.approve'))).toEqual({
      status: ['hidden', 'visible'],
      moderationNote: ['Off topic', null],
    });
    expect((await request(app).delete(`/api/comments/${comment.id}`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(comment.id, 'comment.delete')).author).toEqual(['Rita Reader', null]);

    const own = await createComment(db, { articleId: a.id, authorId: writer.user.id });
    expect((await request(app).delete(`/api/comments/${own.id}`).set(writer.auth)).status).toBe(200);
    expect(await entriesFor(own.id)).toEqual([]);

    const until = future(60 * 24);
    expect((await request(app).put(`/api/moderation/bans/${writer.user.id}`).set(as).send({ until, reason: 'Spam' })).status).toBe(200);
    const ban = await entryOf(writer.user.id, 'commenter.ban');
    expect(ban.target).toEqual({ type: 'commenter', id: writer.user.id, label: 'Rita Reader' });
    expect(changesOf(ban)).toEqual({ banned: [false, true], until: [null, new Date(until).toISOString()], reason: [null, 'Spam'] });
    expect((await request(app).delete(`/api/moderation/bans/${writer.user.id}`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(writer.user.id, 'commenter.unban')).banned).toEqual([true, false]);
  });

  it('the site settings: the values a save changed, and nothing for a field sent unchanged', async () => {
    const as = headers('admin');
    const current = (await request(app).get('/api/settings').set(as)).body as { version: number; name: string; tagline: string };
    const saved = await request(app)
      .put('/api/settings')
      .set(as)
      .send({ name: 'The Harbour Post', tagline: current.tagline, version: current.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [entry] = (await request(app).get('/api/audit').query({ action: 'settings.edit' }).set(as)).body.data as AuditEntry[];
    expect(entry).toMatchObject({ actor: { id: admin.user.id }, target: { type: 'settings', label: 'The Harbour Post' } });
    expect(changesOf(entry!)).toEqual({ name: [current.name, 'The Harbour Post'] });
  });

  it('categories, headlines and pages', async () => {
    const as = headers('editor');
    const made = await request(app)
      .post('/api/categories')
      .set(as)
      .send({ name: `Harbour ${Date.now()}` });
    expect(made.status).toBe(201);
    const renamed = await request(app)
      .put(`/api/categories/${made.body.id}`)
      .set(as)
      .send({ name: `Port ${Date.now()}`, version: made.body.version });
    expect(renamed.status).toBe(200);
    expect(changesOf(await entryOf(made.body.id, 'category.rename')).name).toEqual([made.body.name, renamed.body.name]);
    expect((await request(app).delete(`/api/categories/${made.body.id}`).set(as)).status).toBe(200);
    expect((await entriesFor(made.body.id)).map((e) => e.action)).toEqual(['category.delete', 'category.rename', 'category.create']);

    const news = await request(app).post('/api/breaking-news').set(as).send({ headline: 'Bridge closed' });
    expect(news.status).toBe(201);
    expect((await request(app).post(`/api/breaking-news/${news.body.id}/publish`).set(as)).status).toBe(200);
    expect(changesOf(await entryOf(news.body.id, 'breaking-news.publish')).status).toEqual(['draft', 'published']);
    expect((await request(app).delete(`/api/breaking-news/${news.body.id}`).set(as)).status).toBe(200);
    expect((await entriesFor(news.body.id)).map((e) => e.action)).toEqual([
      'breaking-news.delete',
      'breaking-news.publish',
      'breaking-news.create',
    ]);

    const page = await request(app)
      .post('/api/pages')
      .set(as)
      .send({ title: 'Corrections policy', summary: '', content: '<p>We correct.</p>', status: 'draft' });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    const edited = await request(app)
      .put(`/api/pages/${page.body.id}`)
      .set(as)
      .send({ status: 'published', content: '<p>We correct quickly.</p>', version: page.body.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(changesOf(await entryOf(page.body.id, 'page.edit'))).toEqual({
      status: ['draft', 'published'],
      content: ['(earlier text)', '(new text)'],
    });
  });
});

describe('what is not recorded: a refused or failed action leaves no entry', () => {
  it.each([
    [
      'an author publishing',
      async () =>
        request(app)
          .post(`/api/articles/${(await article()).id}/publish`)
          .set(headers('author')),
    ],
    [
      'publishing an article in the trash',
      async () =>
        request(app)
          .post(`/api/articles/${(await article({ status: 'trashed', trashedFrom: 'draft' })).id}/publish`)
          .set(headers('editor')),
    ],
    [
      'a schedule in the past',
      async () => {
        const a = await article();
        return request(app)
          .post(`/api/articles/${a.id}/schedule`)
          .set(headers('editor'))
          .send({ publishAt: future(-5), version: a.version });
      },
    ],
    [
      'restoring what is not in the trash',
      async () =>
        request(app)
          .post(`/api/articles/${(await article()).id}/restore`)
          .set(headers('editor')),
    ],
    [
      'a role change on a stale version',
      async () => {
        const target = await createUser(db, { role: 'author' });
        return request(app).put(`/api/users/${target.id}`).set(headers('admin')).send({ role: 'editor', version: 99 });
      },
    ],
    ['suspending oneself', async () => request(app).post(`/api/users/${admin.user.id}/suspend`).set(headers('admin'))],
    ['deleting a category that has articles', async () => request(app).delete(`/api/categories/${category.id}`).set(headers('editor'))],
    [
      'an editor changing the settings',
      async () => request(app).put('/api/settings').set(headers('editor')).send({ name: 'Nope', version: 1 }),
    ],
    [
      'settings on a stale version',
      async () => request(app).put('/api/settings').set(headers('admin')).send({ name: 'Nope', version: 9999 }),
    ],
    [
      'hiding a comment that does not exist',
      async () =>
        request(app)
          .post('/api/moderation/comments/0192d6a1-0000-7000-8000-000000000000/hide')
          .set(headers('editor'))
          .send({ reason: 'x' }),
    ],
    [
      'banning a member of staff',
      async () => request(app).put(`/api/moderation/bans/${otherAuthor.id}`).set(headers('editor')).send({ until: null, reason: 'x' }),
    ],
  ])('%s', async (_name, run) => {
    const before = await total();
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(await total()).toBe(before);
  });

  it('the entry and its change commit together: an entry the database refuses takes the change back with it', async () => {
    const a = await article({ title: 'Refused by the log' });
    await db.$executeRawUnsafe(`ALTER TABLE "AuditEntry" ADD CONSTRAINT refuse_one CHECK ("targetLabel" <> 'Refused by the log')`);
    try {
      const res = await request(app).post(`/api/articles/${a.id}/publish`).set(headers('editor'));
      expect(res.status).toBe(500);
    } finally {
      await db.$executeRawUnsafe(`ALTER TABLE "AuditEntry" DROP CONSTRAINT refuse_one`);
    }
    const row = await db.article.findUniqueOrThrow({ where: { id: a.id }, select: { status: true, publishedAt: true, version: true } });
    expect(row).toEqual({ status: 'draft', publishedAt: null, version: a.version });
    expect(await entriesFor(a.id)).toEqual([]);
  });
});

describe('reading the log', () => {
  it('only admins and super-admins read it, list its people and export it', async () => {
    for (const actor of ACTORS) {
      const expected = actor === 'admin' || actor === 'super-admin' ? 200 : deniedStatus(actor);
      for (const path of ['/api/audit', '/api/audit/actors', '/api/audit/export'])
        expect((await request(app).get(path).set(headers(actor))).status, `${actor} ${path}`).toBe(expected);
    }
  });

  it('nothing in the API changes or removes an entry, and the database refuses it from anywhere', async () => {
    const a = await article();
    await request(app).post(`/api/articles/${a.id}/publish`).set(headers('editor'));
    const [entry] = await entriesFor(a.id);
    for (const method of ['put', 'post', 'delete', 'patch'] as const)
      for (const actor of ['admin', 'super-admin'] as Actor[]) {
        const res = await request(app)[method](`/api/audit/${entry!.id}`).set(headers(actor)).send({ action: 'article.create' });
        expect(res.status, `${method} as ${actor}`).toBe(404);
      }
    await expect(db.$executeRaw`UPDATE "AuditEntry" SET "actorName" = 'Someone else' WHERE id = ${BigInt(entry!.id)}`).rejects.toThrow(
      /append-only/,
    );
    await expect(db.$executeRaw`DELETE FROM "AuditEntry" WHERE id = ${BigInt(entry!.id)}`).rejects.toThrow(/append-only/);
    expect(await entriesFor(a.id)).toEqual([entry]);
  });

  it('filters by person, action and days, and pages newest first', async () => {
    const someone = await login(ctx, 'editor', { name: 'Filter Editor' });
    const a = await article();
    const b = await article();
    await request(app).post(`/api/articles/${a.id}/publish`).set(someone.auth);
    await request(app).post(`/api/articles/${b.id}/publish`).set(someone.auth);
    await request(app).post(`/api/articles/${a.id}/unpublish`).set(someone.auth);
    const as = headers('admin');
    const theirs = await request(app).get('/api/audit').query({ actor: someone.user.id }).set(as);
    expect(theirs.body.data.map((e: AuditEntry) => `${e.action} ${e.target.id}`)).toEqual([
      `article.unpublish ${a.id}`,
      `article.publish ${b.id}`,
      `article.publish ${a.id}`,
    ]);
    expect(theirs.body.pagination).toEqual({ total: 3, limit: 50, offset: 0 });
    const second = await request(app).get('/api/audit').query({ actor: someone.user.id, limit: 1, offset: 1 }).set(as);
    expect(second.body.data.map((e: AuditEntry) => e.target.id)).toEqual([b.id]);
    const published = await request(app).get('/api/audit').query({ actor: someone.user.id, action: 'article.publish' }).set(as);
    expect(published.body.data).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // The newsroom's time zone (UTC here) draws the days.
    expect((await request(app).get('/api/audit').query({ actor: someone.user.id, from: today, to: today }).set(as)).body.data).toHaveLength(
      3,
    );
    expect((await request(app).get('/api/audit').query({ actor: someone.user.id, from: tomorrow }).set(as)).body.data).toHaveLength(0);
    const people = (await request(app).get('/api/audit/actors').set(as)).body.data as { id: string; name: string }[];
    expect(people).toContainEqual({ id: someone.user.id, name: 'Filter Editor' });
  });

  it('answers bad filters with 400 that says why', async () => {
    const as = headers('admin');
    const cases: [Record<string, string>, string][] = [
      [{ actor: 'bob' }, 'actor must be'],
      [{ action: 'article.explode' }, 'action must be one of'],
      [{ from: '2026-02-30' }, 'from must be a real date'],
      [{ from: '2026-11-27', to: '2026-11-01' }, 'from must be on or before to'],
      [{ targetId: 'x' }, 'targetId must be a valid id'],
      [{ limit: '101' }, 'limit must be at most 100'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/audit', '/api/audit/export']) {
        if (path.endsWith('export') && 'limit' in query) continue;
        const res = await request(app).get(path).query(query).set(as);
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
    }
    expect(AUDIT_ACTION_KEYS.every((action) => action.includes('.'))).toBe(true);
  });

  it('exports CSV with the filters, a header row, changes as lines, and formulas written as text', async () => {
    const a = await article({ title: '=HYPERLINK("http://evil.example","click")' });
    const as = headers('editor');
    await request(app).post(`/api/articles/${a.id}/publish`).set(as);
    await request(app).post(`/api/articles/${a.id}/unpublish`).set(as);
    const res = await request(app).get('/api/audit/export').query({ targetId: a.id }).set(headers('super-admin'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?audit-log-\d{4}-\d{2}-\d{2}\.csv"?$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('When (UTC),Who,Role,From,Action,Action key,Target type,Target,Target id,Changes');
    expect(res.text).toContain(`Unpublished,article.unpublish,article,"'=HYPERLINK(""http://evil.example"",""click"")",${a.id}`);
    expect(res.text).toContain('status: published → unpublished');
    expect(res.text.indexOf('article.unpublish')).toBeLessThan(res.text.indexOf('article.publish'));
    expect(res.text).toContain(editor.user.name);
  });
});

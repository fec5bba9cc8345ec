import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { ACTORS, createUser, login, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { anchors, jsonLd, renderedPage } from '#tests/helpers/rendered-html';
import { articlesTestbed } from '#tests/helpers/testbed';

/**
 * Co-authors (docs/decisions/064-co-authors.md): named in the byline after the author, on cards, the page, the feed and
 * the JSON-LD; holding the author's rights on the article ("their own"); listed on their author pages and feeds.
 */
const { app, ctx, db, databaseUrl, byRole, headers, category, otherAuthor, article } = await articlesTestbed();
const me = () => byRole.author.user;

const body = (over: object = {}) => ({
  title: 'Flood defences',
  summary: 'Two reporters on the river.',
  content: '<p>The river rose.</p>',
  categoryId: category.id,
  section: 'General',
  ...over,
});
const create = (actor: Actor, over: object = {}) => request(app).post('/api/articles').set(headers(actor)).send(body(over));
const edit = (actor: Actor, id: string, version: number, change: object) =>
  request(app)
    .put(`/api/articles/${id}`)
    .set(headers(actor))
    .send({ ...change, version });
const coAuthorsOf = async (id: string) =>
  (await db.articleAuthor.findMany({ where: { articleId: id }, orderBy: { position: 'asc' }, select: { userId: true } })).map(
    (c) => c.userId,
  );
/** A draft of the other author's with the signed-in author (and any others) as co-authors. */
async function coWritten(status: 'draft' | 'published' = 'draft', others: string[] = []) {
  const a = await article({ status, publishedAt: status === 'published' ? new Date(Date.now() - 60_000) : null });
  await db.articleAuthor.createMany({ data: [me().id, ...others].map((userId, position) => ({ articleId: a.id, userId, position })) });
  return a;
}

describe('naming co-authors', () => {
  it('on a new article and in an edit: in the byline order, with names and author-page slugs; an edit reorders or clears them', async () => {
    const editor = byRole.editor.user;
    const made = await create('author', { coAuthorIds: [otherAuthor.id, editor.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.author.id).toBe(me().id);
    expect(made.body.coAuthors).toEqual([
      { id: otherAuthor.id, name: otherAuthor.name, slug: otherAuthor.slug },
      { id: editor.id, name: editor.name, slug: editor.slug },
    ]);
    expect((await request(app).get(`/api/articles/${made.body.id}`).set(headers('author'))).body.coAuthors).toEqual(made.body.coAuthors);

    const reordered = await edit('author', made.body.id, made.body.version, { coAuthorIds: [editor.id, otherAuthor.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.version).toBe(made.body.version + 1);
    expect(reordered.body.coAuthors.map((c: { id: string }) => c.id)).toEqual([editor.id, otherAuthor.id]);

    const cleared = await edit('author', made.body.id, reordered.body.version, { coAuthorIds: [] });
    expect(cleared.body.coAuthors).toEqual([]);
    expect(await coAuthorsOf(made.body.id)).toEqual([]);
    // An edit that does not name them leaves them as they are.
    await db.articleAuthor.create({ data: { articleId: made.body.id, userId: editor.id, position: 0 } });
    const titled = await edit('author', made.body.id, cleared.body.version, { title: 'Flood defences, day two' });
    expect(titled.body.coAuthors.map((c: { id: string }) => c.id)).toEqual([editor.id]);
  });

  it.each([
    ['not a list', () => 'nobody', 'Co-authors must be a list of user ids'],
    ['an id that is not one', () => ['x'], 'Co-author must be a valid id'],
    ['someone twice', () => [otherAuthor.id, otherAuthor.id], 'A co-author is named twice'],
    [
      'too many',
      () => Array.from({ length: LIMITS.coAuthorsMax + 1 }, () => crypto.randomUUID()),
      `at most ${LIMITS.coAuthorsMax} co-authors`,
    ],
    ['the author', () => [otherAuthor.id], 'coAuthorIds: the author is in the byline already'],
    ['nobody', () => ['0190a8e2-7c3b-7def-8abc-123456789abc'], 'is not a member of staff who writes articles'],
    ['a reader', () => [byRole.user.user.id], 'is not a member of staff who writes articles'],
  ])('refuses %s with a 400 naming it, and changes nothing', async (_name, ids, message) => {
    const a = await article();
    await db.articleAuthor.create({ data: { articleId: a.id, userId: byRole.editor.user.id, position: 0 } });
    const res = await edit('editor', a.id, a.version, { coAuthorIds: ids() });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).version).toBe(a.version);
    expect(await coAuthorsOf(a.id)).toEqual([byRole.editor.user.id]);
  });

  it('refuses a suspended member of staff by name, yet keeps one named before they were suspended', async () => {
    const suspended = await createUser(db, { role: 'author', suspended: true, name: 'Sam Suspended' });
    const a = await article();
    const refused = await edit('editor', a.id, a.version, { coAuthorIds: [suspended.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual(['coAuthorIds: Sam Suspended is suspended']);
    // Named while active: the byline is history, and other co-authors can still be added beside them.
    await db.articleAuthor.create({ data: { articleId: a.id, userId: suspended.id, position: 0 } });
    const kept = await edit('editor', a.id, a.version, { coAuthorIds: [suspended.id, byRole.editor.user.id] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await coAuthorsOf(a.id)).toEqual([suspended.id, byRole.editor.user.id]);
  });
});

describe('the byline in the database', () => {
  it('never names the author as their own co-author, and an article handed to a co-author makes them its author only', async () => {
    const a = await article();
    await expect(db.articleAuthor.create({ data: { articleId: a.id, userId: otherAuthor.id, position: 0 } })).rejects.toThrow();
    await db.articleAuthor.create({ data: { articleId: a.id, userId: me().id, position: 0 } });
    await db.article.update({ where: { id: a.id }, data: { authorId: me().id } });
    expect(await coAuthorsOf(a.id)).toEqual([]);
  });

  it('answers a change of byline that crosses another transaction (a deadlock) with a 503 to retry, and writes nothing', async () => {
    const a = await article();
    const colleague = await createUser(db, { role: 'author' });
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      // Another transaction holds the colleague's row (as a user's deletion does), then wants the article's.
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM "User" WHERE id = $1 FOR UPDATE', [colleague.id]);
      const answered = edit('editor', a.id, a.version, { coAuthorIds: [colleague.id] }).then((res) => res);
      // Waits until the edit waits for that row. In this file's database only: other files' tests run beside this one
      // on the same server, and a wait of theirs let the crossing start too early (the edit then only timed out).
      const waiting = () => db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database()`;
      await expect.poll(async () => (await waiting())[0]!.n).toBeGreaterThan(0);
      const crossing = other.query('SELECT 1 FROM "Article" WHERE id = $1 FOR UPDATE', [a.id]).catch((err: unknown) => err);
      const res = await answered;
      await crossing;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body.message).toMatch(/try again/);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
    expect(await coAuthorsOf(a.id)).toEqual([]);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).version).toBe(a.version);
  });
});

describe('a co-author holds the author’s rights on the article', () => {
  it('reads, lists, edits, submits, withdraws and reads the history of a co-written draft; another author sees none of it', async () => {
    const a = await coWritten();
    const get = await request(app).get(`/api/articles/${a.id}`).set(headers('author'));
    expect(get.status).toBe(200);
    expect(get.body.coAuthors.map((c: { id: string }) => c.id)).toEqual([me().id]);
    const list = await request(app).get('/api/articles?status=draft&limit=100').set(headers('author'));
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(a.id);

    const edited = await edit('author', a.id, a.version, { title: 'Edited by its co-author' });
    expect(edited.status).toBe(200);
    expect((await request(app).post(`/api/articles/${a.id}/submit`).set(headers('author'))).status).toBe(200);
    expect((await request(app).post(`/api/articles/${a.id}/withdraw`).set(headers('author'))).status).toBe(200);
    expect((await request(app).get(`/api/articles/${a.id}/revisions`).set(headers('author'))).status).toBe(200);
    expect((await request(app).get(`/api/articles/${a.id}/media`).set(headers('author'))).status).toBe(200);
    expect((await request(app).get(`/api/view/article/${a.id}`).set(headers('author'))).status).toBe(200);
    // Publishing stays an editor's.
    expect((await request(app).post(`/api/articles/${a.id}/publish`).set(headers('author'))).status).toBe(403);

    // Someone else, not named: as for any other author's draft, nothing.
    const stranger = await login(ctx, 'author');
    expect((await request(app).get(`/api/articles/${a.id}`).set(stranger.auth)).status).toBe(404);
    expect((await edit('author', a.id, edited.body.version, { title: 'x' }).set(stranger.auth)).status).toBe(404);
  });

  it('may change the other co-authors, never the author, and names only staff', async () => {
    const colleague = await createUser(db, { role: 'author' });
    const a = await coWritten('draft', [colleague.id]);
    const reordered = await edit('author', a.id, a.version, { coAuthorIds: [colleague.id, me().id] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(await coAuthorsOf(a.id)).toEqual([colleague.id, me().id]);
    for (const ids of [
      [otherAuthor.id, me().id],
      [byRole.user.user.id, me().id],
    ]) {
      const refused = await edit('author', a.id, reordered.body.version, { coAuthorIds: ids });
      expect(refused.status).toBe(400);
    }
    // A byline-only edit is an edit like any other: a stale version is refused, none is required.
    expect((await edit('author', a.id, a.version, { coAuthorIds: [me().id] })).status).toBe(409);
    const unversioned = await request(app)
      .put(`/api/articles/${a.id}`)
      .set(headers('author'))
      .send({ coAuthorIds: [me().id] });
    expect(unversioned.status).toBe(428);
    expect(await coAuthorsOf(a.id)).toEqual([colleague.id, me().id]);
    const restored = await request(app).get(`/api/articles/${a.id}/revisions`).set(headers('author'));
    const oldest = restored.body.data.at(-1).id as string;
    const restore = await request(app)
      .post(`/api/articles/${a.id}/revisions/${oldest}/restore`)
      .set(headers('author'))
      .send({ version: reordered.body.version });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
  });

  it('loses them once taken off the byline', async () => {
    const a = await coWritten();
    const removed = await edit('editor', a.id, a.version, { coAuthorIds: [] });
    expect(removed.status).toBe(200);
    expect((await request(app).get(`/api/articles/${a.id}`).set(headers('author'))).status).toBe(404);
    expect((await edit('author', a.id, removed.body.version, { title: 'Not theirs' })).status).toBe(404);
    const list = await request(app).get('/api/articles?status=draft&limit=100').set(headers('author'));
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(a.id);
  });

  it('counts it among their articles and its comments among theirs on the dashboard', async () => {
    const before = (await request(app).get('/api/stats').set(headers('author'))).body;
    const a = await coWritten('published');
    await db.comment.create({ data: { articleId: a.id, authorId: byRole.user.user.id, content: 'Good piece.' } });
    const after = (await request(app).get('/api/stats').set(headers('author'))).body;
    expect(after.myArticles).toBe(before.myArticles + 1);
    expect(after.myComments).toBe(before.myComments + 1);
    const comments = await request(app).get('/api/comments/admin/all?limit=100').set(headers('author'));
    expect(comments.status).toBe(200);
    expect(comments.body.data.comments.map((c: { article: { id: string } }) => c.article.id)).toContain(a.id);
  });
});

describe('readers see every writer', () => {
  it('on cards, the page (links to each author page), the JSON-LD, the meta tags and the feed', async () => {
    const second = await createUser(db, { role: 'editor', name: 'Bea Second' });
    const a = await coWritten('published', [second.id]);
    const names = [otherAuthor.name, me().name, second.name];

    const listed = await request(app).get('/api/articles/published?limit=100');
    const card = listed.body.data.find((x: { id: string }) => x.id === a.id);
    expect(card.coAuthors.map((c: { name: string }) => c.name)).toEqual(names.slice(1));

    const { res: page, body: pageText } = await renderedPage(app, `/article/${a.id}`);
    expect(pageText).toContain(`By ${names[0]}, ${names[1]} and ${names[2]}`);
    const authorLinks = anchors(page).filter((x) => x.href?.startsWith('/author/'));
    for (const person of [otherAuthor, me(), second]) expect(authorLinks.map((x) => x.href)).toContain(`/author/${person.slug}`);
    const news = jsonLd(page).find((o) => o['@type'] === 'NewsArticle')!;
    expect((news.author as { name: string; url: string }[]).map((p) => p.name)).toEqual(names);
    expect((news.author as { url: string }[])[2]!.url).toMatch(new RegExp(`/author/${second.slug}$`));
    for (const name of names) expect(page.text).toContain(`<meta property="article:author" content="${name}"`);
    // The share page (what link previews read) names them too.
    const share = await request(app).get(`/api/articles/share/${a.id}`);
    for (const name of names) expect(share.text).toContain(`<meta property="article:author" content="${name}"`);

    const feed = await request(app).get('/rss.xml');
    const item = feed.text.split('<item>').find((x) => x.includes(a.id))!;
    expect(item).toContain(`<dc:creator>${names[0]}, ${names[1]} and ${names[2]}</dc:creator>`);
  });

  it('lists a co-written article on each co-author’s page, feed and in the sitemap, even with nothing of their own', async () => {
    const only = await createUser(db, { role: 'author', name: 'Cy Coauthor' });
    const a = await article({ status: 'published', publishedAt: new Date(Date.now() - 60_000), title: 'Written with Cy' });
    // Not yet an author to readers: nothing published of theirs.
    expect((await request(app).get(`/api/authors/${only.slug}`)).status).toBe(404);
    const added = await edit('editor', a.id, a.version, { coAuthorIds: [only.id] });
    expect(added.status).toBe(200);

    const authorPage = await request(app).get(`/api/authors/${only.slug}`);
    expect(authorPage.status).toBe(200);
    expect(authorPage.body.articles.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect(authorPage.body.articles.pagination.total).toBe(1);
    const { body: pageText } = await renderedPage(app, `/author/${only.slug}`);
    expect(pageText).toContain('Written with Cy');
    const feed = await request(app).get(`/author/${only.slug}/rss.xml`);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('Written with Cy');
    const sitemap = await request(app).get('/sitemaps/pages.xml');
    expect(sitemap.text).toContain(`/author/${only.slug}</loc>`);
    // Their own author's page lists it still.
    const own = await request(app).get(`/api/authors/${otherAuthor.slug}?limit=50`);
    expect(own.body.articles.data.map((x: { id: string }) => x.id)).toContain(a.id);
  });
});

const suspended = await createUser(db, { role: 'editor', suspended: true });
describe('GET /api/staff', () => {
  it.each(ACTORS)('as %s: staff who write articles, by name, never a reader, a suspended account or an address', async (actor) => {
    const res = await request(app).get('/api/staff').set(headers(actor));
    const allowed = actor !== 'anonymous' && actor !== 'user';
    expect(res.status).toBe(allowed ? 200 : deniedStatus(actor));
    if (!allowed) return;
    const ids = res.body.data.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([byRole.author.user.id, byRole.editor.user.id, byRole.admin.user.id, otherAuthor.id]));
    expect(ids).not.toContain(byRole.user.user.id);
    expect(ids).not.toContain(suspended.id);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name', 'slug']);
    // By name, as the database orders them.
    const byName = await db.user.findMany({ where: { id: { in: ids } }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true } });
    expect(ids).toEqual(byName.map((u) => u.id));
  });
});

describe('deleting a member of staff', () => {
  it('takes them off the bylines they co-write (a new version); whoever takes over an article they co-write is its author only', async () => {
    const leaving = await createUser(db, { role: 'author' });
    const successor = await createUser(db, { role: 'author' });
    const coWrittenByLeaving = await article();
    await db.articleAuthor.create({ data: { articleId: coWrittenByLeaving.id, userId: leaving.id, position: 0 } });
    const theirs = await article({ authorId: leaving.id });
    await db.articleAuthor.create({ data: { articleId: theirs.id, userId: successor.id, position: 0 } });

    const res = await request(app).delete(`/api/users/${leaving.id}?reassignTo=${successor.id}`).set(headers('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await db.article.findUniqueOrThrow({ where: { id: coWrittenByLeaving.id } });
    expect(after.version).toBe(coWrittenByLeaving.version + 1);
    expect(await coAuthorsOf(coWrittenByLeaving.id)).toEqual([]);
    expect((await db.article.findUniqueOrThrow({ where: { id: theirs.id } })).authorId).toBe(successor.id);
    expect(await coAuthorsOf(theirs.id)).toEqual([]);
  });
});

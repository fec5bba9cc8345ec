import request from 'supertest';
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, createBreakingNews, createComment, login, type Actor } from '../helpers/factories';
import { deniedStatus } from '../helpers/permissions';
import { articlesTestbed } from '../helpers/testbed';

/**
 * docs/spec/CONTRACT.md §3, row by row, for the six actors: the cases the per-resource tests (server/src/<resource>/*.test.ts)
 * leave out. Above all, that owning a record never extends to the editor-only actions (an author cannot publish,
 * feature or delete their own article), that "read a draft" covers every unpublished status, that comment
 * moderation works whatever the article's status, and that a role change applies to the very next request.
 * Each case asserts the status and then the database.
 */
const { app, ctx, db, byRole, headers, otherAuthor, category, article } = await articlesTestbed();

const STAFF: Actor[] = ['author', 'editor', 'admin', 'super-admin'];
const EDITORS: Actor[] = ['editor', 'admin', 'super-admin'];
const ADMINS: Actor[] = ['admin', 'super-admin'];
const SIGNED_IN: Actor[] = ['user', ...STAFF];

const idOf = (actor: Actor) => (actor === 'anonymous' ? otherAuthor.id : byRole[actor].user.id);

interface Row {
  /** The row of docs/spec/CONTRACT.md §3, and what this case adds to it. */
  name: string;
  /** Who succeeds; everyone else is refused. */
  allowed: Actor[];
  /** The status of a success (200 unless said). */
  ok?: number;
  /** The status of a refusal when it is not 401/403 (a hidden record is 404 for those who may not see it). */
  denied?: (actor: Actor) => number;
  /** Sets up, calls the route as `actor`, and returns the answer and a check of the database afterwards. */
  run: (actor: Actor) => Promise<{ res: Response; check: (allowed: boolean) => Promise<void> }>;
}

/** The author actor's own article: ownership is what the editor-only rows must ignore. */
const ownArticle = (overrides: Parameters<typeof article>[0] = {}) => article({ authorId: byRole.author.user.id, ...overrides });

const ROWS: Row[] = [
  {
    name: 'read published articles, categories, comments, view counts, top articles, published breaking news (all six)',
    allowed: ACTORS,
    async run(actor) {
      const published = await article({ status: 'published', totalViews: 7 });
      const hidden = await article({ status: 'draft' });
      const comment = await createComment(db, { articleId: published.id, authorId: otherAuthor.id });
      const news = await createBreakingNews(db, { authorId: otherAuthor.id, status: 'published' });
      const h = headers(actor);
      const answers = await Promise.all([
        request(app).get('/api/articles/published?limit=100').set(h),
        request(app).get(`/api/articles/${published.id}`).set(h),
        request(app).get(`/api/articles/${published.id}/media`).set(h),
        request(app).get('/api/categories').set(h),
        request(app).get(`/api/categories/${category.slug}`).set(h),
        request(app).get(`/api/comments/article/${published.id}`).set(h),
        request(app).get(`/api/comments/${comment.id}`).set(h),
        request(app).get(`/api/view/article/${published.id}/stats`).set(h),
        request(app).get('/api/view/top-articles?limit=50').set(h),
        request(app).get('/api/breaking-news?limit=100').set(h),
      ]);
      const [list, one, media, categories, cat, comments, single, stats, top, ticker] = answers;
      const failed = answers.find((r) => r.status !== 200);
      return {
        res: failed ?? one!,
        async check() {
          const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
          expect(ids(list!.body.data)).toContain(published.id);
          expect(ids(list!.body.data)).not.toContain(hidden.id);
          expect(one!.body.id).toBe(published.id);
          expect(media!.body).toEqual({ data: [] });
          expect(ids(categories!.body)).toContain(category.id);
          expect(cat!.body.id).toBe(category.id);
          expect(ids(comments!.body.data)).toEqual([comment.id]);
          expect(single!.body.data.id).toBe(comment.id);
          expect(stats!.body).toEqual({ articleId: published.id, totalViews: 7 });
          expect(ids(top!.body.data)).not.toContain(hidden.id);
          expect(ids(ticker!.body.news)).toContain(news.id);
          // Reading counts nothing and changes nothing.
          const row = await db.article.findUniqueOrThrow({ where: { id: published.id } });
          expect(row.totalViews).toBe(7);
          expect(row.updatedAt).toEqual(published.updatedAt);
          expect(await db.viewLog.count({ where: { articleId: published.id } })).toBe(0);
        },
      };
    },
  },
  {
    name: 'read a draft: an unpublished (once published) article is a draft too: editors+ and its author; others 404',
    allowed: STAFF,
    denied: () => 404,
    async run(actor) {
      const a = await ownArticle({ status: 'unpublished', publishedAt: new Date(Date.now() - 86_400_000) });
      const h = headers(actor);
      const [one, media, list] = await Promise.all([
        request(app).get(`/api/articles/${a.id}`).set(h),
        request(app).get(`/api/articles/${a.id}/media`).set(h),
        request(app).get('/api/articles/published?limit=100').set(h),
      ]);
      return {
        res: one,
        async check(allowed) {
          expect(media.status).toBe(one.status);
          expect(list.body.data.map((r: { id: string }) => r.id)).not.toContain(a.id);
          if (allowed) expect(one.body).toMatchObject({ id: a.id, status: 'unpublished' });
          else expect(one.body).toMatchObject({ error: 'Not Found' });
        },
      };
    },
  },
  {
    name: "read a draft: someone else's unpublished article is hidden from authors (404)",
    allowed: EDITORS,
    denied: () => 404,
    async run(actor) {
      const a = await article({ status: 'unpublished' });
      const res = await request(app).get(`/api/articles/${a.id}`).set(headers(actor));
      return { res, check: async () => expect(await db.article.count({ where: { id: a.id } })).toBe(1) };
    },
  },
  {
    name: 'read a draft: no share page or preview image for a draft, whoever asks',
    allowed: [],
    denied: () => 404,
    async run(actor) {
      const a = await ownArticle({ status: 'draft' });
      const [page, image] = await Promise.all([
        request(app).get(`/api/articles/share/${a.id}`).set(headers(actor)),
        request(app).get(`/api/articles/share/${a.id}/image.jpg`).set(headers(actor)),
      ]);
      return { res: page, check: async () => expect(image.status).toBe(404) };
    },
  },
  {
    name: 'edit article content: an author edits their own published article',
    allowed: ['author', ...EDITORS],
    async run(actor) {
      const a = await ownArticle({ status: 'published', title: 'Before' });
      const res = await request(app).put(`/api/articles/${a.id}`).set(headers(actor)).send({ title: 'After', version: 1 });
      return {
        res,
        async check(allowed) {
          const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
          expect(row.title).toBe(allowed ? 'After' : 'Before');
          // Editing never changes who wrote it, nor publishes anything.
          expect(row).toMatchObject({ authorId: byRole.author.user.id, status: 'published' });
        },
      };
    },
  },
  {
    name: 'edit article content, add/remove its media: an author removes media from their own article',
    allowed: ['author', ...EDITORS],
    async run(actor) {
      const a = await ownArticle({ status: 'draft' });
      const media = await db.media.create({ data: { articleId: a.id, type: 'image', fileUrl: '/uploads/not-on-disk.png' } });
      const res = await request(app).delete(`/api/articles/${a.id}/media/${media.id}`).set(headers(actor));
      return { res, check: async (allowed) => expect(await db.media.count({ where: { id: media.id } })).toBe(allowed ? 0 : 1) };
    },
  },
  {
    name: 'publish, unpublish: an author cannot publish their own draft',
    allowed: EDITORS,
    async run(actor) {
      const a = await ownArticle({ status: 'draft' });
      const res = await request(app).post(`/api/articles/${a.id}/publish`).set(headers(actor));
      return {
        res,
        async check(allowed) {
          const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
          expect(row.status).toBe(allowed ? 'published' : 'draft');
          expect(row.publishedAt === null).toBe(!allowed);
        },
      };
    },
  },
  {
    name: 'publish, unpublish: an author cannot unpublish their own article',
    allowed: EDITORS,
    async run(actor) {
      const a = await ownArticle({ status: 'published' });
      const res = await request(app).post(`/api/articles/${a.id}/unpublish`).set(headers(actor));
      return {
        res,
        check: async (allowed) =>
          expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(allowed ? 'unpublished' : 'published'),
      };
    },
  },
  {
    name: 'story/main/priority flags: an author cannot set them on their own article',
    allowed: EDITORS,
    async run(actor) {
      const a = await ownArticle({ status: 'published' });
      const res = await request(app).post(`/api/articles/${a.id}/status`).set(headers(actor)).send({ isStory: true, storyPriority: 5 });
      return {
        res,
        async check(allowed) {
          const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
          expect({ isStory: row.isStory, storyPriority: row.storyPriority }).toEqual(
            allowed ? { isStory: true, storyPriority: 5 } : { isStory: false, storyPriority: 0 },
          );
        },
      };
    },
  },
  {
    name: 'featured: an author cannot feature their own story',
    allowed: EDITORS,
    async run(actor) {
      // Unfeature any story featured by an earlier case, so featuring here never pushes another one out.
      await db.article.updateMany({ where: { isFeatured: true }, data: { isFeatured: false, featuredAt: null } });
      const a = await ownArticle({ status: 'published', isStory: true });
      const res = await request(app).post(`/api/articles/${a.id}/featured`).set(headers(actor)).send({ isFeatured: true });
      return {
        res,
        check: async (allowed) => expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).isFeatured).toBe(allowed),
      };
    },
  },
  {
    name: 'delete article: nobody below admin, not even the own author of the article or an editor',
    allowed: ADMINS,
    async run(actor) {
      const a = await ownArticle({ status: 'published' });
      const comment = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
      const res = await request(app).delete(`/api/articles/${a.id}`).set(headers(actor));
      return {
        res,
        async check(allowed) {
          // To the trash (docs/decisions/061-trash.md): public nowhere, its comments kept for a restore.
          expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).status).toBe(allowed ? 'trashed' : 'published');
          expect(await db.comment.count({ where: { id: comment.id } })).toBe(1);
        },
      };
    },
  },
  {
    name: 'correct a published article (docs/decisions/062-corrections.md): not even its own author',
    allowed: EDITORS,
    ok: 201,
    async run(actor) {
      const a = await ownArticle({ status: 'published', publishedAt: new Date() });
      const res = await request(app)
        .post(`/api/articles/${a.id}/corrections`)
        .set(headers(actor))
        .send({ text: 'The vote is on Tuesday.' });
      return { res, check: async (allowed) => expect(await db.correction.count({ where: { articleId: a.id } })).toBe(allowed ? 1 : 0) };
    },
  },
  {
    name: 'publish, unpublish, delete breaking news: an author cannot publish their own draft',
    allowed: EDITORS,
    async run(actor) {
      const item = await createBreakingNews(db, { authorId: byRole.author.user.id, status: 'draft' });
      const res = await request(app).post(`/api/breaking-news/${item.id}/publish`).set(headers(actor));
      return {
        res,
        check: async (allowed) =>
          expect((await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } })).status).toBe(allowed ? 'published' : 'draft'),
      };
    },
  },
  {
    name: 'publish, unpublish, delete breaking news: an author cannot delete their own draft',
    allowed: EDITORS,
    async run(actor) {
      const item = await createBreakingNews(db, { authorId: byRole.author.user.id, status: 'draft' });
      const res = await request(app).delete(`/api/breaking-news/${item.id}`).set(headers(actor));
      return { res, check: async (allowed) => expect(await db.breakingNews.count({ where: { id: item.id } })).toBe(allowed ? 0 : 1) };
    },
  },
  {
    name: 'list all breaking news incl. drafts: ?status=draft gives readers published items only',
    allowed: ACTORS,
    async run(actor) {
      const draft = await createBreakingNews(db, { authorId: otherAuthor.id, status: 'draft' });
      const res = await request(app).get('/api/breaking-news?status=draft&limit=100').set(headers(actor));
      return {
        res,
        async check() {
          const ids = res.body.news.map((n: { id: string }) => n.id);
          expect(ids.includes(draft.id)).toBe(STAFF.includes(actor));
          if (!STAFF.includes(actor)) expect(res.body.news.every((n: { status: string }) => n.status === 'published')).toBe(true);
        },
      };
    },
  },
  {
    name: 'post a comment or reply: a reply',
    allowed: SIGNED_IN,
    ok: 201,
    async run(actor) {
      const a = await article({ status: 'published' });
      const parent = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
      const res = await request(app)
        .post(`/api/comments/article/${a.id}`)
        .set(headers(actor))
        .send({ content: 'A reply', parentId: parent.id });
      return {
        res,
        async check(allowed) {
          const replies = await db.comment.findMany({ where: { parentId: parent.id } });
          expect(replies.length).toBe(allowed ? 1 : 0);
          if (allowed) expect(replies[0]).toMatchObject({ authorId: idOf(actor), articleId: a.id, content: 'A reply' });
        },
      };
    },
  },
  {
    name: "edit a comment: own only, every role, whatever the article's status (an unpublished article)",
    allowed: SIGNED_IN,
    async run(actor) {
      const a = await article({ status: 'unpublished' });
      const comment = await createComment(db, { articleId: a.id, authorId: idOf(actor), content: 'Before' });
      const res = await request(app).put(`/api/comments/${comment.id}`).set(headers(actor)).send({ content: 'After' });
      return {
        res,
        async check(allowed) {
          const row = await db.comment.findUniqueOrThrow({ where: { id: comment.id } });
          expect(row).toMatchObject(allowed ? { content: 'After', isEdited: true } : { content: 'Before', isEdited: false });
        },
      };
    },
  },
  {
    name: "delete a comment: any for editors+, whatever the article's status (a draft)",
    allowed: EDITORS,
    async run(actor) {
      const a = await article({ status: 'draft' });
      const comment = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
      const reply = await createComment(db, { articleId: a.id, authorId: otherAuthor.id, parentId: comment.id });
      const res = await request(app).delete(`/api/comments/${comment.id}`).set(headers(actor));
      return {
        res,
        async check(allowed) {
          expect(await db.comment.count({ where: { id: { in: [comment.id, reply.id] } } })).toBe(allowed ? 0 : 2);
        },
      };
    },
  },
  {
    name: "delete a comment: own for readers and authors, whatever the article's status (a draft)",
    allowed: SIGNED_IN,
    async run(actor) {
      const a = await article({ status: 'draft' });
      const comment = await createComment(db, { articleId: a.id, authorId: idOf(actor) });
      const res = await request(app).delete(`/api/comments/${comment.id}`).set(headers(actor));
      return { res, check: async (allowed) => expect(await db.comment.count({ where: { id: comment.id } })).toBe(allowed ? 0 : 1) };
    },
  },
  {
    name: 'list all comments: an author sees comments on their own drafts, not on other drafts',
    allowed: STAFF,
    async run(actor) {
      const mine = await ownArticle({ status: 'draft' });
      const theirs = await article({ status: 'draft' });
      const [onMine, onTheirs] = await Promise.all([
        createComment(db, { articleId: mine.id, authorId: otherAuthor.id }),
        createComment(db, { articleId: theirs.id, authorId: otherAuthor.id }),
      ]);
      const res = await request(app).get('/api/comments/admin/all?limit=100').set(headers(actor));
      return {
        res,
        async check(allowed) {
          if (!allowed) return;
          const ids = res.body.data.comments.map((c: { id: string }) => c.id);
          expect(ids).toContain(onMine.id);
          expect(ids.includes(onTheirs.id)).toBe(actor !== 'author');
        },
      };
    },
  },
];

describe.each(ROWS)('docs/spec/CONTRACT.md §3: $name', (row) => {
  it.each(ACTORS)('%s', async (actor) => {
    const allowed = row.allowed.includes(actor);
    const { res, check } = await row.run(actor);
    const expected = allowed ? (row.ok ?? 200) : (row.denied ?? deniedStatus)(actor);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(expected);
    await check(allowed);
  });
});

describe('docs/spec/CONTRACT.md §3 is enforced on the role of the moment, not the role the token was issued for', () => {
  it('a demoted editor loses publishing on the next request, and a promoted reader gains it', async () => {
    const admin = await login(ctx, 'admin');
    const editor = await login(ctx, 'editor');
    const reader = await login(ctx, 'user');
    const a = await article({ status: 'draft' });
    const b = await article({ status: 'draft' });

    await request(app).put(`/api/users/${editor.user.id}`).set(admin.auth).send({ role: 'author', version: 1 }).expect(200);
    await request(app).put(`/api/users/${reader.user.id}`).set(admin.auth).send({ role: 'editor', version: 1 }).expect(200);

    expect((await request(app).post(`/api/articles/${a.id}/publish`).set(editor.auth)).status).toBe(403);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('draft');
    expect((await request(app).post(`/api/articles/${b.id}/publish`).set(reader.auth)).status).toBe(200);
    expect((await db.article.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('published');
  });

  it("a demoted author's drafts are hidden from them once they are a reader", async () => {
    const admin = await login(ctx, 'admin');
    const author = await login(ctx, 'author');
    const mine = await article({ authorId: author.user.id, status: 'draft' });
    expect((await request(app).get(`/api/articles/${mine.id}`).set(author.auth)).status).toBe(200);
    await request(app).put(`/api/users/${author.user.id}`).set(admin.auth).send({ role: 'user', version: 1 }).expect(200);
    expect((await request(app).get(`/api/articles/${mine.id}`).set(author.auth)).status).toBe(404);
    expect((await request(app).put(`/api/articles/${mine.id}`).set(author.auth).send({ title: 'Sneaky', version: 1 })).status).toBe(403);
    expect((await db.article.findUniqueOrThrow({ where: { id: mine.id } })).title).toBe(mine.title);
  });

  it("a suspended editor's token stops working on every guarded route at once", async () => {
    const admin = await login(ctx, 'admin');
    const editor = await login(ctx, 'editor');
    const a = await article({ status: 'draft' });
    await request(app).post(`/api/users/${editor.user.id}/suspend`).set(admin.auth).expect(200);
    const calls = [
      request(app).post(`/api/articles/${a.id}/publish`).set(editor.auth),
      request(app).get('/api/articles').set(editor.auth),
      request(app).post('/api/breaking-news').set(editor.auth).send({ headline: 'Late' }),
      request(app).post('/api/categories').set(editor.auth).send({ name: 'Late desk' }),
      request(app).get('/api/stats').set(editor.auth),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    // As a public caller the suspended editor is anonymous: the draft is hidden.
    expect((await request(app).get(`/api/articles/${a.id}`).set(editor.auth)).status).toBe(404);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('draft');
    expect(await db.breakingNews.count({ where: { headline: 'Late' } })).toBe(0);
    expect(await db.category.count({ where: { name: 'Late desk' } })).toBe(0);
  });
});

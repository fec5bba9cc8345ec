import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import type { Comment } from '#shared/types';
import { ACTORS, createComment, login, type Actor } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';
import { PUBLIC_CACHE_CONTROL } from '../cache/response-cache';

const { app, ctx, db, byRole, headers, otherAuthor, article } = await articlesTestbed();

const published = (authorId = otherAuthor.id) => article({ authorId, status: 'published' });
const draft = () => article({ status: 'draft' });
/** A comment with an explicit creation time, so that "newest first" is deterministic. */
const commentAt = (articleId: string, authorId: string, minutesAgo: number, parentId?: string) =>
  db.comment.create({
    data: {
      articleId,
      authorId,
      parentId: parentId ?? null,
      content: `c-${minutesAgo}`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  });

describe('POST /api/comments/article/:id', () => {
  it('posts a trimmed comment on a published article and answers 201 with the Comment', async () => {
    const article = await published();
    const { user, auth } = await login(ctx, 'user');
    const res = await request(app).post(`/api/comments/article/${article.id}`).set(auth).send({ content: '  Well reported.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Comment posted',
      data: {
        content: 'Well reported.',
        articleId: article.id,
        author: { id: user.id, name: user.name },
        isEdited: false,
        parentId: null,
        parent: null,
        replies: [],
      },
    });
    expect(res.body.error).toBeUndefined();
    const row = await db.comment.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ content: 'Well reported.', authorId: user.id, articleId: article.id, parentId: null });
  });

  it.each(ACTORS)('as %s: only signed-in people may comment', async (actor: Actor) => {
    const article = await published();
    const res = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(headers(actor))
      .send({ content: `from ${actor}` });
    expect(res.status).toBe(actor === 'anonymous' ? 401 : 201);
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(actor === 'anonymous' ? 0 : 1);
  });

  it.each([
    [{ content: '' }, 'Comment cannot be empty'],
    [{ content: '   \n\t ' }, 'Comment cannot be empty'],
    [{ content: 'x'.repeat(5001) }, 'Comment must be at most 5000 characters'],
    [{}, 'content is required'],
    [{ content: 42 }, 'content must be text'],
    [{ content: ['a'] }, 'content must be text'],
    [{ content: 'ok', parentId: 'not-an-id' }, 'parentId must be a comment id'],
    [{ content: 'nul \u0000 inside' }, 'content: must not contain the NUL character (\\u0000)'],
  ])('refuses %j with 400 and the detail %j, storing nothing', async (body, detail) => {
    const article = await published();
    const res = await request(app).post(`/api/comments/article/${article.id}`).set(headers('user')).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Validation failed', message: detail });
    expect(res.body.details).toContain(detail);
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(0);
  });

  it('accepts exactly 5000 characters', async () => {
    const article = await published();
    const res = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(headers('editor'))
      .send({ content: 'y'.repeat(5000) });
    expect(res.status).toBe(201);
    expect(res.body.data.content).toHaveLength(5000);
  });

  it('answers malformed JSON, a non-object body and a bad article id with 4xx, never 5xx', async () => {
    const article = await published();
    const broken = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(headers('user'))
      .set('Content-Type', 'application/json')
      .send('{"content":');
    expect(broken.status).toBe(400);
    const array = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(headers('user'))
      .send([{ content: 'x' }]);
    expect(array.status).toBe(400);
    const badId = await request(app).post('/api/comments/article/not-a-uuid').set(headers('user')).send({ content: 'x' });
    expect(badId.status).toBe(404);
    expect(badId.body.error).toBe('Not Found');
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(0);
  });

  it('answers 404 for a draft or a missing article', async () => {
    const { auth } = await login(ctx, 'user');
    const unpublished = await draft();
    const res = await request(app).post(`/api/comments/article/${unpublished.id}`).set(auth).send({ content: 'early' });
    expect(res.status).toBe(404);
    expect(await db.comment.count({ where: { articleId: unpublished.id } })).toBe(0);
    const missing = await request(app).post('/api/comments/article/0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f').set(auth).send({ content: 'x' });
    expect(missing.status).toBe(404);
  });

  it('posts a reply that quotes its parent', async () => {
    const article = await published();
    const parent = await createComment(db, { articleId: article.id, authorId: otherAuthor.id, content: 'The parent' });
    const res = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(headers('author'))
      .send({ content: 'A reply', parentId: parent.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      parentId: parent.id,
      parent: { id: parent.id, content: 'The parent', author: { name: otherAuthor.name } },
    });
    expect((await db.comment.findUniqueOrThrow({ where: { id: res.body.data.id } })).parentId).toBe(parent.id);
  });

  it('refuses a reply to a comment of another article, or to a missing comment, with 400', async () => {
    const [article, other] = await Promise.all([published(), published()]);
    const foreign = await createComment(db, { articleId: other.id, authorId: otherAuthor.id });
    const { auth } = await login(ctx, 'user');
    const res = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(auth)
      .send({ content: 'Wrong thread', parentId: foreign.id });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(['The comment you are replying to is not on this article']);
    const gone = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(auth)
      .send({ content: 'x', parentId: '0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f' });
    expect(gone.status).toBe(400);
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(0);
  });

  it('allows 10 comments a minute per user, then answers 429 with Retry-After', async () => {
    const article = await published();
    const { auth } = await login(ctx, 'user');
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await request(app)
            .post(`/api/comments/article/${article.id}`)
            .set(auth)
            .send({ content: `n${i}` })
        ).status,
      ).toBe(201);
    }
    const limited = await request(app).post(`/api/comments/article/${article.id}`).set(auth).send({ content: 'one too many' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.body.error).toBe('Too Many Requests');
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(10);
    // The limit is per user: someone else can still post.
    expect(
      (
        await request(app)
          .post(`/api/comments/article/${article.id}`)
          .set((await login(ctx, 'user')).auth)
          .send({ content: 'me too' })
      ).status,
    ).toBe(201);
  });
});

describe('GET /api/comments/article/:id', () => {
  let articleId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const article = await published();
    articleId = article.id;
    const reader = byRole.user.user;
    ids.old = (await commentAt(articleId, reader.id, 60)).id;
    ids.new = (await commentAt(articleId, otherAuthor.id, 10)).id;
    ids.oldReplyA = (await commentAt(articleId, otherAuthor.id, 50, ids.old)).id;
    ids.oldReplyB = (await commentAt(articleId, reader.id, 40, ids.old)).id;
    ids.deep = (await commentAt(articleId, otherAuthor.id, 30, ids.oldReplyB)).id;
    ids.deeper = (await commentAt(articleId, reader.id, 20, ids.deep)).id;
    // Another article's comments stay out.
    await commentAt((await published()).id, reader.id, 5);
  });

  const shape = (c: Comment): unknown => ({ id: c.id, replies: c.replies.map(shape) });

  it('answers top-level comments newest first with replies nested newest first at any depth', async () => {
    const res = await request(app).get(`/api/comments/article/${articleId}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.body.success).toBe(true);
    expect(res.body.pagination).toEqual({ total: 2, limit: 50, offset: 0 });
    expect(res.body.data.map(shape)).toEqual([
      { id: ids.new, replies: [] },
      {
        id: ids.old,
        replies: [
          { id: ids.oldReplyB, replies: [{ id: ids.deep, replies: [{ id: ids.deeper, replies: [] }] }] },
          { id: ids.oldReplyA, replies: [] },
        ],
      },
    ]);
    const deep = res.body.data[1].replies[0].replies[0];
    expect(deep).toMatchObject({
      articleId,
      author: { id: otherAuthor.id, name: otherAuthor.name },
      parentId: ids.oldReplyB,
      parent: { id: ids.oldReplyB, content: 'c-40', author: { name: byRole.user.user.name } },
      isEdited: false,
      content: 'c-30',
    });
    expect(res.body.data[0].parent).toBeNull();
  });

  it('pages the top-level comments; total counts top-level comments only', async () => {
    const first = await request(app).get(`/api/comments/article/${articleId}?limit=1`);
    expect(first.body.pagination).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(first.body.data.map((c: Comment) => c.id)).toEqual([ids.new]);
    const second = await request(app).get(`/api/comments/article/${articleId}?limit=1&offset=1`);
    expect(second.body.data.map((c: Comment) => c.id)).toEqual([ids.old]);
    expect(second.body.data[0].replies).toHaveLength(2);
    const past = await request(app).get(`/api/comments/article/${articleId}?offset=5`);
    expect(past.body).toMatchObject({ data: [], pagination: { total: 2, offset: 5 } });
  });

  it('leaves replies out with includeReplies=false', async () => {
    const res = await request(app).get(`/api/comments/article/${articleId}?includeReplies=false`);
    expect(res.body.data.map(shape)).toEqual([
      { id: ids.new, replies: [] },
      { id: ids.old, replies: [] },
    ]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'limit=1.5', 'includeReplies=maybe', 'limit=1&limit=2'])(
    'refuses ?%s with 400',
    async (qs) => {
      const res = await request(app).get(`/api/comments/article/${articleId}?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.details.length).toBeGreaterThan(0);
    },
  );

  it('answers 404 for a draft article (even with comments) and for a bad id', async () => {
    const unpublished = await draft();
    await createComment(db, { articleId: unpublished.id, authorId: otherAuthor.id });
    expect((await request(app).get(`/api/comments/article/${unpublished.id}`).set(headers('admin'))).status).toBe(404);
    expect((await request(app).get('/api/comments/article/123')).status).toBe(404);
  });

  it('answers an article without comments with an empty list', async () => {
    const res = await request(app).get(`/api/comments/article/${(await published()).id}`);
    expect(res.body).toEqual({ success: true, data: [], pagination: { total: 0, limit: 50, offset: 0 } });
  });

  it('serves a large thread in one answer (roots paged, the newest replies of each)', async () => {
    const article = await published();
    const roots = await Promise.all(Array.from({ length: 120 }, (_, i) => commentAt(article.id, otherAuthor.id, 1000 - i)));
    await db.comment.createMany({
      data: roots.map((r, i) => ({ articleId: article.id, authorId: otherAuthor.id, parentId: r.id, content: `reply ${i}` })),
    });
    const res = await request(app).get(`/api/comments/article/${article.id}?limit=100`);
    expect(res.body.pagination.total).toBe(120);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data.every((c: Comment) => c.replyCount === 1 && c.replies.length === 1 && c.replies[0]!.parentId === c.id)).toBe(true);
  });
});

describe('GET /api/comments/:id/replies', () => {
  let parentId: string;
  const replies: Record<string, string> = {};

  beforeAll(async () => {
    const article = await published();
    parentId = (await commentAt(article.id, otherAuthor.id, 60)).id;
    for (const n of [1, 2, 3, 4, 5]) replies[`r${n}`] = (await commentAt(article.id, byRole.user.user.id, 60 - n * 5, parentId)).id;
    // The newest reply has replies of its own.
    await commentAt(article.id, otherAuthor.id, 4, replies.r5);
    await commentAt(article.id, otherAuthor.id, 3, replies.r5);
  });

  const shape = (c: Comment): unknown => ({ id: c.id, replyCount: c.replyCount, replies: c.replies.map(shape) });

  it('pages the direct replies newest first, each with its newest replies and the count of all', async () => {
    const first = await request(app).get(`/api/comments/${parentId}/replies?limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.body.pagination).toEqual({ total: 5, limit: 2, offset: 0 });
    expect(first.body.data.map((c: Comment) => c.id)).toEqual([replies.r5, replies.r4]);
    expect(first.body.data[0]).toMatchObject({ replyCount: 2, parent: { id: parentId }, parentId });
    expect(first.body.data[0].replies.map((c: Comment) => c.content)).toEqual(['c-3', 'c-4']);
    const next = await request(app).get(`/api/comments/${parentId}/replies?limit=2&offset=2`);
    expect(next.body.data.map((c: Comment) => c.id)).toEqual([replies.r3, replies.r2]);
    const rest = await request(app).get(`/api/comments/${parentId}/replies?offset=4`);
    expect(rest.body).toMatchObject({
      data: [{ id: replies.r1, replies: [], replyCount: 0 }],
      pagination: { total: 5, limit: 20, offset: 4 },
    });
    const none = await request(app).get(`/api/comments/${replies.r1}/replies`);
    expect(none.body).toEqual({ success: true, data: [], pagination: { total: 0, limit: 20, offset: 0 } });
  });

  it(`carries the ${LIMITS.commentRepliesShown} newest replies in the article's comments, and the count of all`, async () => {
    const parent = await db.comment.findUniqueOrThrow({ where: { id: parentId } });
    const res = await request(app).get(`/api/comments/article/${parent.articleId}`);
    expect(res.body.data.map(shape)).toEqual([
      {
        id: parentId,
        replyCount: 5,
        replies: [
          {
            id: replies.r5,
            replyCount: 2,
            replies: [expect.objectContaining({ replyCount: 0 }), expect.objectContaining({ replyCount: 0 })],
          },
          { id: replies.r4, replyCount: 0, replies: [] },
          { id: replies.r3, replyCount: 0, replies: [] },
        ],
      },
    ]);
    const one = await request(app).get(`/api/comments/${parentId}`);
    expect(shape(one.body.data)).toEqual(res.body.data.map(shape)[0]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=1000001', 'limit=1&limit=2'])('refuses ?%s with 400', async (qs) => {
    const res = await request(app).get(`/api/comments/${parentId}/replies?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details.length).toBeGreaterThan(0);
  });

  it('answers 404 for a comment of a draft (even with replies), a missing comment and a bad id', async () => {
    const unpublished = await draft();
    const hidden = await createComment(db, { articleId: unpublished.id, authorId: otherAuthor.id });
    await createComment(db, { articleId: unpublished.id, authorId: otherAuthor.id, parentId: hidden.id });
    const res = await request(app).get(`/api/comments/${hidden.id}/replies`).set(headers('admin'));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not Found', message: 'Comment not found' });
    expect((await request(app).get('/api/comments/0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f/replies')).status).toBe(404);
    expect((await request(app).get('/api/comments/nope/replies')).status).toBe(404);
  });

  it("is kept by the response cache, under the article's comments: a reply, an edit and a delete show at once", async () => {
    const article = await published();
    const { auth, user } = await login(ctx, 'user');
    const parent = await createComment(db, { articleId: article.id, authorId: user.id, content: 'Ask me anything' });
    const first = await createComment(db, { articleId: article.id, authorId: otherAuthor.id, parentId: parent.id, content: 'First' });
    const read = async () => (await request(app).get(`/api/comments/${parent.id}/replies`)).body.data.map((c: Comment) => c.content);
    expect(await read()).toEqual(['First']);
    // Changed through the app's own client, whose writes purge nothing: the kept answer still shows the old text.
    await ctx.db.comment.update({ where: { id: first.id }, data: { content: 'Changed behind the back' } });
    expect(await read()).toEqual(['First']);

    const posted = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(auth)
      .send({ content: 'Second', parentId: parent.id });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ parentId: parent.id, replyCount: 0, replies: [] });
    expect(await read()).toEqual(['Second', 'Changed behind the back']);
    expect((await request(app).put(`/api/comments/${posted.body.data.id}`).set(auth).send({ content: 'Second, edited' })).status).toBe(200);
    expect(await read()).toEqual(['Second, edited', 'Changed behind the back']);
    expect((await request(app).delete(`/api/comments/${posted.body.data.id}`).set(auth)).status).toBe(200);
    expect(await read()).toEqual(['Changed behind the back']);
  });
});

describe('GET /api/comments/:id', () => {
  it('answers one comment with its replies', async () => {
    const article = await published();
    const parent = await commentAt(article.id, otherAuthor.id, 10);
    const reply = await commentAt(article.id, byRole.user.user.id, 5, parent.id);
    const res = await request(app).get(`/api/comments/${parent.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id: parent.id, replies: [{ id: reply.id, parent: { id: parent.id } }] } });
    const single = await request(app).get(`/api/comments/${reply.id}`);
    expect(single.body.data).toMatchObject({
      id: reply.id,
      parent: { id: parent.id, content: parent.content, author: { name: otherAuthor.name } },
      replies: [],
    });
  });

  it('answers 404 for a comment of a draft, a missing comment and a bad id', async () => {
    const hidden = await createComment(db, { articleId: (await draft()).id, authorId: otherAuthor.id });
    expect((await request(app).get(`/api/comments/${hidden.id}`)).status).toBe(404);
    expect((await request(app).get('/api/comments/0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f')).status).toBe(404);
    expect((await request(app).get('/api/comments/%27%3B--')).status).toBe(404);
  });
});

describe('PUT /api/comments/:id', () => {
  it('lets the author edit their comment and marks it edited', async () => {
    const article = await published();
    const { user, auth } = await login(ctx, 'user');
    const comment = await createComment(db, { articleId: article.id, authorId: user.id, content: 'Frist' });
    const reply = await createComment(db, { articleId: article.id, authorId: otherAuthor.id, parentId: comment.id });
    const res = await request(app).put(`/api/comments/${comment.id}`).set(auth).send({ content: ' First ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Comment updated',
      data: { id: comment.id, content: 'First', isEdited: true, replies: [{ id: reply.id }] },
    });
    expect(await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ content: 'First', isEdited: true });
  });

  it.each(ACTORS)("as %s: nobody edits someone else's comment, not even an admin", async (actor: Actor) => {
    const article = await published();
    const comment = await createComment(db, { articleId: article.id, authorId: otherAuthor.id, content: 'Original' });
    const res = await request(app).put(`/api/comments/${comment.id}`).set(headers(actor)).send({ content: 'Hijacked' });
    expect(res.status).toBe(actor === 'anonymous' ? 401 : 403);
    expect(await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ content: 'Original', isEdited: false });
  });

  it.each(ACTORS.filter((a) => a !== 'anonymous'))('as %s: edits their own comment', async (actor: Actor) => {
    const article = await published();
    const owner = byRole[actor as Exclude<Actor, 'anonymous'>].user;
    const comment = await createComment(db, { articleId: article.id, authorId: owner.id });
    const res = await request(app).put(`/api/comments/${comment.id}`).set(headers(actor)).send({ content: 'Edited' });
    expect(res.status).toBe(200);
    expect((await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).content).toBe('Edited');
  });

  it('applies the content rule and answers 404 for a missing comment', async () => {
    const article = await published();
    const { user, auth } = await login(ctx, 'user');
    const comment = await createComment(db, { articleId: article.id, authorId: user.id, content: 'Keep me' });
    const empty = await request(app).put(`/api/comments/${comment.id}`).set(auth).send({ content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual(['Comment cannot be empty']);
    const wrongType = await request(app)
      .put(`/api/comments/${comment.id}`)
      .set(auth)
      .send({ content: { text: 'x' } });
    expect(wrongType.status).toBe(400);
    const broken = await request(app).put(`/api/comments/${comment.id}`).set(auth).set('Content-Type', 'application/json').send('{');
    expect(broken.status).toBe(400);
    expect(await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ content: 'Keep me', isEdited: false });
    expect((await request(app).put('/api/comments/0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f').set(auth).send({ content: 'x' })).status).toBe(
      404,
    );
  });
});

describe('DELETE /api/comments/:id', () => {
  it.each(ACTORS)("as %s: deleting someone else's comment (editors and admins may)", async (actor: Actor) => {
    const article = await published();
    const comment = await createComment(db, { articleId: article.id, authorId: otherAuthor.id });
    const res = await request(app).delete(`/api/comments/${comment.id}`).set(headers(actor));
    const expected = { anonymous: 401, user: 403, author: 403, editor: 200, admin: 200, 'super-admin': 200 }[actor];
    expect(res.status).toBe(expected);
    expect(await db.comment.count({ where: { id: comment.id } })).toBe(expected === 200 ? 0 : 1);
    if (expected === 200) expect(res.body).toEqual({ success: true, message: 'Comment deleted' });
  });

  it.each(ACTORS.filter((a) => a !== 'anonymous'))('as %s: deletes their own comment', async (actor: Actor) => {
    const article = await published();
    const comment = await createComment(db, { articleId: article.id, authorId: byRole[actor as Exclude<Actor, 'anonymous'>].user.id });
    expect((await request(app).delete(`/api/comments/${comment.id}`).set(headers(actor))).status).toBe(200);
    expect(await db.comment.count({ where: { id: comment.id } })).toBe(0);
  });

  it('an author cannot delete a comment on their own article written by someone else', async () => {
    const article = await published(byRole.author.user.id);
    const comment = await createComment(db, { articleId: article.id, authorId: otherAuthor.id });
    expect((await request(app).delete(`/api/comments/${comment.id}`).set(headers('author'))).status).toBe(403);
    expect(await db.comment.count({ where: { id: comment.id } })).toBe(1);
  });

  it('deletes every reply beneath a deleted comment, and nothing else', async () => {
    const article = await published();
    const root = await createComment(db, { articleId: article.id, authorId: otherAuthor.id });
    const sibling = await createComment(db, { articleId: article.id, authorId: otherAuthor.id });
    const reply = await createComment(db, { articleId: article.id, authorId: otherAuthor.id, parentId: root.id });
    await createComment(db, { articleId: article.id, authorId: otherAuthor.id, parentId: reply.id });
    expect((await request(app).delete(`/api/comments/${root.id}`).set(headers('editor'))).status).toBe(200);
    expect((await db.comment.findMany({ where: { articleId: article.id }, select: { id: true } })).map((c) => c.id)).toEqual([sibling.id]);
  });

  it('answers 404 for a missing comment and for a bad id', async () => {
    expect((await request(app).delete('/api/comments/0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f').set(headers('admin'))).status).toBe(404);
    expect((await request(app).delete('/api/comments/nope').set(headers('admin'))).status).toBe(404);
  });
});

describe('GET /api/comments/admin/all', () => {
  let ownComments: string[];

  beforeAll(async () => {
    const mine = await published(byRole.author.user.id);
    const theirs = await published();
    ownComments = [(await commentAt(mine.id, otherAuthor.id, 3)).id, (await commentAt(mine.id, byRole.user.user.id, 1)).id];
    await commentAt(theirs.id, byRole.user.user.id, 2);
  });

  it.each(ACTORS)('as %s: editors and admins list all, authors comments on their own articles, others nothing', async (actor: Actor) => {
    const res = await request(app).get('/api/comments/admin/all?limit=100').set(headers(actor));
    const expected = { anonymous: 401, user: 403, author: 200, editor: 200, admin: 200, 'super-admin': 200 }[actor];
    expect(res.status).toBe(expected);
    if (expected !== 200) return;
    const total =
      actor === 'author' ? await db.comment.count({ where: { article: { authorId: byRole.author.user.id } } }) : await db.comment.count();
    expect(res.body.success).toBe(true);
    expect(res.body.data.pagination).toEqual({ total, page: 1, limit: 100 });
    if (actor === 'author') {
      const expectedIds = await db.comment.findMany({
        where: { article: { authorId: byRole.author.user.id } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: { id: true },
      });
      const ids = res.body.data.comments.map((c: Comment) => c.id);
      expect(ids).toEqual(expectedIds.map((c) => c.id));
      expect(ids).toEqual(expect.arrayContaining(ownComments));
      expect(ids.indexOf(ownComments[1])).toBeLessThan(ids.indexOf(ownComments[0]));
      expect(res.body.data.comments[0].article).toEqual({ id: expect.any(String), title: expect.any(String) });
    }
  });

  it('pages newest first with defaults page 1 and limit 20, each comment with its article', async () => {
    const total = await db.comment.count();
    expect(total).toBeGreaterThan(20);
    const first = await request(app).get('/api/comments/admin/all').set(headers('editor'));
    expect(first.body.data.pagination).toEqual({ total, page: 1, limit: 20 });
    expect(first.body.data.comments).toHaveLength(20);
    const times = first.body.data.comments.map((c: Comment) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await request(app).get('/api/comments/admin/all?page=2&limit=20').set(headers('editor'));
    const firstIds = new Set(first.body.data.comments.map((c: Comment) => c.id));
    expect(second.body.data.comments.some((c: Comment) => firstIds.has(c.id))).toBe(false);
    const sample = second.body.data.comments[0];
    const row = await db.comment.findUniqueOrThrow({
      where: { id: sample.id },
      select: { article: { select: { id: true, title: true } } },
    });
    expect(sample.article).toEqual(row.article);
  });

  it.each(['page=0', 'limit=101', 'page=x'])('refuses ?%s with 400', async (qs) => {
    expect((await request(app).get(`/api/comments/admin/all?${qs}`).set(headers('admin'))).status).toBe(400);
  });
});

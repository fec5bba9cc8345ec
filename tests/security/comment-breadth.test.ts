import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import type { Comment } from '../../shared/types';
import { commentsPerAnswer } from '../../server/src/comments/comments.service';
import { createTestApp } from '../helpers/app';
import { measureTrees } from '../helpers/comment-trees';
import { createArticle, createCategory, createUser } from '../helpers/factories';

/**
 * Issue 22, item 2: replies were capped in depth, not in breadth. 10,000 replies under one comment made the
 * article's comments answer 6.5 MB and its page 16.6 MB, more than the response cache keeps (4 MB), so every
 * anonymous view rendered the page again. A comment now carries its newest replies and the count of all of
 * them, the others are paged (GET /api/comments/:id/replies), and an answer holds a bounded number of comments
 * whatever the shape of the tree (docs/decisions/039-comment-replies-paged.md).
 */
const { app, ctx, db } = await createTestApp();
const category = await createCategory(db);
const author = await createUser(db, { role: 'author' });
const publishedArticle = () => createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published' });

const SHOWN = LIMITS.commentRepliesShown;
const REPLIES = 10_000;
const wide = await publishedArticle();
const parent = await db.comment.create({
  data: { articleId: wide.id, authorId: author.id, content: 'The comment everyone answered', createdAt: new Date(Date.now() - 86_400_000) },
});
// One statement. Reply n is n seconds old: newest first is reply 1, 2, 3...
await db.$executeRaw`
  INSERT INTO "Comment" (id, content, "articleId", "authorId", "parentId", "createdAt", "updatedAt")
  SELECT gen_random_uuid(), 'Reply number ' || n || ', one of many under the same comment', ${wide.id}::uuid, ${author.id}::uuid,
         ${parent.id}::uuid, now() - n * interval '1 second', now()
  FROM generate_series(1, ${REPLIES}::int) n`;

const numberOf = (c: Comment) => Number(/^Reply number (\d+),/.exec(c.content)?.[1]);

/** Every comment shows the newest of its replies (as many as a read carries) or none: the next page starts after them. */
function showsNewestOrNone(trees: Comment[]): boolean {
  const all = (list: Comment[]): Comment[] => list.flatMap((c) => [c, ...all(c.replies)]);
  return all(trees).every((c) => c.replies.length === 0 || c.replies.length === Math.min(SHOWN, c.replyCount));
}

describe('10,000 replies under one comment', () => {
  it('answer the article comments read with the newest replies and the count of all, in a few kB', async () => {
    const res = await request(app).get(`/api/comments/article/${wide.id}?limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 1, limit: 100, offset: 0 });
    const [top] = res.body.data as Comment[];
    expect(top).toMatchObject({ id: parent.id, replyCount: REPLIES });
    expect(top!.replies.map(numberOf)).toEqual(Array.from({ length: SHOWN }, (_, i) => i + 1));
    expect(top!.replies.every((r) => r.replyCount === 0 && r.replies.length === 0)).toBe(true);
    // One comment and its newest replies: about 600 bytes each here (ids, times, the content and the quoted
    // parent), so 1 kB a comment is a generous bound. The unbounded answer was 6.5 MB.
    expect(Buffer.byteLength(res.text)).toBeLessThan((1 + SHOWN) * 1024);
  });

  it('page through GET /api/comments/:id/replies, newest first, each reply once', async () => {
    const first = await request(app).get(`/api/comments/article/${wide.id}`);
    const seen: number[] = (first.body.data[0] as Comment).replies.map(numberOf);
    const ids = new Set((first.body.data[0] as Comment).replies.map((r) => r.id));
    const limit = 100;
    for (let offset = seen.length; offset < REPLIES; offset += limit) {
      const page = await request(app).get(`/api/comments/${parent.id}/replies?limit=${limit}&offset=${offset}`);
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ total: REPLIES, limit, offset });
      expect(page.body.data).toHaveLength(Math.min(limit, REPLIES - offset));
      for (const reply of page.body.data as Comment[]) {
        expect(reply.parentId).toBe(parent.id);
        ids.add(reply.id);
        seen.push(numberOf(reply));
      }
    }
    expect(ids.size).toBe(REPLIES);
    expect(seen).toEqual(Array.from({ length: REPLIES }, (_, i) => i + 1));
    const past = await request(app).get(`/api/comments/${parent.id}/replies?offset=${REPLIES}`);
    expect(past.body).toEqual({ success: true, data: [], pagination: { total: REPLIES, limit: 20, offset: REPLIES } });
  });

  it('leave the article page under 1 MB, and the response cache keeps it', async () => {
    const page = await request(app).get(`/article/${wide.id}`);
    expect(page.status).toBe(200);
    expect(Buffer.byteLength(page.text)).toBeLessThan(1_000_000);
    expect(page.text).toContain('Reply number 1,');
    expect(page.text).toContain(`Show ${REPLIES - SHOWN} more replies`);
    // Changed through the app's own client, whose writes purge nothing: a stored page still shows the old text.
    await ctx.db.comment.updateMany({
      where: { parentId: parent.id, content: { startsWith: 'Reply number 1,' } },
      data: { content: 'Changed behind the back' },
    });
    const again = await request(app).get(`/article/${wide.id}`);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Reply number 1,');
    expect(again.text).not.toContain('Changed behind the back');
    expect(again.headers.etag).toBe(page.headers.etag);
  });
});

describe('a tree wide at every level', () => {
  it('answers a bounded number of comments for the comments asked for, the shallowest first', async () => {
    // 100 top-level comments, each with 5 replies, 5 under each of those and 5 under each of those: 15,600 comments.
    const article = await publishedArticle();
    await db.$executeRaw`
      INSERT INTO "Comment" (id, content, "articleId", "authorId", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), 'L1', ${article.id}::uuid, ${author.id}::uuid, now() - n * interval '1 minute', now()
      FROM generate_series(1, 100) n`;
    for (const level of [2, 3, 4])
      await db.$executeRaw`
        INSERT INTO "Comment" (id, content, "articleId", "authorId", "parentId", "createdAt", "updatedAt")
        SELECT gen_random_uuid(), ${`L${level}`}, p."articleId", p."authorId", p.id, p."createdAt" + n * interval '1 second', now()
        FROM "Comment" p, generate_series(1, 5) n
        WHERE p."articleId" = ${article.id}::uuid AND p.content = ${`L${level - 1}`}`;
    expect(await db.comment.count({ where: { articleId: article.id } })).toBe(100 * (1 + 5 + 25 + 125));

    // A page of 100 top-level comments (the most a page asks) and of 20 (the reader's page).
    for (const limit of [100, 20]) {
      const res = await request(app).get(`/api/comments/article/${article.id}?limit=${limit}`);
      expect(res.status).toBe(200);
      const trees = res.body.data as Comment[];
      expect(trees).toHaveLength(limit);
      // Spent level by level: every top-level comment gets its newest replies before any reply gets its own.
      expect(commentsPerAnswer(limit)).toBe(limit * (1 + SHOWN));
      expect(measureTrees(trees)).toEqual({ levels: 2, count: commentsPerAnswer(limit) });
      expect(showsNewestOrNone(trees)).toBe(true);
      for (const top of trees) {
        expect(top.replyCount).toBe(5);
        expect(top.replies.map((r) => [r.replyCount, r.replies.length])).toEqual(Array.from({ length: SHOWN }, () => [5, 0]));
      }
    }
    expect(commentsPerAnswer(100)).toBe(400);

    const [first] = (await request(app).get(`/api/comments/article/${article.id}?limit=1`)).body.data as Comment[];
    // One comment: 1 + 3 + 9, then the bound stops the walk at the 19th of the 27 comments of the next level,
    // part way through the replies of the 7th comment there, which then shows none.
    const one = await request(app).get(`/api/comments/${first!.id}`);
    expect(commentsPerAnswer(1)).toBe(32);
    expect(measureTrees([one.body.data])).toEqual({ levels: 4, count: 1 + 3 + 9 + 6 * 3 });
    expect(showsNewestOrNone([one.body.data])).toBe(true);
    const replies = await request(app).get(`/api/comments/${first!.id}/replies?limit=5`);
    expect(replies.body.pagination).toEqual({ total: 5, limit: 5, offset: 0 });
    expect(measureTrees(replies.body.data)).toEqual({ levels: 3, count: commentsPerAnswer(5) });
    expect(showsNewestOrNone(replies.body.data)).toBe(true);
  });
});

describe('a thread of the longest comments', () => {
  it('quotes each reply’s parent in a few words, not in full: the page does not carry every long comment again under each reply', async () => {
    const article = await publishedArticle();
    const long = 'x'.repeat(LIMITS.commentMax);
    const top = await db.comment.create({ data: { articleId: article.id, authorId: author.id, content: long } });
    await db.comment.create({ data: { articleId: article.id, authorId: author.id, content: long, parentId: top.id } });
    const res = await request(app).get(`/api/comments/article/${article.id}`);
    const reply = (res.body.data as Comment[])[0]!.replies[0]!;
    expect(reply.content).toHaveLength(LIMITS.commentMax);
    expect(reply.parent!.content).toBe(long.slice(0, LIMITS.commentQuoteChars));
  });
});

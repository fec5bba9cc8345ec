import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import type { Comment } from '../../shared/types';
import { ARTICLE_HTML_LIMITS } from '../../server/src/lib/sanitize';
import { createTestApp } from '../helpers/app';
import { measureTrees } from '../helpers/comment-trees';
import { createArticle, createCategory, login } from '../helpers/factories';
import { Tags } from '../../server/src/lib/cache-scope';

/** Issue 9, items 1 and 2: work done for one request is bounded, whatever an author or a reader stored. */
const { app, ctx, db, databaseUrl } = await createTestApp();
const author = await login(ctx, 'author');
const editor = await login(ctx, 'editor');
const category = await createCategory(db);

/** The payload: 160,000 nested <b> (480 kB) froze the event loop for 18 s on every share-page read. */
const NESTED = '<b>'.repeat(160_000) + 'x';

const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

const newArticle = (content: string, summary = 'A summary.') =>
  request(app).post('/api/articles').set(author.auth).send({ title: 'Bounded', summary, content, categoryId: category.id });

describe('article bodies are bounded when they are stored', () => {
  it('refuses deeply nested markup with 400 Validation failed, on create and on update, and stores nothing', async () => {
    const created = await newArticle(NESTED);
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      error: 'Validation failed',
      details: [`Content must not nest HTML elements more than ${ARTICLE_HTML_LIMITS.maxDepth} levels deep`],
    });
    expect(await db.article.count({ where: { authorId: author.user.id } })).toBe(0);

    const own = await createArticle(db, { authorId: author.user.id, categoryId: category.id });
    const updated = await request(app).put(`/api/articles/${own.id}`).set(author.auth).send({ content: NESTED, version: own.version });
    expect(updated.status).toBe(400);
    expect(updated.body.error).toBe('Validation failed');
    expect((await db.article.findUniqueOrThrow({ where: { id: own.id } })).content).toBe(own.content);
  });

  it('accepts nesting up to the limit, and refuses more elements than the limit', async () => {
    const { maxDepth, maxElements } = ARTICLE_HTML_LIMITS;
    const deep = `<blockquote>${'<b>'.repeat(maxDepth - 1)}deep${'</b>'.repeat(maxDepth - 1)}</blockquote>`;
    expect((await newArticle(deep)).status).toBe(201);
    const many = await newArticle('<p>x</p>'.repeat(maxElements + 1));
    expect(many.status).toBe(400);
    expect(many.body.details).toEqual([
      `Content must have at most ${maxElements} HTML elements (tags); split it or simplify its formatting`,
    ]);
    // Unclosed paragraphs close each other: they are many elements, not deep ones.
    expect((await newArticle('<p>para'.repeat(maxElements))).status).toBe(201);
  });

  it('applies the size limit to the stored body too, not only to the body sent', async () => {
    // 480 kB of text that sanitising escapes (">" becomes "&gt;"): under the limit as sent, 1.9 MB as stored.
    const content = `<p>${'>'.repeat(480_000)}</p>`;
    expect(Buffer.byteLength(content)).toBeLessThan(LIMITS.contentMaxBytes);
    const res = await newArticle(content);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Validation failed',
      details: [`Content must be at most ${LIMITS.contentMaxBytes / 1000} kB as stored, once its tags are closed and its text escaped`],
    });
  });
});

describe('the share page reads the summary and never parses the body', () => {
  it('serves a row with a huge nested body from its summary', async () => {
    // Written straight to the database, as a body stored before the limits existed would be.
    const row = await createArticle(db, {
      authorId: author.user.id,
      categoryId: category.id,
      status: 'published',
      content: NESTED,
      summary: 'The summary.',
    });
    const res = await request(app).get(`/api/articles/share/${row.id}`);
    expect(res.status).toBe(200);
    expect(metaContent(res.text, 'og:description')).toBe('The summary.');
    expect(metaContent(res.text, 'twitter:description')).toBe('The summary.');
    expect(res.text).not.toContain('<b>');
  });

  it('lets an editor change the summary of an article whose body was stored before the limits, without parsing it', async () => {
    const row = await createArticle(db, { authorId: author.user.id, categoryId: category.id, content: NESTED });
    const res = await request(app)
      .put(`/api/articles/${row.id}`)
      .set(editor.auth)
      .send({ summary: 'A better summary.', version: row.version });
    expect(res.status).toBe(200);
    expect(await db.article.findUniqueOrThrow({ where: { id: row.id }, select: { summary: true } })).toEqual({
      summary: 'A better summary.',
    });
  });
});

/** Runs a migration script as the migration runner does: statement by statement, on one connection. */
async function runScript(script: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of script.split(';').map((s) => s.trim())) if (statement) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A reply chain `length` deep written straight to the database, as replies stored before the cap were. */
async function chain(articleId: string, authorId: string, length: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH ids AS (SELECT array_agg(gen_random_uuid() ORDER BY i) AS a FROM generate_series(1, ${length}::int) i)
    INSERT INTO "Comment" (id, content, "articleId", "authorId", "parentId", "createdAt", "updatedAt")
    SELECT a[i], 'Level ' || i, ${articleId}::uuid, ${authorId}::uuid, CASE WHEN i > 1 THEN a[i - 1] END,
           now() + i * interval '1 millisecond', now()
    FROM ids, generate_series(1, ${length}::int) i
    RETURNING id::text AS id`;
  return rows.map((r) => r.id);
}

describe('comment threads are bounded in depth', () => {
  const LEVELS = LIMITS.commentLevelsMax;

  it('attaches a reply to the deepest level to that level', async () => {
    const article = await createArticle(db, { authorId: editor.user.id, categoryId: category.id, status: 'published' });
    const readers = [await login(ctx, 'user'), await login(ctx, 'user')];
    const ids: string[] = [];
    for (let i = 0; i < LEVELS + 2; i++) {
      const res = await request(app)
        .post(`/api/comments/article/${article.id}`)
        .set(readers[i % 2]!.auth)
        .send({ content: `Reply ${i + 1}`, parentId: ids.at(-1) });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    // Levels 1 to 8 nest; the 9th and 10th, each a reply to the comment before, join level 8 under the 7th.
    const parents = await db.comment.findMany({ where: { articleId: article.id }, select: { id: true, parentId: true } });
    const parentOf = new Map(parents.map((c) => [c.id, c.parentId]));
    expect(parentOf.get(ids[LEVELS - 1]!)).toBe(ids[LEVELS - 2]);
    expect(parentOf.get(ids[LEVELS]!)).toBe(ids[LEVELS - 2]);
    expect(parentOf.get(ids[LEVELS + 1]!)).toBe(ids[LEVELS - 2]);
    const read = await request(app).get(`/api/comments/article/${article.id}`);
    expect(read.status).toBe(200);
    expect(measureTrees(read.body.data)).toEqual({ levels: LEVELS, count: LEVELS + 2 });
  });

  it('serves a 10,000-deep legacy thread to 10 readers at once, bounded, while other routes answer', async () => {
    const article = await createArticle(db, { authorId: editor.user.id, categoryId: category.id, status: 'published' });
    const ids = await chain(article.id, editor.user.id, 10_000);
    const reads = await Promise.all([
      ...Array.from({ length: 10 }, () => request(app).get(`/api/comments/article/${article.id}`)),
      request(app).get('/api/categories'),
      request(app).get(`/api/comments/${ids[0]}`),
    ]);
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    expect(measureTrees(reads[0]!.body.data)).toEqual({ levels: LEVELS, count: LEVELS });
    expect(measureTrees([reads[11]!.body.data])).toEqual({ levels: LEVELS, count: LEVELS });

    // The migration moves the deeper replies up to level 8: none deeper, all counted.
    const dir = path.resolve(
      'prisma/migrations',
      readdirSync('prisma/migrations').find((d) => d.endsWith('_cap_comment_depth'))!,
    );
    await runScript(readFileSync(path.join(dir, 'migration.sql'), 'utf8'));
    // The migration changed comments behind the app's back, as a deploy would: a deploy starts with an empty cache.
    await ctx.cache.purge([Tags.everything]);
    const after = await request(app).get(`/api/comments/article/${article.id}`);
    expect(after.status).toBe(200);
    // Level 8 is 9,993 replies to the comment at level 7: it shows the newest (issue 22, comment-breadth.test.ts).
    expect(measureTrees(after.body.data)).toEqual({ levels: LEVELS, count: LEVELS - 1 + LIMITS.commentRepliesShown });
    let seventh = after.body.data[0] as Comment;
    for (let level = 1; level < LEVELS - 1; level++) seventh = seventh.replies[0]!;
    expect(seventh.replyCount).toBe(10_000 - (LEVELS - 1));

    // A reply to a comment at level 8 joins level 8.
    const reader = await login(ctx, 'user');
    const reply = await request(app)
      .post(`/api/comments/article/${article.id}`)
      .set(reader.auth)
      .send({ content: 'Deep reply', parentId: ids[9_999] });
    expect(reply.status).toBe(201);
    expect(reply.body.data.parentId).toBe(ids[LEVELS - 2]);
  });
});

import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { createArticle, createCategory, createUser } from '#tests/helpers/factories';
import { burstAgent, postJson, type Answer } from '#tests/helpers/http-burst';
import { createDb, poolOf } from '../db/client';
import { freePort } from '../db/embedded';
import { isDatabaseUnavailable } from '../lib/error-middleware';
import { HttpError } from '../lib/errors';
import { createViewRecorder, type ViewOutcome } from './view-recorder';
import { pendingView } from './views.service';

const SECRET = 'view-recorder-test-secret';

/** Issue 11: views logged in batches (group commit) hold a burst with exact counts (docs/decisions/027). */
// Behind a proxy that names the client, so that the burst comes from many readers.
const { app, ctx, db } = await createTestApp({ TRUST_PROXY: '1' });
const category = await createCategory(db);
const writer = await createUser(db, { role: 'author' });
const published = () => createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published' });

// A real listening server: a burst through supertest would open one server per request.
const server = http.createServer(app).listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const agent = burstAgent();
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Reader number `n` (up to 65,535 of them): another client address. */
const reader = (n: number) => ({ 'X-Forwarded-For': `10.20.${n >> 8}.${n & 255}` });
const view = (articleId: string, who: Record<string, string>) =>
  postJson(agent, `${base}/api/view/article/${articleId}`, { percentViewed: 50 }, who);
const answered = (a: Answer) => ('status' in a ? a : { status: 0, body: a.error });
const counted = async (articleId: string) => ({
  totalViews: (await db.article.findUniqueOrThrow({ where: { id: articleId }, select: { totalViews: true } })).totalViews,
  logs: await db.viewLog.count({ where: { articleId } }),
});

describe('a burst of views', () => {
  it('answers 2,000 concurrent views of distinct readers with 201, stores each and counts each exactly once', async () => {
    const articles = await Promise.all(Array.from({ length: 4 }, () => published()));
    const before = ctx.viewRecorder.stats;
    const answers = (await Promise.all(Array.from({ length: 2000 }, (_, n) => view(articles[n % 4]!.id, reader(n))))).map(answered);

    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const bodies = answers.map((a) => a.body as { id: string; counted: boolean; totalViews: number });
    expect(bodies.every((b) => b.counted)).toBe(true);
    const ids = bodies.map((b) => b.id);
    expect(new Set(ids).size).toBe(2000);
    expect(await db.viewLog.count({ where: { id: { in: ids } } })).toBe(2000);
    for (const [i, article] of articles.entries()) {
      expect(await counted(article.id)).toEqual({ totalViews: 500, logs: 500 });
      // Each view was told the count it made: 1 to 500, each once.
      const told = bodies.filter((_, n) => n % 4 === i).map((b) => b.totalViews);
      expect(told.sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, k) => k + 1));
    }

    // Written in batches: fewer transactions than views.
    const after = ctx.viewRecorder.stats;
    expect(after.views - before.views).toBe(2000);
    expect(after.flushes - before.flushes).toBeLessThan(2000);
    expect(after.largestBatch).toBeGreaterThan(1);
  }, 120_000);

  it('counts 500 concurrent views from one reader once, whichever batches they fall in', async () => {
    const article = await published();
    const answers = (await Promise.all(Array.from({ length: 500 }, () => view(article.id, reader(7))))).map(answered);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(499);
    expect(answers.every((a) => (a.body as { totalViews: number }).totalViews === 1)).toBe(true);
    expect(await counted(article.id)).toEqual({ totalViews: 1, logs: 1 });
  }, 60_000);
});

describe('the view recorder', () => {
  const input = { percentViewed: 10, fullyViewed: false, middleViewed: false, topViewed: true, bottomViewed: false };

  it('takes a view queued the moment the previous flush settled (no lost wakeup)', async () => {
    const recorder = createViewRecorder(poolOf(ctx.db));
    const article = await published();
    // Each record starts in the continuation of the last one's settling, when the drain that wrote it is ending.
    const first = await recorder.record(pendingView(article.id, '192.0.2.50', null, input, SECRET));
    const second = await recorder.record(pendingView(article.id, '192.0.2.51', null, input, SECRET));
    // The same reader again: the same 30-minute window (an id in upper case is lower-cased where it is parsed: views.test.ts).
    const repeat = await recorder.record(pendingView(article.id, '192.0.2.51', null, input, SECRET));
    const third = await recorder.record(pendingView(article.id, '192.0.2.52', null, input, SECRET));
    expect([first, second, repeat, third]).toEqual<ViewOutcome[]>([
      { kind: 'counted', totalViews: 1 },
      { kind: 'counted', totalViews: 2 },
      { kind: 'repeat', totalViews: 2 },
      { kind: 'counted', totalViews: 3 },
    ]);
    expect(await counted(article.id)).toEqual({ totalViews: 3, logs: 3 });
    await recorder.close();
  });

  it('answers each view of a mixed batch: counted, repeated within the batch, and unpublished', async () => {
    const recorder = createViewRecorder(poolOf(ctx.db));
    const [a, b] = await Promise.all([published(), published()]);
    const draft = await createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'draft' });
    const views = [
      // Flushed at once, alone: the recorder was idle.
      pendingView(a.id, '192.0.2.1', null, input, SECRET),
      // Queued meanwhile: the next flush takes them together.
      pendingView(a.id, '192.0.2.1', null, input, SECRET),
      pendingView(a.id, '192.0.2.2', null, input, SECRET),
      pendingView(b.id, '192.0.2.2', null, input, SECRET),
      pendingView(a.id, '192.0.2.3', { id: writer.id, emailVerified: true }, input, SECRET),
      pendingView(a.id, '192.0.2.3', { id: writer.id, emailVerified: true }, input, SECRET),
      pendingView(draft.id, '192.0.2.4', null, input, SECRET),
    ];
    const outcomes = await Promise.all(views.map((v) => recorder.record(v)));
    expect(outcomes).toEqual<ViewOutcome[]>([
      { kind: 'counted', totalViews: 1 },
      { kind: 'repeat', totalViews: 3 },
      { kind: 'counted', totalViews: 2 },
      { kind: 'counted', totalViews: 1 },
      { kind: 'counted', totalViews: 3 },
      { kind: 'repeat', totalViews: 3 },
      { kind: 'unpublished' },
    ]);
    expect(recorder.stats).toEqual({ flushes: 2, views: 7, largestBatch: 6 });
    expect(await counted(a.id)).toEqual({ totalViews: 3, logs: 3 });
    expect(await counted(b.id)).toEqual({ totalViews: 1, logs: 1 });
    expect(await counted(draft.id)).toEqual({ totalViews: 0, logs: 0 });
    const stored = await db.viewLog.findMany({ where: { id: { in: views.map((v) => v.id) } } });
    expect(stored.map((l) => l.id).sort()).toEqual([0, 2, 3, 4].map((i) => views[i]!.id).sort());
    expect(stored.find((l) => l.id === views[4]!.id)).toMatchObject({
      articleId: a.id,
      userId: writer.id,
      percentViewed: 10,
      topViewed: true,
      fullyViewed: false,
    });
    // No window was opened for the draft: its views were never counted.
    expect(await db.rateLimit.count({ where: { key: views[6]!.dedupKey } })).toBe(0);
    await recorder.close();
  });

  it('rejects every view of a batch whose flush fails, with an error that answers 503, and refuses views once closed', async () => {
    // Nothing listens there: the database is down.
    const down = createDb(`postgresql://postgres@127.0.0.1:${await freePort()}/none`, 1);
    const recorder = createViewRecorder(poolOf(down));
    const article = await published();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => recorder.record(pendingView(article.id, `192.0.2.${10 + n}`, null, input, SECRET))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(results.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
    await recorder.close();
    const refused: unknown = await recorder.record(pendingView(article.id, '192.0.2.20', null, input, SECRET)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect(await counted(article.id)).toEqual({ totalViews: 0, logs: 0 });
    await down.$disconnect();
  });
});

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { createBreakingNews, login } from '#tests/helpers/factories';
import { openSse, type SseEvent, type SseStream } from '#tests/helpers/sse';
import { createServerListener } from '../app';
import { createAppContext } from '../context';
import { createDb } from '../db/client';

/**
 * Issue 13, live breaking news: open reader pages receive the ticker at every change, from any replica
 * (a trigger NOTIFYs, every process LISTENs: docs/decisions/035-live-breaking-news.md).
 */
const { app, ctx, db, databaseUrl } = await createTestApp();

// A second app process on the same database: its own pool, listener and streams.
const dbB = createDb(databaseUrl, 3);
const ctxB = await createAppContext({ config: ctx.config, db: dbB, logger: ctx.logger, jwtSecret: randomBytes(32).toString('hex') });
const serverA = http.createServer(createServerListener(ctx));
const serverB = http.createServer(createServerListener(ctxB));
await Promise.all([serverA, serverB].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/breaking-news/stream`;

const streams: SseStream[] = [];
const open = async (server: http.Server, headers?: Record<string, string>) => {
  const stream = await openSse(urlOf(server), headers);
  streams.push(stream);
  return stream;
};
afterAll(async () => {
  for (const s of streams) s.close();
  await ctxB.liveFeed.close();
  await Promise.all([serverA, serverB].map((s) => new Promise((resolve) => s.close(resolve))));
  await ctxB.viewRecorder.close();
  await ctxB.cache.close();
  await dbB.$disconnect();
});

const headlinesOf = (e: SseEvent) => (JSON.parse(e.data) as { news: { headline: string; status: string }[] }).news.map((n) => n.headline);
const isTicker = (expected: string[]) => (e: SseEvent) =>
  e.event === 'headlines' && JSON.stringify(headlinesOf(e)) === JSON.stringify(expected);

let editor: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  editor = await login(ctx, 'editor');
  await db.breakingNews.deleteMany();
});

describe('GET /api/breaking-news/stream', () => {
  it('sends the ticker at once, then again when an editor publishes or withdraws through another replica', async () => {
    const first = await createBreakingNews(db, { authorId: editor.user.id, status: 'published', headline: 'Bridge reopens' });
    await createBreakingNews(db, { authorId: editor.user.id, headline: 'Still a draft' });

    const stream = await open(serverB, { 'Accept-Encoding': 'gzip, br' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    // Never compressed: a compressor would hold the events back.
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    await stream.next(isTicker(['Bridge reopens']));

    // Through replica A (supertest on the first app), seen on B's stream.
    const created = await request(app).post('/api/breaking-news').set(editor.auth).send({ headline: 'Storm warning lifted' });
    expect(created.status).toBe(201);
    const from = stream.events.length;
    expect((await request(app).post(`/api/breaking-news/${created.body.id}/publish`).set(editor.auth)).status).toBe(200);
    await stream.next(isTicker(['Storm warning lifted', 'Bridge reopens']), { from });

    const before = stream.events.length;
    expect((await request(app).post(`/api/breaking-news/${first.id}/unpublish`).set(editor.auth)).status).toBe(200);
    await stream.next(isTicker(['Storm warning lifted']), { from: before });
    // A draft never reaches readers.
    expect(stream.events.flatMap((e) => (e.event === 'headlines' ? headlinesOf(e) : []))).not.toContain('Still a draft');
  });

  it('sends a change made outside the API too (the trigger), and a reconnect with Last-Event-ID skips what the reader has', async () => {
    const stream = await open(serverA);
    const now = await stream.next((e) => e.event === 'headlines');
    stream.close();

    // Reconnecting to the other replica with the id it saw: nothing new to send.
    const resumed = await open(serverB, { 'Last-Event-ID': now.id! });
    await resumed.next((e) => e.event === 'retry');
    const item = await db.breakingNews.findFirstOrThrow({ where: { status: 'published' } });
    await db.breakingNews.update({ where: { id: item.id }, data: { headline: 'Edited by hand' } });
    const changed = await resumed.next((e) => e.event === 'headlines');
    expect(headlinesOf(changed)).toEqual(['Edited by hand']);
    expect(changed.id).not.toBe(now.id);
    // The only ticker on the resumed stream is the changed one.
    expect(resumed.events.filter((e) => e.event === 'headlines')).toHaveLength(1);

    // With an id it has not seen (a reader away during the change), the ticker comes at once.
    const late = await open(serverA, { 'Last-Event-ID': now.id! });
    expect(headlinesOf(await late.next((e) => e.event === 'headlines'))).toEqual(['Edited by hand']);
  });

  it('ends its streams when the process stops, and refuses new ones', async () => {
    const stream = await open(serverB);
    await stream.next((e) => e.event === 'headlines');
    await ctxB.liveFeed.close();
    await stream.ended;
    const refused = await fetch(urlOf(serverB));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Live updates are not available on this server right now, please retry shortly',
    });
  });
});

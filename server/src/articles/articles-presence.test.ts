import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createUser, login, type Actor } from '#tests/helpers/factories';
import { createTestApp } from '#tests/helpers/app';
import { deniedStatus } from '#tests/helpers/permissions';
import { openSse, type SseEvent, type SseStream } from '#tests/helpers/sse';
import { createServerListener } from '../app';
import { PRESENCE_LIMITS } from './presence.service';
import { createAppContext } from '../context';
import { createDb } from '../db/client';

/**
 * Presence (docs/decisions/063-autosave-presence-conflicts.md): two people with the same article open in the editor
 * see each other, live, whichever replica each is on; one who leaves is gone from the other's list.
 */
const { ctx, db, databaseUrl } = await createTestApp();
const dbB = createDb(databaseUrl, 3);
const ctxB = await createAppContext({ config: ctx.config, db: dbB, logger: ctx.logger, jwtSecret: ctx.jwtSecret });
const serverA = http.createServer(createServerListener(ctx));
const serverB = http.createServer(createServerListener(ctxB));
await Promise.all([serverA, serverB].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
const urlOf = (server: http.Server, id: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/articles/${id}/presence`;

const streams: SseStream[] = [];
const open = async (server: http.Server, id: string, headers: Record<string, string>) => {
  const stream = await openSse(urlOf(server, id), headers);
  streams.push(stream);
  return stream;
};
afterAll(async () => {
  for (const s of streams) s.close();
  await ctxB.presence.close();
  await ctxB.liveFeed.close();
  await Promise.all([serverA, serverB].map((s) => new Promise((resolve) => s.close(resolve))));
  await ctxB.viewRecorder.close();
  await ctxB.cache.close();
  await dbB.$disconnect();
});

const namesIn = (e: SseEvent) => (JSON.parse(e.data) as { editors: { name: string }[] }).editors.map((x) => x.name);
const showing = (names: string[]) => (e: SseEvent) => e.event === 'presence' && JSON.stringify(namesIn(e)) === JSON.stringify(names);

const category = await createCategory(db);
const ada = await login(ctx, 'editor', { name: 'Ada Editor' });
const grace = await login(ctx, 'admin', { name: 'Grace Admin' });
const author = await login(ctx, 'author', { name: 'Alan Author' });

describe('GET /api/articles/:id/presence', () => {
  it('holds a person to their share, and a stream given up while it opens leaves no row', async () => {
    const a = await createArticle(db, { authorId: author.user.id, categoryId: category.id });
    const mine: SseStream[] = [];
    for (let i = 0; i < PRESENCE_LIMITS.perUser; i++) mine.push(await open(serverB, a.id, grace.auth));
    expect(mine.map((s) => s.response.status)).toEqual(Array(PRESENCE_LIMITS.perUser).fill(200));
    const over = await fetch(urlOf(serverB, a.id), { headers: grace.auth });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('30');
    for (const s of mine) s.close();
    await expect.poll(() => db.articlePresence.count({ where: { articleId: a.id } })).toBe(0);
    // Asked for all at once, the share holds too (each request takes its slot before it waits for anything).
    const burst = await Promise.all(Array.from({ length: PRESENCE_LIMITS.perUser + 5 }, () => open(serverB, a.id, grace.auth)));
    const statuses = burst.map((s) => s.response.status);
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length]).toEqual([PRESENCE_LIMITS.perUser, 5]);
    for (const s of burst) s.close();
    await expect.poll(() => db.articlePresence.count({ where: { articleId: a.id } })).toBe(0);
    // Given up while their rows are written: none is left behind, and the share is free again.
    const quick = Array.from({ length: 5 }, () => new AbortController());
    const opening = quick.map((stop) => fetch(urlOf(serverB, a.id), { headers: grace.auth, signal: stop.signal }).catch(() => null));
    for (const stop of quick) setTimeout(() => stop.abort(), 1);
    await Promise.all(opening);
    await expect.poll(() => db.articlePresence.count({ where: { articleId: a.id } })).toBe(0);
    const again = await open(serverB, a.id, grace.auth);
    expect(again.response.status).toBe(200);
    again.close();
  });

  it('shows each editor the others, across replicas, and drops one who leaves', async () => {
    const a = await createArticle(db, { authorId: author.user.id, categoryId: category.id });
    const first = await open(serverA, a.id, ada.auth);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.response.headers.get('content-encoding')).toBeNull();
    await first.next(showing([]));

    const second = await open(serverB, a.id, grace.auth);
    await second.next(showing(['Ada Editor']));
    await first.next(showing(['Grace Admin']));
    // Its author, in two tabs: one entry for them.
    const own = await open(serverA, a.id, author.auth);
    const ownAgain = await open(serverB, a.id, author.auth);
    await own.next(showing(['Ada Editor', 'Grace Admin', 'Alan Author']));
    await first.next(showing(['Grace Admin', 'Alan Author']));
    await ownAgain.next(showing(['Ada Editor', 'Grace Admin', 'Alan Author']));

    own.close();
    ownAgain.close();
    await first.next(showing(['Grace Admin']));
    second.close();
    await first.next(showing([]));
    await expect.poll(() => db.articlePresence.count({ where: { articleId: a.id } })).toBe(1);
  });

  it('is for those who may edit the article: others are refused before anything is recorded', async () => {
    // Published: an author sees it, and may not edit it (a draft of someone else's they would not even see: 404).
    const theirs = await createArticle(db, {
      authorId: (await createUser(db, { role: 'author' })).id,
      categoryId: category.id,
      status: 'published',
      publishedAt: new Date(),
    });
    const reader = await login(ctx, 'user');
    const cases: [Actor, Record<string, string>][] = [
      ['anonymous', {}],
      ['user', reader.auth],
      // An author, on someone else's article.
      ['author', author.auth],
    ];
    for (const [actor, headers] of cases) {
      const res = await fetch(urlOf(serverA, theirs.id), { headers });
      expect([actor, res.status]).toEqual([actor, actor === 'author' ? 403 : deniedStatus(actor)]);
      await res.body?.cancel();
    }
    const missing = await fetch(urlOf(serverA, '0190f5a4-0000-7000-8000-000000000000'), { headers: ada.auth });
    expect(missing.status).toBe(404);
    expect(await db.articlePresence.count({ where: { articleId: theirs.id } })).toBe(0);
  });

  it('a process that stops takes its editors out of the others’ lists at once', async () => {
    const a = await createArticle(db, { authorId: author.user.id, categoryId: category.id });
    const dbC = createDb(databaseUrl, 2);
    const ctxC = await createAppContext({ config: ctx.config, db: dbC, logger: ctx.logger, jwtSecret: ctx.jwtSecret });
    const serverC = http.createServer(createServerListener(ctxC));
    await new Promise<void>((resolve) => serverC.listen(0, '127.0.0.1', resolve));
    try {
      const watching = await open(serverA, a.id, ada.auth);
      const leaving = await open(serverC, a.id, grace.auth);
      await watching.next(showing(['Grace Admin']));
      await leaving.next(showing(['Ada Editor']));
      await ctxC.close();
      await watching.next(showing([]));
      expect(await db.articlePresence.count({ where: { userId: grace.user.id, articleId: a.id } })).toBe(0);
    } finally {
      serverC.closeAllConnections();
      await new Promise((resolve) => serverC.close(resolve));
    }
  });
});

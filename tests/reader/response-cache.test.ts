import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { openResponseCache } from '../../server/src/cache';
import { RedisStore } from '../../server/src/cache/redis-store';
import { MemoryStore, type CachedAnswer } from '../../server/src/cache/store';
import { parseConfig } from '../../server/src/config';
import { poolOf } from '../../server/src/db/client';
import { RedisLink } from '../../server/src/lib/redis-link';
import { createTestApp } from '../helpers/app';
import { behindFrontDoor } from '../helpers/front-door';
import { authorDesk } from '../helpers/testbed';
import { createArticle, createBreakingNews, login } from '../helpers/factories';

/** The run's Redis (tests/setup/api-global.ts). */
const redisUrl = inject('redisUrl');

/**
 * The response cache (docs/decisions/026-response-cache.md): anonymous reads are kept, every kind of write
 * is seen by the next read, signed-in answers are never kept or served to someone else.
 *
 * To tell a cached answer from a fresh one, rows are changed behind the app's back through `ctx.db` (the
 * app's own client, whose writes purge nothing): a cached read keeps showing the old value, and the
 * write through the API that follows must purge it.
 */
const { app, ctx, db } = await createTestApp();
const desk = await authorDesk(db, { category: 'Harbour Life', author: 'Ada Reporter' });
const { category, author } = desk;
const editor = await login(ctx, 'editor');
const admin = await login(ctx, 'admin');
const reader = await login(ctx, 'user');
const story = await desk.article({ title: 'Ferry timetable changes' });

const behindTheAppsBack = (id: string, title: string) => ctx.db.article.update({ where: { id }, data: { title } });

describe('the response cache', () => {
  it('keeps an anonymous read until a write through the app purges it', async () => {
    const first = await request(app).get(`/api/articles/${story.id}`);
    expect(first.body.title).toBe('Ferry timetable changes');
    await behindTheAppsBack(story.id, 'Changed behind the back');
    const cached = await request(app).get(`/api/articles/${story.id}`);
    expect(cached.body.title).toBe('Ferry timetable changes');
    expect(cached.headers.etag).toBe(first.headers.etag);

    const edit = await request(app)
      .put(`/api/articles/${story.id}`)
      .set(editor.auth)
      .send({ title: 'Ferry timetable changes again', version: 1 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const fresh = await request(app).get(`/api/articles/${story.id}`);
    expect(fresh.body.title).toBe('Ferry timetable changes again');
  });

  it('answers 304 to a reader holding the current version, and says how it may be kept', async () => {
    const first = await request(app).get('/').set('Accept-Encoding', 'gzip, deflate, br');
    // One encoding kept (docs/decisions/053): gzip, which every browser takes.
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toBe('Accept-Encoding, Authorization');
    expect(first.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
    // Security headers are part of the stored answer.
    expect(first.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const again = await request(app).get('/').set('Accept-Encoding', 'gzip, deflate, br').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    const head = await request(app).head('/').set('Accept-Encoding', 'gzip, deflate, br');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('compresses what every reader page carries once: two pages, gzipped, hold the same run of bytes', async () => {
    const other = await desk.article({ title: 'Dredging the harbour mouth' });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const zipped = async (path: string) => {
        const [res] = (await once(http.get({ port, path, headers: { 'Accept-Encoding': 'gzip' } }), 'response')) as [http.IncomingMessage];
        expect(res.headers['content-encoding']).toBe('gzip');
        return buffer(res);
      };
      const [home, article] = await Promise.all([zipped('/'), zipped(`/article/${other.id}`)]);
      expect(gunzipSync(article).toString()).toContain('Dredging the harbour mouth');
      // The script and the inlined stylesheet, tens of KB, compressed once (lib/shared-part-gzip.ts): the same deflate
      // blocks in both, after each page's own head. Two whole-page gzips share no such run.
      // 4 KB well inside the stylesheet's ~9 KB of deflate, past the home page's own head (~1 KB of it).
      expect(article.includes(home.subarray(3_000, 7_000))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('never keeps a signed-in answer, nor gives one an anonymous answer', async () => {
    const draft = await desk.article({ status: 'draft', title: 'Embargoed' });
    const anonymous = await request(app).get(`/api/articles/${draft.id}`);
    expect(anonymous.status).toBe(404);
    const staff = await request(app).get(`/api/articles/${draft.id}`).set(editor.auth);
    expect(staff.status).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect((await request(app).get(`/api/articles/${draft.id}`)).status).toBe(404);
    // A signed-in reader's page is theirs: not stored, not served from what anonymous readers got.
    const mine = await request(app).get('/api/categories').set(reader.auth);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('purges every spelling of an id: an unpublished article is gone in upper case too', async () => {
    const article = await createArticle(ctx.db, { authorId: author.id, categoryId: category.id, status: 'published' });
    const upper = `/api/articles/${article.id.toUpperCase()}`;
    expect((await request(app).get(upper)).status).toBe(200);
    expect((await request(app).post(`/api/articles/${article.id}/unpublish`).set(editor.auth)).status).toBe(200);
    expect((await request(app).get(upper)).status).toBe(404);
  });

  it('keeps the published count of each category fresh', async () => {
    const count = async () =>
      ((await request(app).get('/api/categories')).body as { id: string; articleCount: number }[]).find((c) => c.id === category.id)!
        .articleCount;
    const before = await count();
    const draft = await createArticle(ctx.db, { authorId: author.id, categoryId: category.id, status: 'draft' });
    expect((await request(app).post(`/api/articles/${draft.id}/publish`).set(editor.auth)).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers a page with tracking parameters from the page itself (a query string cannot add an entry)', async () => {
    const article = await createArticle(ctx.db, { authorId: author.id, categoryId: category.id, status: 'published', title: 'Tracked' });
    expect((await request(app).get(`/article/${article.id}?utm_source=x`)).text).toContain('Tracked');
    const before = (await ctx.cache.stats()).store!.entries;
    await behindTheAppsBack(article.id, 'Tracked, changed');
    for (const query of ['utm_source=y', 'fbclid=1', 'x=1&y=2', ''])
      expect((await request(app).get(`/article/${article.id}?${query}`)).text).not.toContain('Tracked, changed');
    expect((await ctx.cache.stats()).store!.entries).toBe(before);
  });

  it('honours an encoding the reader refuses (q=0), and unzips the kept copy for a reader that takes no gzip', async () => {
    const zipped = await request(app).get('/').set('Accept-Encoding', 'br;q=0, gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    for (const accepts of ['gzip;q=0, br', 'br', 'identity', '*;q=0', '*, gzip;q=0']) {
      const res = await request(app).get('/').set('Accept-Encoding', accepts);
      expect(res.headers['content-encoding'], accepts).toBeUndefined();
      expect(res.text).toBe(zipped.text);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      expect(res.headers.etag).toBe(zipped.headers.etag!.replace('-gzip"', '"'));
    }
    expect((await request(app).get('/').set('Accept-Encoding', '*')).headers['content-encoding']).toBe('gzip');
    expect((await request(app).get('/').set('Accept-Encoding', 'x-gzip')).headers['content-encoding']).toBe('gzip');
    // A HEAD says the length the GET would send, for either.
    const heads = await Promise.all(['gzip', 'identity'].map((accepts) => request(app).head('/').set('Accept-Encoding', accepts)));
    expect(heads.map((res) => Number(res.headers['content-length']))).toEqual([
      Number(zipped.headers['content-length']),
      Buffer.byteLength(zipped.text),
    ]);
  });

  it.each([
    {
      write: 'an edit',
      path: () => `/article/${story.id}`,
      before: () => behindTheAppsBack(story.id, 'Stale title'),
      act: async () => {
        const current = await request(app).get(`/api/articles/${story.id}`).set(editor.auth);
        return request(app)
          .put(`/api/articles/${story.id}`)
          .set(editor.auth)
          .send({ title: 'Edited title shows', version: current.body.version });
      },
      shows: 'Edited title shows',
    },
    {
      write: 'a publish',
      path: () => '/rss.xml',
      before: async () => {},
      act: async () => {
        const draft = await createArticle(ctx.db, {
          authorId: author.id,
          categoryId: category.id,
          status: 'draft',
          title: 'Freshly published',
        });
        return request(app).post(`/api/articles/${draft.id}/publish`).set(editor.auth);
      },
      shows: 'Freshly published',
    },
    {
      write: 'an unpublish',
      path: () => '/api/articles/published?limit=50',
      before: async () => {},
      act: async () => {
        const live = await request(app).get('/api/articles/published?limit=1');
        return Object.assign(await request(app).post(`/api/articles/${live.body.data[0].id}/unpublish`).set(editor.auth), {
          gone: live.body.data[0].id as string,
        });
      },
      hides: true,
    },
    {
      write: 'a category rename',
      path: () => '/',
      before: async () => {},
      act: () => request(app).put(`/api/categories/${category.id}`).set(admin.auth).send({ name: 'Harbour Living', version: 1 }),
      shows: 'Harbour Living',
    },
    {
      write: 'a breaking news publication',
      path: () => `/article/${story.id}`,
      before: async () => {},
      act: async () => {
        const item = await createBreakingNews(ctx.db, { authorId: author.id, headline: 'Bridge closed by high winds' });
        return request(app).post(`/api/breaking-news/${item.id}/publish`).set(editor.auth);
      },
      shows: 'Bridge closed by high winds',
    },
    {
      write: 'a comment',
      path: () => `/api/comments/article/${story.id}`,
      before: async () => {},
      act: () => request(app).post(`/api/comments/article/${story.id}`).set(reader.auth).send({ content: 'Good news for commuters' }),
      shows: 'Good news for commuters',
    },
    {
      write: "an author's new name",
      path: () => `/article/${story.id}`,
      before: async () => {},
      act: () => request(app).put(`/api/users/${author.id}`).set(admin.auth).send({ name: 'Ada Harbourmaster', version: author.version }),
      shows: 'Ada Harbourmaster',
    },
  ])('shows $write in the very next read', async ({ path, before, act, shows, hides }) => {
    const warm = await request(app).get(path());
    expect([200, 404]).toContain(warm.status);
    await before();
    const done = (await act()) as request.Response & { gone?: string };
    expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
    const next = await request(app).get(path());
    if (shows) expect(next.text).toContain(shows);
    if (hides) expect(next.text).not.toContain(done.gone);
  });
});

describe("the server's front door", () => {
  it('answers a hit on the bare Node request, before Express runs; a miss or a signed-in read goes to the app', async () => {
    await behindFrontDoor({ ctx, app }, async (server, reachedApp) => {
      const article = await createArticle(ctx.db, {
        authorId: author.id,
        categoryId: category.id,
        status: 'published',
        title: 'Front door',
      });
      const first = await request(server).get(`/api/articles/${article.id}`);
      expect(first.body.title).toBe('Front door');
      expect(reachedApp()).toBe(1);
      const second = await request(server).get(`/api/articles/${article.id}`);
      expect(second.body.title).toBe('Front door');
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(reachedApp()).toBe(1);
      await request(server).get(`/api/articles/${article.id}`).set(editor.auth);
      expect(reachedApp()).toBe(2);
      // A read with a query is kept from its second miss on (a key asked for once never takes a place);
      // the same query in another order is the same key.
      const list = (query: string) => request(server).get(`/api/articles/published?${query}`);
      expect((await list('limit=5&offset=0')).status).toBe(200);
      expect((await list('offset=0&limit=5')).status).toBe(200);
      expect(reachedApp()).toBe(4);
      expect((await list('limit=5&offset=0')).status).toBe(200);
      expect(reachedApp()).toBe(4);
      // A parameter the read does not know is answered, never kept.
      for (let i = 0; i < 3; i++) expect((await list('limit=5&offset=0&cachebuster=1')).status).toBe(200);
      expect(reachedApp()).toBe(7);
    });
  });
});

describe('a read that raced a write', () => {
  const answer = (text: string): CachedAnswer => ({
    status: 200,
    headers: [],
    etag: text,
    body: Buffer.from(text),
    storedAt: Date.now(),
  });

  it('is not stored when one of its tags was purged after its lookup (in this process)', () => {
    const store = new MemoryStore(1 << 20);
    const { seq } = store.lookup('/a');
    store.purge(['article:1']);
    expect(store.set('/a', answer('old'), ['article:1'], seq, 60_000)).toBe(false);
    expect(store.lookup('/a').answer).toBeUndefined();
    // A purge of something else does not hold it back.
    const later = store.lookup('/a').seq;
    store.purge(['article:2']);
    expect(store.set('/a', answer('new'), ['article:1'], later, 60_000)).toBe(true);
    store.purge(['article:1']);
    expect(store.lookup('/a').answer).toBeUndefined();
  });

  it('is not stored when one of its tags was purged after its lookup (in Redis)', async () => {
    const link = new RedisLink({ url: redisUrl, logger: ctx.logger, name: 'test' });
    const store = new RedisStore(link, `chronicle-test-${randomBytes(4).toString('hex')}:`, ctx.logger, 1 << 20);
    await link.start();
    try {
      const { seq } = await store.lookup('/a');
      await store.purge(['article:1']);
      expect(await store.set('/a', answer('old'), ['article:1'], seq, 60_000)).toBe(false);
      const later = (await store.lookup('/a')).seq;
      expect(await store.set('/a', answer('new'), ['article:1'], later, 60_000)).toBe(true);
      expect((await store.lookup('/a')).answer?.body.toString()).toBe('new');
      await store.purge(['article:1']);
      expect((await store.lookup('/a')).answer).toBeUndefined();
    } finally {
      await store.purge(['*']);
      await link.close();
    }
  });
});

describe('two app instances sharing Redis', async () => {
  // Each with its own Redis connection and its own cache object, over the same database: as two processes.
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `chronicle-test-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'test' as const,
  };
  const config = { ...ctx.config, ...parseConfig(env) };
  const sharedConfig = { ...ctx.config, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, responseCache: config.responseCache };
  const [linkA, linkB] = [0, 1].map(() => new RedisLink({ url: redisUrl, logger: ctx.logger, name: 'test' }));
  const [cacheA, cacheB] = await Promise.all([
    openResponseCache(sharedConfig, ctx.logger, { redis: linkA, pool: poolOf(ctx.db) }),
    openResponseCache(sharedConfig, ctx.logger, { redis: linkB, pool: poolOf(ctx.db) }),
  ]);
  const appA = createApp({ ...ctx, config: sharedConfig, cache: cacheA });
  const appB = createApp({ ...ctx, config: sharedConfig, cache: cacheB });
  afterAll(async () => {
    await cacheA.purge(['*']);
    await Promise.all([cacheA.close(), cacheB.close()]);
    await Promise.all([linkA!.close(), linkB!.close()]);
  });

  it('share what they store, and a write through one is fresh on the other at once', async () => {
    expect(sharedConfig.responseCache.store).toBe('redis');
    const article = await createArticle(ctx.db, {
      authorId: author.id,
      categoryId: category.id,
      status: 'published',
      title: 'Shared at first',
    });
    expect((await request(appA).get(`/api/articles/${article.id}`)).body.title).toBe('Shared at first');
    await behindTheAppsBack(article.id, 'Not yet seen');
    // B answers from what A stored.
    expect((await request(appB).get(`/api/articles/${article.id}`)).body.title).toBe('Shared at first');
    const page = await request(appB).get(`/article/${article.id}`);
    expect(page.text).toContain('Not yet seen');

    const edit = await request(appA).put(`/api/articles/${article.id}`).set(editor.auth).send({ title: 'Edited through A', version: 1 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await request(appB).get(`/api/articles/${article.id}`)).body.title).toBe('Edited through A');
    expect((await request(appB).get(`/article/${article.id}`)).text).toContain('Edited through A');
  });
});

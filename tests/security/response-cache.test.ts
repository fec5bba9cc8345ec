import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServerListener } from '../../server/src/app';
import { parseConfig } from '../../server/src/config';
import { createAppContext, type AppContext } from '../../server/src/context';
import { createDb } from '../../server/src/db/client';
import { freePort } from '../../server/src/db/embedded';
import { createLogger } from '../../server/src/lib/logger';
import { createTestApp } from '../helpers/app';
import { whenDone } from '../helpers/cleanup';
import { behindFrontDoor } from '../helpers/front-door';
import { createArticle, createCategory, createUser, login } from '../helpers/factories';
import { startTcpProxy } from '../helpers/tcp-proxy';

/**
 * Issue 22, items 1, 4, 5, 6, 10 and 11: the response cache under attack and partition (docs/decisions/038).
 * Each test replays what a red team did and asserts the mechanism that now stops it.
 */
const redisUrl = inject('redisUrl');
const redisAddress = { host: new URL(redisUrl).hostname, port: Number(new URL(redisUrl).port || 6379) };

const { app, ctx, db, databaseUrl } = await createTestApp({ TRUST_PROXY: 'loopback' });
const category = await createCategory(db);
const author = await createUser(db, { role: 'author' });
const editor = await login(ctx, 'editor');
const published = (title: string) => createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published', title });
/** A change the app does not know of (its own client, no purge): a read that still shows the old value was cached. */
const behindTheAppsBack = (id: string, title: string) => ctx.db.article.update({ where: { id }, data: { title } });

describe('item 1: feeds and sitemaps are built once, whatever the query or the Authorization header', () => {
  it('answers a sitemap with a query string or a bearer token from the stored copy', async () => {
    const article = await published('Sitemapped before');
    await ctx.cache.purge(['*']);
    const first = await request(app).get('/rss.xml');
    expect(first.text).toContain('Sitemapped before');
    await behindTheAppsBack(article.id, 'Changed behind the back');
    for (const variant of [
      request(app).get('/rss.xml?x=1'),
      request(app).get('/rss.xml?utm_source=feedly&y=2'),
      request(app).get('/rss.xml').set('Authorization', 'Bearer garbage'),
      request(app).get('/rss.xml?z').set('Authorization', `Bearer ${editor.token}`),
    ]) {
      const res = await variant;
      expect(res.status).toBe(200);
      expect(res.text).toContain('Sitemapped before');
      expect(res.headers.etag).toBe(first.headers.etag);
    }
  });

  it('builds a document once for any number of identical requests arriving together', async () => {
    await behindFrontDoor({ ctx, app }, async (server, reachedApp) => {
      await ctx.cache.purge(['*']);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request(server).get(`/sitemaps/articles-1.xml?n=${i}`)));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
      expect(reachedApp()).toBe(1);
    });
  });
});

describe('item 4: anonymous requests cannot fill the cache', () => {
  it('keeps no answer for random paths and query strings, and keeps serving the real pages', async () => {
    const article = await published('A real page');
    await ctx.cache.purge(['*']);
    expect((await request(app).get(`/article/${article.id}`)).text).toContain('A real page');
    expect((await request(app).get('/api/articles/published?limit=5')).status).toBe(200);
    expect((await request(app).get('/api/articles/published?limit=5')).status).toBe(200);
    const before = (await ctx.cache.stats()).store!;
    await behindTheAppsBack(article.id, 'A changed page');
    for (let i = 0; i < 60; i++) {
      const junk = randomBytes(6).toString('hex');
      const res = await [
        () => request(app).get(`/${junk}`),
        () => request(app).get(`/article/${randomUUID()}`),
        () => request(app).get(`/api/articles/${randomUUID()}`),
        () => request(app).get(`/api/articles/published?limit=5&${junk}=1`),
        () => request(app).get(`/api/articles/published?limit=5&offset=${i + 1}`),
        () => request(app).get(`/article/${article.id}?${junk}=1`),
      ][i % 6]!();
      expect(res.status).toBeLessThan(500);
    }
    const after = (await ctx.cache.stats()).store!;
    expect(after.entries).toBe(before.entries);
    // The real pages are still served from what was stored.
    expect((await request(app).get(`/article/${article.id}`)).text).toContain('A real page');
  });

  it('keeps a shared store in Redis within its budget, evicting the least recently used answers', async () => {
    const small = await createTestApp({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `chronicle-test-${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RESPONSE_CACHE_MB: '0.05',
    });
    const [smallCategory, smallAuthor] = [await createCategory(small.db), await createUser(small.db, { role: 'author' })];
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        (
          await createArticle(small.db, {
            authorId: smallAuthor.id,
            categoryId: smallCategory.id,
            status: 'published',
            title: `Budgeted ${i}`,
          })
        ).id,
      );
    await small.ctx.cache.purge(['*']);
    for (const id of ids) expect((await request(small.app).get(`/api/articles/${id}`)).status).toBe(200);
    const stats = (await small.ctx.cache.stats()).store!;
    expect(stats.budget).toBe(Math.round(0.05 * 1024 * 1024));
    expect(stats.bytes).toBeLessThanOrEqual(stats.budget);
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.entries).toBeLessThan(ids.length);
    // The newest answers are the ones kept.
    await small.ctx.db.article.update({ where: { id: ids.at(-1)! }, data: { title: 'Changed after it was stored' } });
    expect((await request(small.app).get(`/api/articles/${ids.at(-1)}`)).body.title).toBe(`Budgeted ${ids.length - 1}`);
  });
});

/** An app process of its own on the test's database, with its own Redis connection (through `redis`), as a replica. */
async function replica(redis: string, prefix: string, jwtSecret: string): Promise<{ app: http.RequestListener; ctx: AppContext }> {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: ctx.config.uploadDir,
    DATA_DIR: ctx.config.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://chronicle.test',
    REDIS_URL: redis,
    REDIS_PREFIX: prefix,
    JWT_SECRET: jwtSecret,
    RUN_JOBS: 'false',
  });
  const replicaCtx = await createAppContext({ config, db: createDb(databaseUrl, 4), logger: createLogger('silent'), jwtSecret });
  whenDone(() => replicaCtx.close());
  return { app: createServerListener(replicaCtx), ctx: replicaCtx };
}

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('items 5 and 6: a replica cut off from Redis', async () => {
  const proxy = await startTcpProxy(redisAddress);
  afterAll(() => proxy.close());
  const prefix = `chronicle-test-${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');
  const a = await replica(proxy.url('redis'), prefix, secret);
  const b = await replica(redisUrl, prefix, secret);
  await until(() => a.ctx.cache.stats().then((s) => s.usable), 'replica A to use Redis');
  await until(() => b.ctx.cache.stats().then((s) => s.usable), 'replica B to use Redis');
  const staff = await login(a.ctx, 'editor');

  it('item 5: an unpublish answered by a replica cut off from Redis is never served by another replica', async () => {
    const article = await published('Unpublished through a partition');
    await a.ctx.cache.purge(['*']);
    expect((await request(b.app).get(`/article/${article.id}`)).status).toBe(200);
    await behindTheAppsBack(article.id, 'Proof that B serves a stored copy');
    expect((await request(b.app).get(`/article/${article.id}`)).text).toContain('Unpublished through a partition');

    proxy.blackhole();
    try {
      const unpublish = await request(a.app).post(`/api/articles/${article.id}/unpublish`).set(staff.auth);
      expect(unpublish.status).toBe(200);
      // Answered: from now on, no replica serves what the unpublish replaced.
      expect((await request(b.app).get(`/article/${article.id}`)).status).toBe(404);
      expect((await request(b.app).get(`/api/articles/${article.id}`)).status).toBe(404);
    } finally {
      proxy.restore();
    }
    await until(() => a.ctx.cache.stats().then((s) => s.usable), 'replica A to use Redis again');
  });

  it('item 6: a stalled Redis opens the breaker at the first read; later reads send nothing to it, and it is used again once it answers', async () => {
    const article = await published('Read while Redis stalls');
    expect((await request(a.app).get(`/api/articles/${article.id}`)).status).toBe(200);
    proxy.blackhole();
    try {
      // The first read after the stall waits for Redis once, then the app answers it from the database.
      expect((await request(a.app).get(`/api/articles/${article.id}`)).status).toBe(200);
      expect((await a.ctx.cache.stats()).usable).toBe(false);
      // Nothing more goes over the connections A had. The breaker's probe opens a fresh connection once a second
      // (a slow machine may see one during these reads); it never carries a read.
      const [had, sent, since] = [proxy.connections, proxy.clientBytes(), Date.now()];
      for (let i = 0; i < 20; i++)
        expect((await request(a.app).get(`/api/articles/${article.id}`)).body.title).toBe('Read while Redis stalls');
      expect(proxy.clientBytes(had)).toBe(sent);
      expect(proxy.connections - had).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - since) / 1000));
    } finally {
      proxy.restore();
    }
    await until(() => a.ctx.cache.stats().then((s) => s.usable), 'the breaker to close');
    expect((await request(a.app).get(`/api/articles/${article.id}`)).status).toBe(200);
    await behindTheAppsBack(article.id, 'Changed after Redis came back');
    expect((await request(a.app).get(`/api/articles/${article.id}`)).body.title).toBe('Read while Redis stalls');
  });
});

describe('item 10: HSTS belongs to the sending, not to the stored answer', () => {
  it('sends Strict-Transport-Security over HTTPS only, whichever scheme filled the cache', async () => {
    await ctx.cache.purge(['*']);
    const overHttp = await request(app).get('/sitemaps/pages.xml');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const overHttps = await request(app).get('/sitemaps/pages.xml').set('X-Forwarded-Proto', 'https');
    expect(overHttps.headers.etag).toBe(overHttp.headers.etag);
    expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    await ctx.cache.purge(['*']);
    const filledOverHttps = await request(app).get('/robots.txt').set('X-Forwarded-Proto', 'https');
    expect(filledOverHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const sitemap = await request(app).get('/sitemap.xml').set('X-Forwarded-Proto', 'https');
    expect(sitemap.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await request(app).get('/sitemap.xml')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('item 11: a Redis that evicts keys on its own is not trusted with the cache', () => {
  it('refuses a Redis with an allkeys-* policy, and fits the budget into a smaller maxmemory', async () => {
    const start = async (args: string[]) => {
      const port = await freePort();
      const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], {
        stdio: 'ignore',
      });
      whenDone(() => server.kill());
      return `redis://127.0.0.1:${port}`;
    };
    const evicting = await start(['--maxmemory', '100mb', '--maxmemory-policy', 'allkeys-lru']);
    const small = await start(['--maxmemory', '10mb', '--maxmemory-policy', 'noeviction']);
    const secret = randomBytes(32).toString('hex');
    const refused = await replica(evicting, 'chronicle-test:', secret);
    const fitted = await replica(small, 'chronicle-test:', secret);
    await until(() => fitted.ctx.cache.stats().then((s) => s.usable), 'the cache to use the small Redis');
    expect((await fitted.ctx.cache.stats()).store!.budget).toBe(Math.floor(10 * 1024 * 1024 * 0.8));
    // Given time to connect, the evicting Redis is never used.
    await until(() => refused.ctx.redis!.usable, 'the link to the evicting Redis');
    expect((await refused.ctx.cache.stats()).usable).toBe(false);
  });
});

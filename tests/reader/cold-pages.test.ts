import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { createResponseCache } from '../../server/src/cache/response-cache';
import { MemoryStore } from '../../server/src/cache/store';
import { createTestApp } from '../helpers/app';
import { behindFrontDoor } from '../helpers/front-door';
import { authorDesk } from '../helpers/testbed';
import { login } from '../helpers/factories';

/**
 * Issue 25: a page not yet stored costs one render however many readers ask for it at once, a page past its freshness
 * is served while one request makes it afresh, and a page rendered after another reads only what is its own
 * (docs/decisions/053-cheap-reader-pages.md).
 */
const { app, ctx, db } = await createTestApp();
const desk = await authorDesk(db, { category: 'Harbour Life', author: 'Ada Reporter' });
const admin = await login(ctx, 'admin');
/** A change the app does not know of (its own client, no purge): a page that still shows the old value was stored. */
const retitle = (id: string, title: string) => ctx.db.article.update({ where: { id }, data: { title } });

describe('a page not yet stored', () => {
  it('is rendered once for any number of readers asking for it together', async () => {
    const article = await desk.article({ title: 'Asked by everyone at once' });
    await behindFrontDoor({ ctx, app }, async (server, reachedApp) => {
      await ctx.cache.purge(['*']);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          // Tracking parameters are not part of the page's address: one page, one render.
          request(server)
            .get(`/article/${article.id}${i % 2 ? `?utm_source=${i}` : ''}`)
            .set('Accept-Encoding', 'gzip'),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
      expect(answers.every((res) => res.text.includes('Asked by everyone at once'))).toBe(true);
      expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
      expect(reachedApp()).toBe(1);
    });
  });
});

describe('a page past its freshness', () => {
  it('is sent as stored to the readers arriving while one of them has it made afresh', async () => {
    // The same app, with answers fresh for a quarter of a second, and a render that waits for the test's word.
    const cache = createResponseCache({ store: new MemoryStore(8 * 1024 * 1024), logger: ctx.logger, ttlSeconds: 0.25 });
    const quick = { ...ctx, cache };
    const inner = createApp(quick);
    let held: Promise<void> = Promise.resolve();
    const app = ((req, res) => void held.then(() => inner(req, res))) as typeof inner;
    const article = await desk.article({ title: 'Before the change' });
    await behindFrontDoor({ ctx: quick, app }, async (server, reachedApp) => {
      const page = () =>
        request(server)
          .get(`/article/${article.id}`)
          .then((res) => res.text);
      expect(await page()).toContain('Before the change');
      expect(reachedApp()).toBe(1);
      await retitle(article.id, 'After the change');
      // Fresh: the stored copy, the app not asked.
      expect(await page()).toContain('Before the change');
      expect(reachedApp()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      // The first request after its freshness has the page made afresh…
      const refreshing = page();
      await expect.poll(reachedApp).toBe(2);
      // …and the readers arriving meanwhile are sent the stored copy, without waiting for it.
      const meanwhile = await Promise.all(Array.from({ length: 9 }, page));
      expect(meanwhile.every((text) => text.includes('Before the change'))).toBe(true);
      expect(reachedApp()).toBe(2);
      release();
      expect(await refreshing).toContain('After the change');
      // From then on, the new copy, stored.
      expect(await page()).toContain('After the change');
      expect(reachedApp()).toBe(2);
    });
  });
});

describe('what every page shows around it', () => {
  it('is read once for the pages that follow, and read anew after a write purges it', async () => {
    const [first, second, third] = [
      await desk.article({ title: 'First of the day' }),
      await desk.article({ title: 'Second of the day' }),
      await desk.article({ title: 'Third of the day' }),
    ];
    /** The footer's list of categories: the categories' read, around every page (the article's own badge is its own read). */
    const footer = (html: string) => /id="footer-categories"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(footer((await request(app).get(`/article/${first.id}`)).text)).toContain('Harbour Life');
    // Renamed behind the app's back: a page rendered now still lists the category as the kept read has it.
    await ctx.db.category.update({ where: { id: desk.category.id }, data: { name: 'Quayside' } });
    const kept = await request(app).get(`/article/${second.id}`);
    expect(kept.text).toContain('Second of the day');
    expect(footer(kept.text)).toContain('Harbour Life');
    expect(footer(kept.text)).not.toContain('Quayside');
    // Renamed through the app: its purge drops the kept read with the pages.
    const current = await request(app).get('/api/categories');
    const version = (current.body as { id: string; version: number }[]).find((c) => c.id === desk.category.id)!.version;
    const rename = await request(app).put(`/api/categories/${desk.category.id}`).set(admin.auth).send({ name: 'Harbour Front', version });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    const renamed = await request(app).get(`/article/${third.id}`);
    expect(footer(renamed.text)).toContain('Harbour Front');
    expect(renamed.text).not.toContain('Harbour Life');
  });
});

describe('a page whose surroundings could not be read', () => {
  it('is sent with the gap, never stored, and stored once they can be read again', async () => {
    const article = await desk.article({ title: 'While the ticker was away' });
    await behindFrontDoor({ ctx, app }, async (server, reachedApp) => {
      await ctx.cache.purge(['*']);
      // The ticker's table out of reach: its read fails as in a database outage, not as a missing row.
      await ctx.db.$executeRawUnsafe('ALTER TABLE "BreakingNews" RENAME TO "BreakingNewsAway"');
      try {
        const gap = await request(server).get(`/article/${article.id}`);
        expect(gap.text).toContain('While the ticker was away');
      } finally {
        await ctx.db.$executeRawUnsafe('ALTER TABLE "BreakingNewsAway" RENAME TO "BreakingNews"');
      }
      expect(reachedApp()).toBe(1);
      // Not stored: the next reader has it made again, whole, and that one is kept.
      expect((await request(server).get(`/article/${article.id}`)).status).toBe(200);
      expect(reachedApp()).toBe(2);
      expect((await request(server).get(`/article/${article.id}`)).status).toBe(200);
      expect(reachedApp()).toBe(2);
    });
  });
});

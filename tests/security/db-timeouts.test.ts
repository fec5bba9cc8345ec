import net from 'node:net';
import pg from 'pg';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { createDb } from '../../server/src/db/client';
import { createTestApp } from '../helpers/app';
import { createArticle, createCategory, login } from '../helpers/factories';

/**
 * A TCP relay between the app and PostgreSQL that can stop passing bytes while keeping every
 * connection open: a database host that froze, as a hung VM or a dropped network looks to the app.
 */
async function freezableRelay(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (frozen) {
      sockets.add(client);
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    const relay = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => void (frozen || to.write(chunk)));
    relay(client, upstream);
    relay(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    freeze: () => void (frozen = true),
    // Connections that saw the freeze lost bytes for good: drop them, as a network that comes back would.
    thaw: () => {
      frozen = false;
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Issue 9, item 3: a database that stops answering on open connections must not hang requests. */
describe('a database that stops answering', () => {
  it('readyz answers 503 in bounded time, requests fail with 503, and both recover by themselves', async () => {
    // Without the response cache: every read below must reach the frozen database.
    const { ctx, databaseUrl } = await createTestApp({ RESPONSE_CACHE: 'off' });
    const target = new URL(databaseUrl);
    const relay = await freezableRelay(target);
    const viaRelay = new URL(databaseUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const db = createDb(viaRelay.toString(), 3);
    const app = createApp({ ...ctx, db });
    afterAll(async () => {
      await db.$disconnect().catch(() => {});
      await relay.close();
    });

    // Ready once its first connections through the relay are made: on a loaded machine (CI, three test files at once)
    // the first probe can pass its own 1.5 s bound while they are opened.
    await expect.poll(async () => (await request(app).get('/readyz')).status, { timeout: 15_000 }).toBe(200);
    expect((await request(app).get('/api/categories')).status).toBe(200);

    relay.freeze();
    const started = Date.now();
    const ready = await request(app).get('/readyz').timeout(20_000);
    expect(ready.status).toBe(503);
    // The probe's own bound is 1.5 s; without it the call waits for as long as the database does.
    expect(Date.now() - started).toBeLessThan(10_000);

    // More requests than the pool has connections: each fails with the envelope, none waits for ever.
    const reads = await Promise.all(Array.from({ length: 5 }, () => request(app).get('/api/categories').timeout(30_000)));
    for (const res of reads) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'Service Unavailable' });
      expect(res.headers['retry-after']).toBeDefined();
    }

    relay.thaw();
    let status = 0;
    for (let i = 0; i < 60 && status !== 200; i++) {
      status = (await request(app).get('/api/categories').timeout(30_000)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await request(app).get('/readyz')).status).toBe(200);
  }, 120_000);

  it('cancels a statement that waits past the statement timeout and answers 503, not a hung request', async () => {
    const { app, databaseUrl } = await createTestApp();
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Category" IN ACCESS EXCLUSIVE MODE');
      const res = await request(app).get('/api/categories').timeout(30_000);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'Service Unavailable' });
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
    }
    expect((await request(app).get('/api/categories')).status).toBe(200);
  }, 60_000);

  it('answers 503 when a transaction cannot finish in time (an edit that waits on a locked row)', async () => {
    const { app, ctx, db, databaseUrl } = await createTestApp();
    const editor = await login(ctx, 'editor');
    const category = await createCategory(db);
    const article = await createArticle(db, { authorId: editor.user.id, categoryId: category.id, title: 'Before' });
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Article" IN ACCESS EXCLUSIVE MODE');
      const res = await request(app)
        .put(`/api/articles/${article.id}`)
        .set(editor.auth)
        .send({ title: 'After', version: 1 })
        .timeout(30_000);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'Service Unavailable' });
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
    }
    expect((await db.article.findUniqueOrThrow({ where: { id: article.id } })).title).toBe('Before');
    const after = await request(app).put(`/api/articles/${article.id}`).set(editor.auth).send({ title: 'After', version: 1 });
    expect(after.status).toBe(200);
  }, 60_000);
});

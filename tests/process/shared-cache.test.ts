import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded';
import { createTestApp } from '../helpers/app';
import { TEST_PASSWORD, createArticle, createCategory, createUser } from '../helpers/factories';
import { startServer, waitReady } from '../helpers/server-process';

/** The run's Redis (tests/setup/api-global.ts). */
const redisUrl = inject('redisUrl');

/**
 * Issue 11: two real app processes on one database and one Redis share the response cache, and a write
 * through one is fresh on the other in its very next read (docs/decisions/026).
 */
// Only its database and its factories are used: the servers under test are real processes on that database.
const { db, databaseUrl } = await createTestApp();
const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-shared-cache-'));
chmodSync(dir, 0o755);
const prefix = `chronicle-test-${randomBytes(4).toString('hex')}:`;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const redis = await createClient({ url: redisUrl }).connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await redis.unlink(keys);
  await redis.close();
});

describe('two app processes sharing Redis', () => {
  it('share what they store, and an edit through one shows on the other at once', async () => {
    const category = await createCategory(db);
    const editor = await createUser(db, { role: 'editor' });
    const article = await createArticle(db, {
      authorId: editor.id,
      categoryId: category.id,
      status: 'published',
      title: 'Before the edit',
    });

    const env = {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startServer({ ...env, PORT: String(portA) });
    const b = startServer({ ...env, PORT: String(portB) });
    try {
      await Promise.all([waitReady(portA, a.exited), waitReady(portB, b.exited)]);
      const at = (port: number, p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${p}`, init);

      // A fills the cache; B answers from it, even after the row changed behind both apps' backs.
      expect(await (await at(portA, `/article/${article.id}`)).text()).toContain('Before the edit');
      expect(await (await at(portA, '/rss.xml')).text()).toContain('Before the edit');
      await db.article.update({ where: { id: article.id }, data: { title: 'Changed behind their backs' } });
      expect(await (await at(portB, `/article/${article.id}`)).text()).toContain('Before the edit');
      expect(await (await at(portB, '/rss.xml')).text()).toContain('Before the edit');

      // A sign-in on A works on B; an edit through B is seen by A's next read of every page and feed.
      const login = await at(portA, '/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: editor.email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const edit = await at(portB, `/api/articles/${article.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: 'Edited through B', version: 1 }),
      });
      expect(edit.status).toBe(200);
      for (const p of [`/article/${article.id}`, '/rss.xml', `/api/articles/${article.id}`, '/api/articles/published']) {
        expect(await (await at(portA, p)).text(), p).toContain('Edited through B');
      }
    } finally {
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
    }
    expect(a.output() + b.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});

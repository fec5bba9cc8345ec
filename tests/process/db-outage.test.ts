import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { parseConfig } from '../../server/src/config';
import { createAppContext } from '../../server/src/context';
import { createDb } from '../../server/src/db/client';
import { applyMigrations } from '../../server/src/db/migrate';
import { createLogger } from '../../server/src/lib/logger';
import { startSuperuserPostgres } from '../helpers/postgres';
import { until } from '../helpers/until';

/** /readyz says ready within 10 s, asked every 250 ms as a balancer polls it. */
const ready = (app: Parameters<typeof request>[0]) =>
  until('/readyz to answer 200', async () => (await request(app).get('/readyz')).status === 200, 10_000, 250);

/** docs/spec/CONTRACT.md §6: when the database goes away requests fail fast with 503, and the server recovers by itself. */
describe('database outage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-outage-'));
  chmodSync(dir, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 while PostgreSQL is down and recovers when it returns', async () => {
    const { server: pg, url: urlOf } = await startSuperuserPostgres(path.join(dir, 'pg'));
    try {
      const url = urlOf('postgres');
      await applyMigrations(url);
      const config = parseConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', UPLOAD_DIR: dir, DATA_DIR: dir });
      const logger = createLogger('silent');
      const db = createDb(url, 2);
      const jwtSecret = randomBytes(32).toString('hex');
      const app = createApp(await createAppContext({ config, db, logger, jwtSecret }));
      // A well-signed token makes the request read its session from the database.
      const token = jwt.sign({ sub: randomUUID() }, jwtSecret, { jwtid: randomUUID(), expiresIn: 60 });

      // The first ping opens the pool's first connection, which a loaded machine may take longer than the check's
      // 1.5 s to open: ready within a few tries, as a balancer polls it.
      await ready(app);

      await pg.stop();
      const started = Date.now();
      const down = await request(app).get('/api/anything').set('Authorization', `Bearer ${token}`);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ error: 'Service Unavailable' });
      expect(down.headers['retry-after']).toBeDefined();
      expect((await request(app).get('/readyz')).status).toBe(503);
      // A view waits for its batch's transaction, which cannot start: 503 as well.
      const view = await request(app).post(`/api/view/article/${randomUUID()}`).send({});
      expect(view.status).toBe(503);
      expect(view.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeLessThan(15_000);

      await pg.start();
      await ready(app);
      const after = await request(app).get('/api/anything').set('Authorization', `Bearer ${token}`);
      expect(after.status).toBe(404);
      await db.$disconnect();
    } finally {
      await pg.stop();
    }
  }, 120_000);
});

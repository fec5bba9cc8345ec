import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createClient } from 'redis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { authPoster, uniqueEmail } from '#tests/helpers/auth';
import { cooldownKey } from '../auth/otp.service';
import { freePort } from '../db/embedded';
import { redisCounter, type RateCounter } from '../lib/rate-limit';
import { RedisLink } from '../lib/redis-link';
import { postgresCounter } from './rate-limits.service';

/**
 * The rate limits' counters (docs/decisions/037-rate-limits.md) on a real Redis and a real PostgreSQL: shared by
 * replicas through Redis, and still enforced, in PostgreSQL, while Redis is unreachable.
 */
const redisUrl = inject('redisUrl');
const prefix = `chronicle-test-${randomBytes(4).toString('hex')}:`;
const redis = await createClient({ url: redisUrl }).connect();
const { db, ctx } = await createTestApp();
afterAll(async () => {
  for (const key of await redis.keys(`${prefix}*`)) await redis.del(key);
  await redis.quit();
});

const pgRow = (key: string) => db.rateLimit.findUnique({ where: { key } });

/** A counter on its own connection to the Redis at `url`, as one app process has; closed after the test. */
function counterAt(url: string): RateCounter & { link: RedisLink } {
  const link = new RedisLink({ url, logger: ctx.logger, name: 'test' });
  link.start().catch(() => {});
  const counter = redisCounter(link, prefix, postgresCounter(db));
  return { ...counter, link, close: () => link.close() };
}

/** Three hits with a limit of two through a counter whose Redis does not serve: PostgreSQL counted them, and refused the third. */
async function expectPostgresCounts(counter: RateCounter) {
  try {
    const key = `test:${randomBytes(4).toString('hex')}`;
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await counter.hit(key, 2, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(await pgRow(key)).toMatchObject({ hits: 3 });
  } finally {
    await counter.close();
  }
}

/** Until a counter has connected, it counts in PostgreSQL: wait until a hit lands in Redis. */
async function connected(counter: RateCounter) {
  const key = `warm:${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 100 && !(await redis.exists(`${prefix}rate:1000:${key}`)); i++) {
    await counter.hit(key, 1_000, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('rate limits in Redis (rate-limiter-flexible)', () => {
  it('are one count for every replica: the hits through two processes add up, and none is written to PostgreSQL', async () => {
    const a = counterAt(redisUrl);
    const b = counterAt(redisUrl);
    try {
      await Promise.all([connected(a), connected(b)]);
      const key = `test:${randomBytes(4).toString('hex')}`;
      const results = [];
      for (const counter of [a, b, a, b]) results.push(await counter.hit(key, 3, 60_000));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(await redis.get(`${prefix}rate:60000:${key}`)).toBe('4');
      expect(await pgRow(key)).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fall back to PostgreSQL while Redis is unreachable, so a limit is never lifted by an outage', async () => {
    await expectPostgresCounts(counterAt(`redis://127.0.0.1:${await freePort()}`));
  });
});

describe('a Redis that stops answering', () => {
  it('holds no request: PostgreSQL counts each hit after a short wait, and the limit holds', async () => {
    // Accepts connections and never answers (a network black hole, a frozen host).
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      await expectPostgresCounts(counterAt(`redis://127.0.0.1:${port}`));
    } finally {
      silent.close();
    }
  });
});

describe('an app with REDIS_URL', () => {
  it('counts its limits in Redis: a second code within 60 s is refused with 429, and PostgreSQL holds no counter', async () => {
    const t = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: randomBytes(32).toString('hex') });
    expect(t.ctx.config.rateLimits).toBe('redis');
    await connected(t.ctx.limits);
    const post = authPoster(t.app);
    const email = uniqueEmail('redis-limits');
    expect((await post('/signup/initiate', { email })).status).toBe(200);
    const again = await post('/signup/initiate', { email });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await redis.get(`${prefix}rate:60000:${cooldownKey('signup', email)}`)).toBe('2');
    expect(await t.db.rateLimit.findUnique({ where: { key: cooldownKey('signup', email) } })).toBeNull();
  });
});

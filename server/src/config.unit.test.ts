import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.seedDemo).toBe(false);
    expect(c.trustProxy).toBe(false);
    expect(c.maxImageBytes).toBe(10 * 1024 * 1024);
    expect(c.maxVideoBytes).toBe(200 * 1024 * 1024);
    expect(c.uploadDir).toBe(path.resolve('uploads'));
    expect(c.dataDir).toBe(path.resolve('.data'));
  });

  it('checks answers against their response schemas outside production, unless told otherwise', () => {
    expect(parseConfig({}).checkResponses).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', CHECK_RESPONSES: '' }).checkResponses).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development' }).checkResponses).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test', CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
  });

  it('treats empty strings as unset and trims the public URL', () => {
    const c = parseConfig({ DATABASE_URL: '', SMTP_URL: ' ', PUBLIC_URL: 'https://news.example.org/', SEED_DEMO: 'true' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('https://news.example.org');
    expect(c.seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ MAX_IMAGE_MB: '-1' }, /MAX_IMAGE_MB/],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, /JWT_SECRET must be set when REDIS_URL is/],
    [{ SHUTDOWN_DELAY_MS: '-5' }, /SHUTDOWN_DELAY_MS/],
    [{ RUN_JOBS: 'sometimes' }, /RUN_JOBS/],
    [{ RUN_JOBS: 'false' }, /JWT_SECRET must be set when RUN_JOBS=false/],
    [{ RATE_LIMITS: 'redis' }, /RATE_LIMITS=redis needs REDIS_URL/],
    [{ JOB_CONCURRENCY: '0' }, /JOB_CONCURRENCY/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('takes REDIS_URL with a JWT_SECRET, and a shutdown delay', () => {
    const c = parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), SHUTDOWN_DELAY_MS: '5000' });
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.shutdownDelayMs).toBe(5000);
    expect(c.rateLimits).toBe('redis');
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), RATE_LIMITS: 'postgres' }).rateLimits).toBe('postgres');
    expect(parseConfig({}).rateLimits).toBe('postgres');
    expect(parseConfig({}).shutdownDelayMs).toBe(0);
  });

  it('works the job queue in the app process unless RUN_JOBS=false', () => {
    expect(parseConfig({})).toMatchObject({ runJobs: true, jobConcurrency: 2 });
    expect(parseConfig({ RUN_JOBS: 'false', JOB_CONCURRENCY: '4', JWT_SECRET: 'x'.repeat(32) })).toMatchObject({ runJobs: false, jobConcurrency: 4 });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/src/app';
import { ConfigError, parseConfig } from '../../server/src/config';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoContent, warnAboutDemoAccounts } from '../../server/src/seed/seed.service';
import { createLogger } from '../../server/src/lib/logger';
import { createTestApp, type TestApp } from '../helpers/app';

/** Issue 9, items 6 and 9: safe defaults for operators. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('demo accounts (item 6)', () => {
  it('are not seeded unless the operator asks for them', () => {
    expect(parseConfig({}).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('are named in a warn-level start-up message while their password is the public one', async () => {
    const logger = createLogger('silent');
    const warn = vi.spyOn(logger, 'warn');
    const stderr = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await warnAboutDemoAccounts(t.db, logger);
      expect(warn).not.toHaveBeenCalled();

      await seedDemoContent(t.db, t.ctx.config, logger);
      await warnAboutDemoAccounts(t.db, logger);
      expect(warn).toHaveBeenCalledTimes(1);
      const [fields, message] = warn.mock.calls[0] as unknown as [{ demoAccounts: string[] }, string];
      expect(fields.demoAccounts).toEqual(DEMO_USERS.map((u) => u.email).sort());
      expect(message).toContain('public password');
      const block = stderr.mock.calls.map((c) => String(c[0])).join('\n');
      expect(block).toContain(DEMO_PASSWORD);
      expect(block).toContain('admin@demo.chronicle.local');

      // Once the admin's password is changed, only the others are named.
      await t.db.user.update({ where: { email: 'admin@demo.chronicle.local' }, data: { passwordHash: 'not-the-demo-password' } });
      warn.mockClear();
      await warnAboutDemoAccounts(t.db, logger);
      expect((warn.mock.calls[0]![0] as { demoAccounts: string[] }).demoAccounts).not.toContain('admin@demo.chronicle.local');
    } finally {
      stderr.mockRestore();
    }
  }, 60_000);
});

describe('TRUST_PROXY (item 9)', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    ['2', 2],
    ['loopback', ['loopback']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
    ['10.0.0.0/8,192.168.1.7, ::1, fd00::/8', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
  ])('accepts %s', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['banana', '10.0.0.0/99', '300.1.1.1', 'loopback,,nope'])('refuses %s with a message naming the variable', (value) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be true, false, a number of proxy hops/);
  });

  it('TRUST_PROXY=true builds an app that believes the proxy about the protocol', async () => {
    const app = createApp({ ...t.ctx, config: { ...t.ctx.config, trustProxy: parseConfig({ TRUST_PROXY: 'true' }).trustProxy } });
    const res = await request(app).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('HSTS (item 9)', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent on a forged X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await request(t.app).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('source maps (item 9)', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chronicle-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, 'assets'));
  // The template's markers, where the server puts each page's head and markup (server/src/reader/render.ts).
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><!--head:start--><title>Chronicle</title><!--head:end--></head><body><div id="root"><!--app:start--><!--app:end--></div></body>',
  );
  writeFileSync(path.join(dist, 'assets/dashboard-abc.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'assets/dashboard-abc.js.map'), '{"sourcesContent":["secret dashboard source"]}');
  const appFor = (env: 'production' | 'development') => createApp({ ...t.ctx, config: { ...t.ctx.config, env, clientDist: dist } });

  it('are not served in production, while the scripts are', async () => {
    const app = appFor('production');
    const map = await request(app).get('/assets/dashboard-abc.js.map');
    expect(map.status).toBe(404);
    expect(map.body).toMatchObject({ error: 'Not Found' });
    expect(map.text).not.toContain('secret dashboard source');
    expect((await request(app).get('/assets/dashboard-abc.js')).status).toBe(200);
  });

  it('are served in development', async () => {
    expect((await request(appFor('development')).get('/assets/dashboard-abc.js.map')).status).toBe(200);
  });
});

describe('compressed request bodies (item 9)', () => {
  const garbage = Buffer.from('this is not compressed at all');
  // supertest would JSON-encode a Buffer sent as application/json; these bytes go as they are.
  const raw = (body: unknown) => body as string;
  /** A login whose JSON body is said to be in `encoding`. */
  const encodedLogin = (encoding: string, body: Buffer) =>
    request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize(raw)
      .send(body);
  it.each(['gzip', 'deflate', 'br'])('a broken %s body answers 400 in the envelope, without zlib words', async (encoding) => {
    const res = await encodedLogin(encoding, garbage);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', message: 'The request body could not be decompressed' });
    expect(res.text).not.toMatch(/header check|Decompression failed|zlib/i);
  });

  it('a good gzip body is read', async () => {
    const res = await encodedLogin('gzip', gzipSync(JSON.stringify({ email: 'not an address' })));
    expect(res.body).toMatchObject({ error: 'Validation failed' });
  });

  it('an unsupported encoding answers 415 in the envelope', async () => {
    const res = await encodedLogin('compress', garbage);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Unsupported Media Type', message: 'Unsupported body encoding' });
  });
});

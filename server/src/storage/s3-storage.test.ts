import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { isVariantUrl } from '#shared/images';
import { createTestApp } from '#tests/helpers/app';
import { login } from '#tests/helpers/factories';
import { startS3 } from '#tests/helpers/s3';
import { createServerListener } from '../app';
import { ConfigError, parseConfig } from '../config';
import { createAppContext } from '../context';
import { createDb } from '../db/client';
import { removeUnusedFiles } from '../media/media-files';
import { variantsIdle } from '../media/image-variants';
import { copyUploadsToBucket } from './copy-to-bucket';
import { createMediaStorage, listBucket } from './media-storage';

/**
 * Issue 13, media in object storage: with S3_BUCKET set, what one app process stores is in the bucket
 * before its answer, and another process, with an empty uploads folder of its own, serves it
 * (docs/decisions/033-object-storage.md). Against s3rver, a real S3 server, started here.
 */
const s3 = await startS3();
const { app, ctx, databaseUrl } = await createTestApp({ ...s3.env, JWT_SECRET: randomBytes(32).toString('hex') });
const editor = await login(ctx, 'editor');

// A second app process: same database and bucket, its own (empty) uploads folder.
const dirB = mkdtempSync(path.join(os.tmpdir(), 'chronicle-replica-b-'));
const dbB = createDb(databaseUrl, 3);
const ctxB = await createAppContext({ config: { ...ctx.config, uploadDir: dirB }, db: dbB, logger: ctx.logger, jwtSecret: ctx.jwtSecret });
const appB = createServerListener(ctxB);
afterAll(async () => {
  await variantsIdle(ctx.db);
  await ctxB.close();
  rmSync(dirB, { recursive: true, force: true });
  await s3.stop();
});

const bucketNames = async () => {
  const names: string[] = [];
  for await (const o of listBucket(ctx.config.s3!)) names.push(o.name);
  return names;
};
const photo = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('media in an S3 bucket', () => {
  it('keeps an upload in the bucket, and a replica that never saw it serves it, cacheable for a year', async () => {
    const bytes = await photo();
    const res = await request(app).post('/api/uploads').set(editor.auth).attach('file', bytes, 'photo.png');
    expect(res.status).toBe(201);
    const name = (res.body.path as string).slice('/uploads/'.length);
    expect(await bucketNames()).toContain(name);
    expect(existsSync(path.join(dirB, name))).toBe(false);

    const served = await request(appB).get(res.body.path);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const again = await request(appB).get(res.body.path).set('If-None-Match', served.headers.etag!);
    expect(again.status).toBe(304);

    // Its resized variants are made once, kept in the bucket, and served by the other replica too.
    await variantsIdle(ctx.db);
    const variants = (await bucketNames()).filter((n) => n.startsWith(name.replace(/\.png$/, '')) && isVariantUrl(`/uploads/${n}`));
    expect(variants.length).toBeGreaterThan(0);
    const variant = await request(appB).get(`/uploads/${variants[0]}`);
    expect(variant.status).toBe(200);
    expect(variant.body.length).toBeGreaterThan(0);

    // Deleted when nothing uses it: original and variants leave the bucket.
    await removeUnusedFiles(ctx, [res.body.path as string]);
    const left = await bucketNames();
    expect(left).not.toContain(name);
    expect(left.filter((n) => variants.includes(n))).toEqual([]);
  });

  it('with S3_PUBLIC_URL, sends browsers to the bucket\'s public address (or its CDN), which serves the file', async () => {
    const bytes = await photo();
    const res = await request(app).post('/api/uploads').set(editor.auth).attach('file', bytes, 'public.png');
    expect(res.status).toBe(201);
    const name = (res.body.path as string).slice('/uploads/'.length);
    // A replica configured with the public address of the bucket (s3rver serves it path-style).
    const publicUrl = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
    const config = parseConfig({ ...s3.env, JWT_SECRET: 'x'.repeat(32), S3_PUBLIC_URL: publicUrl, UPLOAD_DIR: dirB, LOG_LEVEL: 'silent' });
    expect(config.s3?.publicUrl).toBe(publicUrl.slice(0, -1));
    const appC = createServerListener({ ...ctxB, config });

    const redirected = await request(appC).get(res.body.path as string);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toBe(`${publicUrl}${name}`);
    expect(redirected.headers['cache-control']).toBe('public, max-age=86400');
    const fetched = await fetch(redirected.headers.location!);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), bytes)).toBe(0);
    // Its pages let images and videos come from there.
    const page = await request(appC).get('/');
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`media-src 'self' blob: ${s3.env.S3_ENDPOINT}`));
    // Names it does not know are still refused by the app, not sent on.
    expect((await request(appC).get('/uploads/..%2Fpackage.json')).status).toBe(404);
  });

  it('answers a missing or malformed name with a 404 in the error envelope, never a file outside the folder', async () => {
    const missing = await request(appB).get(`/uploads/${randomBytes(8).toString('hex')}.png`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', message: expect.any(String) });
    for (const p of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/%2e%2e/package.json', '/uploads/.tmp/x', '/uploads/%E0%A4%A']) {
      const res = await request(appB).get(p);
      expect([400, 403, 404], p).toContain(res.status);
      expect(res.text, p).not.toContain('root:');
    }
  });

  it('npm run media:to-s3 copies a local uploads folder into the bucket, and a second run copies nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-to-s3-'));
    try {
      const names = [`${randomBytes(6).toString('hex')}.webp`, `${randomBytes(6).toString('hex')}.mp4`];
      for (const n of names) writeFileSync(path.join(dir, n), randomBytes(2048));
      mkdirSync(path.join(dir, '.tmp'));
      writeFileSync(path.join(dir, '.tmp', 'partial'), 'x');
      const storage = createMediaStorage({ ...ctx.config, uploadDir: dir }, ctx.logger);
      const lines: string[] = [];
      expect(await copyUploadsToBucket(dir, storage, (l) => lines.push(l))).toEqual({ copied: 2, skipped: 0, failed: 0 });
      expect(await bucketNames()).toEqual(expect.arrayContaining(names));
      expect(await bucketNames()).not.toContain('partial');
      expect(lines.at(-1)).toBe('  2/2 files');
      expect(await copyUploadsToBucket(dir, storage, () => {})).toEqual({ copied: 0, skipped: 2, failed: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a half-made S3 configuration at start-up, in words', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET must be set/],
      [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', JWT_SECRET: 'x'.repeat(32) }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: 'media' }, /JWT_SECRET must be set when S3_BUCKET is/],
      [{ S3_BUCKET: 'Not A Bucket', JWT_SECRET: 'x'.repeat(32) }, /S3_BUCKET must be a bucket name/],
      [{ S3_PUBLIC_URL: 'https://cdn.example.org' }, /S3_BUCKET must be set/],
      [{ S3_BUCKET: 'media', JWT_SECRET: 'x'.repeat(32), S3_PUBLIC_URL: 'ftp://cdn.example.org' }, /S3_PUBLIC_URL/],
    ];
    for (const [env, message] of cases) {
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { isVariantUrl } from '#shared/images';
import { createTestApp } from '#tests/helpers/app';
import { ACTORS, actors } from '#tests/helpers/factories';

const { app, ctx } = await createTestApp();
const { headers } = await actors(ctx);
const author = headers('author');

const png = (width = 8, height = 8) => sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
/** Random pixels compress badly: a PNG of a few tens of kilobytes. */
const noisyPng = () =>
  sharp(Buffer.from(Array.from({ length: 120 * 120 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 120, height: 120, channels: 3 } })
    .png()
    .toBuffer();
/** The start of an MP4 file: an `ftyp` box is what identifies the format. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64)]);

/** Uploaded files in the uploads folder (not the temporary folder nor resized variants), and what is left in the temporary folder. */
const storedFiles = (dir = ctx.config.uploadDir) => readdirSync(dir).filter((f) => !f.startsWith('.') && !isVariantUrl(`/uploads/${f}`));
const tempFiles = (dir = ctx.config.uploadDir) => (existsSync(path.join(dir, '.tmp')) ? readdirSync(path.join(dir, '.tmp')) : []);
const noTempFilesLeft = (dir?: string) => vi.waitFor(() => expect(tempFiles(dir)).toEqual([]));

describe('POST /api/uploads', () => {
  it('stores a PNG under a random name and serves it with its content type and nosniff', async () => {
    const before = storedFiles();
    const res = await request(app).post('/api/uploads').set(author).attach('file', await png(), 'holiday photo.png');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, path: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/), type: 'image' });
    expect(storedFiles()).toHaveLength(before.length + 1);

    const served = await request(app).get(res.body.path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('png');
    await noTempFilesLeft();
  });

  it('names the file after its bytes, not after its name', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const res = await request(app).post('/api/uploads').set(author).attach('file', jpeg, { filename: 'picture.gif', contentType: 'image/gif' });
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/\.jpg$/);
  });

  it('accepts WebP, GIF and AVIF images and MP4 videos', async () => {
    const base = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#a00' } });
    for (const [buffer, ext] of [
      [await base().webp().toBuffer(), 'webp'],
      [await base().gif().toBuffer(), 'gif'],
      [await base().avif().toBuffer(), 'avif'],
    ] as const) {
      const res = await request(app).post('/api/uploads').set(author).attach('file', buffer, 'x.bin');
      expect(res.status, ext).toBe(201);
      expect(res.body.path).toMatch(new RegExp(`\\.${ext}$`));
    }
    const video = await request(app).post('/api/uploads').set(author).attach('file', mp4(), 'clip.mp4');
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({ success: true, type: 'video', path: expect.stringMatching(/\.mp4$/) });
  });

  it('refuses a text file named .png with 415 and keeps nothing', async () => {
    const before = storedFiles();
    const res = await request(app).post('/api/uploads').set(author).attach('file', Buffer.from('just some text, not an image at all'), { filename: 'evil.png', contentType: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ error: 'Unsupported Media Type', message: expect.any(String) });
    expect(storedFiles()).toEqual(before);
    await noTempFilesLeft();
  });

  it('refuses an SVG with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const before = storedFiles();
    const res = await request(app).post('/api/uploads').set(author).attach('file', svg, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(res.status).toBe(415);
    expect(storedFiles()).toEqual(before);
    await noTempFilesLeft();
  });

  it('refuses an image over MAX_IMAGE_MB with 413 and keeps nothing', async () => {
    const small = await createTestApp({ MAX_IMAGE_MB: '0.01' });
    const { headers: h } = await actors(small.ctx);
    const big = await noisyPng();
    expect(big.length).toBeGreaterThan(0.01 * 1024 * 1024);
    const res = await request(small.app).post('/api/uploads').set(h('author')).attach('file', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Payload Too Large');
    expect(storedFiles(small.ctx.config.uploadDir)).toEqual([]);
    await noTempFilesLeft(small.ctx.config.uploadDir);

    const ok = await request(small.app).post('/api/uploads').set(h('author')).attach('file', await png(), 'small.png');
    expect(ok.status).toBe(201);
  });

  it('answers 413 while receiving a file larger than every limit', async () => {
    const tiny = await createTestApp({ MAX_IMAGE_MB: '0.01', MAX_VIDEO_MB: '0.01' });
    const { headers: h } = await actors(tiny.ctx);
    const res = await request(tiny.app).post('/api/uploads').set(h('author')).attach('file', await noisyPng(), 'big.png');
    expect(res.status).toBe(413);
    expect(storedFiles(tiny.ctx.config.uploadDir)).toEqual([]);
    await noTempFilesLeft(tiny.ctx.config.uploadDir);
  });

  it('answers 400 with details when no file is sent', async () => {
    const json = await request(app).post('/api/uploads').set(author).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.details).toEqual([expect.stringContaining('file')]);
    const empty = await request(app).post('/api/uploads').set(author).field('other', 'x');
    expect(empty.status).toBe(400);
  });

  it('answers 400 for a file in another field and for a malformed multipart body', async () => {
    const wrongField = await request(app).post('/api/uploads').set(author).attach('media', await png(), 'a.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details).toEqual([expect.stringContaining('file')]);

    const malformed = await request(app)
      .post('/api/uploads')
      .set(author)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    expect(malformed.status).toBe(400);
    const noBoundary = await request(app).post('/api/uploads').set(author).set('Content-Type', 'multipart/form-data').send('abc');
    expect(noBoundary.status).toBe(400);
    await noTempFilesLeft();
  });

  describe('who may upload (docs/spec/CONTRACT.md §3)', () => {
    const expected = { anonymous: 401, user: 403, author: 201, editor: 201, admin: 201, 'super-admin': 201 } as const;
    it.each(ACTORS)('%s', async (actor) => {
      const before = storedFiles();
      const res = await request(app).post('/api/uploads').set(headers(actor)).attach('file', await png(), 'a.png');
      expect(res.status).toBe(expected[actor]);
      expect(storedFiles()).toHaveLength(before.length + (expected[actor] === 201 ? 1 : 0));
      await noTempFilesLeft();
    });
  });
});

import http from 'node:http';
import { mkdirSync, readdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isVariantUrl } from '../../shared/images';
import { scheduleSweep, sweepUploads } from '../../server/src/maintenance/sweep.service';
import { createTestApp } from '../helpers/app';
import { actors, createArticle, createCategory, createUser } from '../helpers/factories';

/** Issue 9, item 5: uploads had no quota, unreferenced files stayed forever, refusals read the whole body first. */
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40, g: 80, b: 160 } } })
    .png()
    .toBuffer();
const HOUR = 3_600_000;
const file = await png();
/** A quota (UPLOAD_QUOTA_MB) that fits exactly `n` copies of `file`. */
const quotaFor = (n: number) => String((n * file.length + 1) / 1024 / 1024);

describe('upload quota and rate limit', () => {
  it('refuses uploads past the daily byte quota with 429 and stores nothing more', async () => {
    const t = await createTestApp({ UPLOAD_QUOTA_MB: quotaFor(3) });
    const { byRole, headers } = await actors(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await request(t.app).post('/api/uploads').set(headers('author')).attach('file', file, 'a.png')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);

    const rows = await t.db.upload.findMany({ where: { userId: byRole.author.user.id } });
    expect(rows.map((r) => Number(r.bytes))).toEqual([file.length, file.length, file.length]);
    const uploaded = readdirSync(t.ctx.config.uploadDir).filter((f) => !f.startsWith('.') && !isVariantUrl(`/uploads/${f}`));
    expect(uploaded).toHaveLength(3);

    const refused = await request(t.app).post('/api/uploads').set(headers('author')).attach('file', file, 'a.png');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'Too Many Requests', message: expect.stringMatching(/per 24 hours/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The quota is per user: another author still uploads.
    expect((await request(t.app).post('/api/uploads').set(headers('editor')).attach('file', file, 'a.png')).status).toBe(201);
  });

  it('holds the quota under concurrent uploads', async () => {
    const t = await createTestApp({ UPLOAD_QUOTA_MB: quotaFor(3) });
    const { byRole, headers } = await actors(t.ctx);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => request(t.app).post('/api/uploads').set(headers('author')).attach('file', file, 'a.png')),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expect(await t.db.upload.count({ where: { userId: byRole.author.user.id } })).toBe(3);
  });

  it('limits upload requests per user per hour (UPLOADS_PER_HOUR)', async () => {
    const t = await createTestApp({ UPLOADS_PER_HOUR: '3' });
    const { headers } = await actors(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await request(t.app).post('/api/uploads').set(headers('author')).attach('file', file, 'a.png')).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('counts an article media upload against the same quota and records it', async () => {
    const t = await createTestApp({ UPLOAD_QUOTA_MB: quotaFor(2) });
    const { byRole, headers } = await actors(t.ctx);
    const category = await createCategory(t.db);
    const article = await createArticle(t.db, { authorId: byRole.author.user.id, categoryId: category.id });
    expect((await request(t.app).post('/api/uploads').set(headers('author')).attach('file', file, 'a.png')).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await request(t.app).post(`/api/articles/${article.id}/media`).set(headers('author')).attach('media', file, 'a.png')).status,
      );
    expect(statuses).toEqual([201, 429, 429]);
    expect(await t.db.media.count({ where: { articleId: article.id } })).toBe(1);
    expect(await t.db.upload.count({ where: { userId: byRole.author.user.id, type: 'image' } })).toBe(2);
  });
});

describe('a refused upload is answered before its body is read', () => {
  const BODY_BYTES = 64 * 1024 * 1024;

  /**
   * Streams a multipart body of BODY_BYTES (declared up front) over a raw socket and stops at the first
   * byte of an answer or when the server closes the connection. Before the fix the server read (and
   * stored) all 64 MB before answering 403.
   */
  async function postHuge(port: number, urlPath: string, auth: Record<string, string>, { chunked = false } = {}) {
    // Chunked: the body has no declared length, so only reading it can tell its size.
    const frame = (data: Buffer | string) =>
      chunked ? Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]) : data;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let answer = '';
    let closed = false;
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        resolve();
      });
      socket.on('close', () => {
        closed = true;
        resolve();
      });
      socket.on('error', () => resolve());
    });
    const boundary = 'chronicle-huge-upload';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    socket.write(
      [
        `POST ${urlPath} HTTP/1.1`,
        'Host: 127.0.0.1',
        ...Object.entries(auth).map(([k, v]) => `${k}: ${v}`),
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${BODY_BYTES}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(frame(head));
    let written = head.length;
    const chunk = Buffer.alloc(256 * 1024, 7);
    let done = false;
    void answered.then(() => (done = true));
    while (!done && !closed && written + chunk.length < BODY_BYTES) {
      const flushed = socket.write(frame(chunk));
      written += chunk.length;
      // Wait for the server to take the data, or for its answer, whichever comes first.
      if (!flushed) await Promise.race([new Promise((r) => socket.once('drain', r)), answered]);
    }
    await Promise.race([answered, new Promise((r) => setTimeout(r, 30_000))]);
    // The answer may still be arriving: wait for the status line at most a few seconds more.
    for (let i = 0; i < 50 && !answer.includes('\r\n\r\n') && !closed; i++) await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), answer, written };
  }

  let port = 0;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let byRole: Awaited<ReturnType<typeof actors>>['byRole'];
  let headers: Awaited<ReturnType<typeof actors>>['headers'];
  let server: http.Server;
  beforeAll(async () => {
    t = await createTestApp();
    ({ byRole, headers } = await actors(t.ctx));
    server = http.createServer(t.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers another author's media upload with 403 before reading the body, and keeps nothing", async () => {
    const category = await createCategory(t.db);
    const owner = await createUser(t.db, { role: 'author' });
    const article = await createArticle(t.db, { authorId: owner.id, categoryId: category.id, status: 'published' });
    expect(byRole.author.user.id).not.toBe(owner.id);

    const { status, answer, written } = await postHuge(port, `/api/articles/${article.id}/media`, headers('author'));
    expect(status).toBe(403);
    expect(answer).toMatch(/connection: close/i);
    expect(written).toBeLessThan(BODY_BYTES / 2);
    expect(await t.db.media.count({ where: { articleId: article.id } })).toBe(0);
    expect(await t.db.upload.count()).toBe(0);
    const tmp = path.join(t.ctx.config.uploadDir, '.tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('answers a media upload to a missing article with 404, and an upload by a reader with 403, unread', async () => {
    const missing = await postHuge(port, '/api/articles/00000000-0000-4000-8000-000000000000/media', headers('editor'));
    expect(missing.status).toBe(404);
    expect(missing.written).toBeLessThan(BODY_BYTES / 2);
    const reader = await postHuge(port, '/api/uploads', headers('user'));
    expect(reader.status).toBe(403);
    expect(reader.written).toBeLessThan(BODY_BYTES / 2);
  });

  /**
   * A fresh app whose author has `quotaMb` per day and has used `usedMb` of it already, listening on a port
   * for the duration of `run`.
   */
  async function withQuota(
    quotaMb: number,
    usedMb: number,
    run: (server: { port: number; author: Record<string, string>; app: Awaited<ReturnType<typeof createTestApp>> }) => Promise<void>,
  ) {
    const app = await createTestApp({ UPLOAD_QUOTA_MB: String(quotaMb) });
    const { byRole: roles, headers: h } = await actors(app.ctx);
    if (usedMb)
      await app.db.upload.create({
        data: { userId: roles.author.user.id, fileUrl: '/uploads/earlier.mp4', bytes: BigInt(usedMb) * 1024n * 1024n, type: 'video' },
      });
    const listening = http.createServer(app.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      await run({ port: (listening.address() as AddressInfo).port, author: h('author'), app });
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  }

  it('stops reading a body without a declared length where the quota left ends: 429, nothing kept', async () => {
    await withQuota(100, 96, async ({ port, author, app }) => {
      const res = await postHuge(port, '/api/uploads', author, { chunked: true });
      expect(res.status).toBe(429);
      // 4 MB were left of the quota: the server stopped reading soon after them, not at the 64 MB sent.
      expect(res.written).toBeLessThan(BODY_BYTES / 2);
      // Nothing stored: the partial temporary file is left to the sweep of `.tmp` (tested below).
      expect(await app.db.upload.count()).toBe(1);
      expect(readdirSync(app.ctx.config.uploadDir).filter((f) => !f.startsWith('.'))).toEqual([]);
    });
  });

  it('answers an upload declared larger than the quota left with 429, and one larger than the whole quota with 413, unread', async () => {
    // 40 MB of today's 100 MB are used: the 64 MB body cannot fit.
    await withQuota(100, 40, async ({ port, author }) => {
      const res = await postHuge(port, '/api/uploads', author);
      expect(res.status).toBe(429);
      expect(res.answer).toMatch(/retry-after: \d+/i);
      expect(res.written).toBeLessThan(BODY_BYTES / 2);
    });
    await withQuota(1, 0, async ({ port, author }) => {
      const whole = await postHuge(port, '/api/uploads', author);
      expect(whole.status).toBe(413);
      expect(whole.written).toBeLessThan(BODY_BYTES / 2);
    });
  });
});

describe('sweeping uploads', () => {
  it('deletes unreferenced uploads past the grace period and keeps referenced, recent and untracked files', async () => {
    const t = await createTestApp();
    const { uploadDir } = t.ctx.config;
    const author = await createUser(t.db, { role: 'author' });
    const category = await createCategory(t.db);
    const now = new Date();
    const old = new Date(now.getTime() - 25 * HOUR);
    const files = ['orphan', 'in-content', 'in-page', 'cover', 'media', 'recent', 'untracked'].map((n) => ({
      n,
      url: `/uploads/${n}-${now.getTime()}.png`,
    }));
    for (const f of files) writeFileSync(path.join(uploadDir, f.url.slice('/uploads/'.length)), 'x');
    const url = (n: string) => files.find((f) => f.n === n)!.url;
    for (const n of ['orphan', 'in-content', 'in-page', 'cover', 'media'])
      await t.db.upload.create({ data: { userId: author.id, fileUrl: url(n), bytes: 1n, type: 'image', createdAt: old } });
    await t.db.upload.create({ data: { userId: author.id, fileUrl: url('recent'), bytes: 1n, type: 'image' } });
    await createArticle(t.db, { authorId: author.id, categoryId: category.id, content: `<p>Hi <img src="${url('in-content')}"></p>` });
    const withCover = await createArticle(t.db, { authorId: author.id, categoryId: category.id, imageUrl: url('cover') });
    await t.db.media.create({ data: { articleId: withCover.id, type: 'image', fileUrl: url('media') } });
    // A static page's body (docs/decisions/057-pages-and-navigation.md), written in the same editor.
    await t.db.page.create({ data: { slug: `team-${now.getTime()}`, title: 'Team', content: `<p><img src="${url('in-page')}"></p>` } });

    expect(await sweepUploads(t.db, uploadDir, now)).toMatchObject({ uploads: 1 });
    const onDisk = readdirSync(uploadDir).filter((f) => !f.startsWith('.'));
    expect(onDisk.sort()).toEqual(
      files
        .filter((f) => f.n !== 'orphan')
        .map((f) => f.url.slice('/uploads/'.length))
        .sort(),
    );
    const rows = await t.db.upload.findMany({ select: { fileUrl: true, referenced: true } });
    expect(rows.map((r) => r.fileUrl).sort()).toEqual([url('in-content'), url('in-page'), url('cover'), url('media'), url('recent')].sort());
    expect(
      rows
        .filter((r) => r.referenced)
        .map((r) => r.fileUrl)
        .sort(),
    ).toEqual([url('in-content'), url('in-page'), url('cover'), url('media')].sort());
    expect(await sweepUploads(t.db, uploadDir, now)).toMatchObject({ uploads: 0 });
  });

  it('deletes temporary files left by an interrupted upload once idle, and keeps fresh ones', async () => {
    const t = await createTestApp();
    const tmp = path.join(t.ctx.config.uploadDir, '.tmp');
    mkdirSync(tmp, { recursive: true });
    const now = new Date();
    writeFileSync(path.join(tmp, 'abandoned'), 'partial');
    utimesSync(path.join(tmp, 'abandoned'), new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR));
    writeFileSync(path.join(tmp, 'in-flight'), 'partial');

    expect(await sweepUploads(t.db, t.ctx.config.uploadDir, now)).toMatchObject({ tempFiles: 1 });
    expect(readdirSync(tmp)).toEqual(['in-flight']);
  });

  it('at start-up, deletes the temporary files a killed server left (idle for a minute)', async () => {
    const t = await createTestApp();
    const tmp = path.join(t.ctx.config.uploadDir, '.tmp');
    mkdirSync(tmp, { recursive: true });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    writeFileSync(path.join(tmp, 'killed-mid-upload'), 'partial');
    utimesSync(path.join(tmp, 'killed-mid-upload'), minutesAgo(2), minutesAgo(2));
    writeFileSync(path.join(tmp, 'another-server-receiving'), 'partial');

    const errors: unknown[] = [];
    const stop = scheduleSweep(t.db, t.ctx.config.uploadDir, (err) => errors.push(err), HOUR);
    try {
      await vi.waitFor(() => expect(readdirSync(tmp)).toEqual(['another-server-receiving']), { timeout: 10_000 });
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });
});

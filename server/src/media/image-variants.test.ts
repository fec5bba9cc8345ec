import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CROP_RATIOS, VARIANT_FORMATS, cropUrl, isVariantUrl, variantUrl } from '#shared/images';
import { createTestApp } from '#tests/helpers/app';
import { actors, createArticle, createCategory, createUser } from '#tests/helpers/factories';
import { DEMO_IMAGE_COUNT } from '../seed/images';
import { seedDemoContent } from '../seed/seed.service';
import { startJobs } from '../jobs/tasks';
import { backfillVariants, makeVariants, MAX_INPUT_PIXELS, queueVariantBackfill, variantsIdle, variantsKey } from '../media/image-variants';
import { sweepUploads } from '../maintenance/sweep.service';

const { app, ctx, db } = await createTestApp();
const { byRole, headers } = await actors(ctx);
const author = headers('author');
const category = await createCategory(db);
const { uploadDir } = ctx.config;

/** A photo-like JPEG (a gradient, so that the encoders have something to do). */
const jpeg = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#fc3"/></svg>`) }])
    .jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();

const onDisk = (url: string) => path.join(uploadDir, url.slice('/uploads/'.length));
/** The variant files of an original on disk, as `<width>w.<ext>`; its crops, as `<ratio>.jpg`. */
const filesOf = (url: string, kind: RegExp) => {
  const stem = path.basename(url).replace(/\.[^.]+$/, '');
  return readdirSync(uploadDir)
    .filter((f) => f.startsWith(`${stem}-`) && isVariantUrl(`/uploads/${f}`))
    .map((f) => f.slice(stem.length + 1))
    .filter((f) => kind.test(f))
    .sort();
};
const variantsOnDisk = (url: string) => filesOf(url, /^\d+w\./);
const cropsOnDisk = (url: string) => filesOf(url, /^\d+x\d+\.jpg$/);
const ALL_CROPS = ['16x9.jpg', '1x1.jpg', '4x3.jpg'];
const expectedFiles = (widths: number[]) => widths.flatMap((w) => [`${w}w.avif`, `${w}w.jpg`, `${w}w.webp`]).sort();

const uploadImage = async (file: Buffer, name = 'photo.jpg') => {
  const res = await request(app).post('/api/uploads').set(author).attach('file', file, name);
  expect(res.status).toBe(201);
  return res.body.path as string;
};
const article = (overrides: { imageUrl?: string | null; status?: 'published' | 'draft' } = {}) =>
  createArticle(db, { authorId: byRole.author.user.id, categoryId: category.id, status: 'published', ...overrides });
/** An image added to a new article's media, once its variants are made: the article, the media item's id and URL. */
const imageMedia = async (image: Buffer) => {
  const a = await article();
  const res = await request(app).post(`/api/articles/${a.id}/media`).set(author).attach('media', image, 'a.png');
  expect(res.status).toBe(201);
  await variantsIdle(db);
  return { a, id: res.body.id as string, url: res.body.fileUrl as string };
};

describe('variants of an upload', () => {
  it('are made after the answer, at every standard width the original reaches, in AVIF, WebP and JPEG', async () => {
    const url = await uploadImage(await jpeg(2000, 1000));
    await variantsIdle(db);

    const widths = [320, 640, 960, 1280, 1920];
    expect(variantsOnDisk(url)).toEqual(expectedFiles(widths));
    for (const width of widths)
      for (const format of VARIANT_FORMATS) {
        const meta = await sharp(onDisk(variantUrl(url, width, format))).metadata();
        expect(meta.format, `${width} ${format}`).toBe(format === 'avif' ? 'heif' : format);
        if (format === 'avif') expect(meta.compression).toBe('av1');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(width / 2);
      }
    expect(await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).toMatchObject({
      width: 2000,
      height: 1000,
      widths,
      skipped: null,
    });
    // Served like any upload.
    const served = await request(app).get(variantUrl(url, 640, 'avif'));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
  });

  // Issue 24, defect 2: Google's article guidelines ask for 16:9, 4:3 and 1:1 images at least 1200 px wide.
  it('come with its 16:9, 4:3 and 1:1 crops as JPEG, each the largest of its ratio at most 1200 px wide', async () => {
    const url = await uploadImage(await png(2000, 1000), 'wide.png');
    await variantsIdle(db);
    expect(cropsOnDisk(url)).toEqual(ALL_CROPS);
    const sizes = await Promise.all(
      CROP_RATIOS.map(async (ratio) => {
        const meta = await sharp(onDisk(cropUrl(url, ratio))).metadata();
        expect(meta.format).toBe('jpeg');
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [1200, 675],
      [1200, 900],
      [1000, 1000],
    ]);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).crops).toBe(true);
    const served = await request(app).get(cropUrl(url, CROP_RATIOS[0]));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('are never wider than the original; an original narrower than 320 px gets one at its own width', async () => {
    const mid = await uploadImage(await png(700, 350), 'mid.png');
    const small = await uploadImage(await png(200, 100), 'small.png');
    await variantsIdle(db);
    expect(variantsOnDisk(mid)).toEqual(expectedFiles([320, 640]));
    expect(variantsOnDisk(small)).toEqual(expectedFiles([200]));
    for (const format of VARIANT_FORMATS) expect((await sharp(onDisk(variantUrl(small, 200, format))).metadata()).width).toBe(200);
    // Transparency is kept where the format has it; the JPEG is flattened onto white.
    expect((await sharp(onDisk(variantUrl(mid, 320, 'webp'))).metadata()).hasAlpha).toBe(true);
    expect((await sharp(onDisk(variantUrl(mid, 320, 'jpeg'))).metadata()).hasAlpha).toBe(false);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: small } })).widths).toEqual([200]);
  });

  it('follow the EXIF orientation: the size is the one displayed', async () => {
    const url = await uploadImage(await jpeg(800, 400, 6));
    await variantsIdle(db);
    expect(await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).toMatchObject({ width: 400, height: 800, widths: [320] });
    const meta = await sharp(onDisk(variantUrl(url, 320, 'jpeg'))).metadata();
    expect([meta.width, meta.height]).toEqual([320, 640]);
  });

  it('of an image added to an article are made too; videos get none', async () => {
    const { url } = await imageMedia(await png(400, 300));
    expect(variantsOnDisk(url)).toEqual(expectedFiles([320]));
  });

  it('are made once: asking again changes nothing', async () => {
    const url = await uploadImage(await jpeg(700, 400));
    await variantsIdle(db);
    const file = onDisk(variantUrl(url, 640, 'webp'));
    const written = statSync(file).mtimeMs;
    expect(await makeVariants(ctx, url)).toBe('done-before');
    expect(statSync(file).mtimeMs).toBe(written);
  });
});

describe('images that get no variants', () => {
  /** A real decompression bomb: a 48 kB PNG that declares 20000 x 20000 pixels (400 megapixels). */
  const bomb = () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const side = 20_000;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header[8] = 1; // one bit per pixel, greyscale
    const pixels = zlib.deflateSync(Buffer.alloc((side / 8 + 1) * side), { level: 9 });
    return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
  };

  it('a decompression bomb is stored but never decoded: skipped, recorded, and the server keeps answering', async () => {
    const file = bomb();
    expect(file.length).toBeLessThan(100_000);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const url = await uploadImage(file, 'bomb.png');
    const memoryBefore = process.memoryUsage().rss;
    await variantsIdle(db);
    // Decoding it would take 400 MB at the very least.
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(200 * 1024 * 1024);
    expect(variantsOnDisk(url)).toEqual([]);
    expect(await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).toMatchObject({
      width: 20_000,
      height: 20_000,
      widths: [],
      skipped: expect.stringMatching(/pixels/),
    });
    const a = await article({ imageUrl: url });
    const res = await request(app).get(`/api/articles/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.image).toBeNull();
    // Not tried again.
    expect(await makeVariants(ctx, url)).toBe('done-before');
  });

  it('an animated image keeps being shown as it is', async () => {
    const frame = (colour: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).png().toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const url = await uploadImage(gif, 'anim.gif');
    await variantsIdle(db);
    expect(variantsOnDisk(url)).toEqual([]);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).skipped).toBe('animated');
  });

  it('a broken image (a PNG header over garbage) is skipped, not fatal', async () => {
    const good = await png(400, 300);
    const broken = Buffer.concat([good.subarray(0, 40), Buffer.alloc(2000, 7)]);
    const url = await uploadImage(broken, 'broken.png');
    await variantsIdle(db);
    expect(variantsOnDisk(url)).toEqual([]);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).skipped).toBe('unreadable');
  });
});

describe('the wire shape', () => {
  it('carries `image` for an uploaded imageUrl and image media, null for external and pending ones', async () => {
    const cover = await uploadImage(await jpeg(1000, 500));
    await variantsIdle(db);
    const a = await article({ imageUrl: cover });
    const media = await request(app).post(`/api/articles/${a.id}/media`).set(author).attach('media', await png(640, 480), 'm.png');
    expect(media.body.image).toBeNull();
    const external = await article({ imageUrl: 'https://images.example.com/photo.jpg' });

    const coverImage = { width: 1000, height: 500, widths: [320, 640, 960], crops: true };
    const one = await request(app).get(`/api/articles/${a.id}`);
    expect(one.body.image).toEqual(coverImage);
    expect(one.body.media).toEqual([{ id: media.body.id, type: 'image', fileUrl: media.body.fileUrl, image: null }]);

    await variantsIdle(db);
    const again = await request(app).get(`/api/articles/${a.id}`);
    expect(again.body.media[0].image).toEqual({ width: 640, height: 480, widths: [320, 640], crops: true });

    const list = await request(app).get('/api/articles/published').query({ limit: 100 });
    const byId = new Map((list.body.data as { id: string; image: unknown }[]).map((x) => [x.id, x.image]));
    expect(byId.get(a.id)).toEqual(coverImage);
    expect(byId.get(external.id)).toBeNull();
    const top = await request(app).get('/api/view/top-articles').query({ limit: 50 });
    expect((top.body.data as { id: string; image: unknown }[]).find((x) => x.id === a.id)?.image).toEqual(coverImage);
    const staff = await request(app).get('/api/articles').set(headers('editor')).query({ limit: 100 });
    expect((staff.body.data as { id: string; image: unknown }[]).find((x) => x.id === a.id)?.image).toEqual(coverImage);
  });
});

describe('deleting', () => {
  it('a media item deletes its variants and their record', async () => {
    const { a, id, url } = await imageMedia(await png(700, 300));
    expect(variantsOnDisk(url)).toHaveLength(6);
    expect(cropsOnDisk(url)).toEqual(ALL_CROPS);
    const del = await request(app).delete(`/api/articles/${a.id}/media/${id}`).set(author);
    expect(del.status).toBe(200);
    expect(existsSync(onDisk(url))).toBe(false);
    expect(variantsOnDisk(url)).toEqual([]);
    expect(cropsOnDisk(url)).toEqual([]);
    expect(await db.imageVariants.findUnique({ where: { fileUrl: url } })).toBeNull();
  });

  it('an article deletes the variants of its media', async () => {
    const { a, url } = await imageMedia(await png(200, 200));
    expect(variantsOnDisk(url)).toHaveLength(3);
    expect((await request(app).delete(`/api/articles/${a.id}`).set(headers('admin'))).status).toBe(200);
    // In the trash it keeps them, for a restore; deleted for good, it deletes them.
    expect(variantsOnDisk(url)).toHaveLength(3);
    expect((await request(app).delete(`/api/articles/${a.id}/trash`).set(headers('admin'))).status).toBe(200);
    expect(variantsOnDisk(url)).toEqual([]);
    expect(await db.imageVariants.findUnique({ where: { fileUrl: url } })).toBeNull();
  });

  it('the sweep of an unused upload deletes its variants', async () => {
    const url = await uploadImage(await jpeg(400, 400));
    await variantsIdle(db);
    expect(variantsOnDisk(url)).toHaveLength(3);
    await db.upload.update({ where: { fileUrl: url }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect(await sweepUploads(db, uploadDir)).toMatchObject({ uploads: 1 });
    expect(existsSync(onDisk(url))).toBe(false);
    expect(variantsOnDisk(url)).toEqual([]);
    expect(await db.imageVariants.findUnique({ where: { fileUrl: url } })).toBeNull();
  });
});

/**
 * A server of its own (its database and uploads) with a writer and a category, for images stored before variants
 * existed: `put` writes a file straight into its uploads, `articleWith` gives a new article of the writer that cover.
 */
async function ownServer(env?: Record<string, string>) {
  const t = await createTestApp(env);
  const dir = t.ctx.config.uploadDir;
  const writer = await createUser(t.db, { role: 'author' });
  const c = await createCategory(t.db);
  const put = async (name: string, file: Buffer) => {
    writeFileSync(path.join(dir, name), file);
    return `/uploads/${name}`;
  };
  const articleWith = (imageUrl: string, status?: 'published') =>
    createArticle(t.db, { authorId: writer.id, categoryId: c.id, imageUrl, status });
  return { t, dir, writer, put, articleWith };
}

describe('the backfill', () => {
  it("records the size of each original (the feeds' enclosures), and gives a row made before sizes were recorded its size without making the variants again", async () => {
    const url = await uploadImage(await jpeg(700, 400));
    await variantsIdle(db);
    const size = BigInt(statSync(onDisk(url)).size);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).bytes).toBe(size);

    await db.imageVariants.update({ where: { fileUrl: url }, data: { bytes: null } });
    const variant = onDisk(variantUrl(url, 640, 'webp'));
    const written = statSync(variant).mtimeMs;
    await backfillVariants(ctx);
    expect((await db.imageVariants.findUniqueOrThrow({ where: { fileUrl: url } })).bytes).toBe(size);
    expect(statSync(variant).mtimeMs).toBe(written);
  });

  it('makes the variants of images stored before variants existed, once', async () => {
    const { t, dir, writer, put, articleWith } = await ownServer();
    // An upload with a row, a cover image without one (like the demo images), image media, a video, a missing file.
    const uploaded = await put('old-upload.jpg', await jpeg(1300, 650));
    await t.db.upload.create({ data: { userId: writer.id, fileUrl: uploaded, bytes: 1n, type: 'image' } });
    const cover = await put('old-cover.png', await png(650, 650));
    const a = await articleWith(cover, 'published');
    const media = await put('old-media.webp', await sharp(await png(330, 200)).webp().toBuffer());
    await t.db.media.create({ data: { articleId: a.id, type: 'image', fileUrl: media } });
    await t.db.media.create({ data: { articleId: a.id, type: 'video', fileUrl: await put('old-clip.mp4', Buffer.from('not decoded')) } });
    await articleWith('/uploads/gone.jpg');
    await articleWith('https://example.com/x.jpg');

    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 3, missing: 1, skipped: 0, failed: 0 });
    const rows = await t.db.imageVariants.findMany({ orderBy: { fileUrl: 'asc' } });
    expect(rows.map((r) => [r.fileUrl, r.widths])).toEqual([
      [cover, [320, 640]],
      [media, [320]],
      [uploaded, [320, 640, 960, 1280]],
    ]);
    const files = readdirSync(dir).filter((f) => isVariantUrl(`/uploads/${f}`));
    expect(files).toHaveLength(3 * (2 + 1 + 4) + 3 * CROP_RATIOS.length);

    // Again: nothing is made twice, nothing is rewritten.
    const mtimes = files.map((f) => statSync(path.join(dir, f)).mtimeMs);
    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 0, 'done-before': 0, missing: 1 });
    expect(files.map((f) => statSync(path.join(dir, f)).mtimeMs)).toEqual(mtimes);

    const res = await request(t.app).get(`/api/articles/${a.id}`);
    expect(res.body.image).toEqual({ width: 650, height: 650, widths: [320, 640], crops: true });
    expect(res.body.media.map((m: { image: unknown }) => m.image)).toEqual([{ width: 330, height: 200, widths: [320], crops: true }, null]);
  });

  it('adds the crops of images whose variants were made before crops existed, keeping their variants', async () => {
    const { t, dir, put, articleWith } = await ownServer();
    await articleWith(await put('earlier.jpg', await jpeg(1600, 1200)), 'published');
    const variant = path.join(dir, 'earlier-320w.jpg');
    writeFileSync(variant, await jpeg(320, 240));
    const written = statSync(variant).mtimeMs;
    // As an earlier version recorded it: variants, no crops.
    await t.db.imageVariants.create({ data: { fileUrl: '/uploads/earlier.jpg', width: 1600, height: 1200, widths: [320] } });

    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 1, failed: 0 });
    expect(readdirSync(dir).filter((f) => /^earlier-\d+x\d+\.jpg$/.test(f)).sort()).toEqual(ALL_CROPS.map((f) => `earlier-${f}`));
    expect(statSync(variant).mtimeMs).toBe(written);
    expect(await t.db.imageVariants.findUniqueOrThrow({ where: { fileUrl: '/uploads/earlier.jpg' } })).toMatchObject({
      widths: [320],
      crops: true,
      skipped: null,
    });
    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 0 });
  });

  it('finishes what an interrupted run began, keeping the variants it wrote', async () => {
    const { t, dir, put, articleWith } = await ownServer();
    await articleWith(await put('half.jpg', await jpeg(700, 350)));
    const earlier = path.join(dir, 'half-320w.avif');
    writeFileSync(earlier, await sharp(await jpeg(320, 160)).avif().toBuffer());
    const written = statSync(earlier).mtimeMs;

    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 1 });
    expect(statSync(earlier).mtimeMs).toBe(written);
    expect(readdirSync(dir).filter((f) => f.startsWith('half-')).sort()).toEqual(
      ['16x9.jpg', '1x1.jpg', '320w.avif', '320w.jpg', '320w.webp', '4x3.jpg', '640w.avif', '640w.jpg', '640w.webp'].map((f) => `half-${f}`),
    );
  });

  it('at start-up queues one job per image without variants, however many replicas queue it, and a worker makes them', async () => {
    const { t, put, articleWith } = await ownServer({ RUN_JOBS: 'false', JWT_SECRET: randomBytes(32).toString('hex') });
    const urls = [];
    for (const name of ['start-a.jpg', 'start-b.jpg']) {
      const url = await put(name, await jpeg(400, 200));
      urls.push(url);
      await articleWith(url);
    }
    // Three replicas starting together.
    await Promise.all([1, 2, 3].map(() => queueVariantBackfill(t.ctx)));
    const keys = await t.db.$queryRaw<{ key: string }[]>`SELECT key FROM graphile_worker._private_jobs ORDER BY key`;
    expect(keys.map((k) => k.key).sort()).toEqual(urls.map(variantsKey).sort());

    const worker = await startJobs(t.ctx, t.databaseUrl);
    try {
      await variantsIdle(t.db);
    } finally {
      await worker.stop();
    }
    const rows = await t.db.imageVariants.findMany({ where: { fileUrl: { in: urls } } });
    expect(rows.map((r) => r.widths)).toEqual([[320], [320]]);
  });

  // The seed's every image made at every width by sharp: 17–22 s on a quiet 2-core machine, past 30 s while the Docker
  // image was built beside the suite (CI, decision 074). What is asserted is that every image is covered, not how fast.
  it('covers the demo images of the seed', { timeout: 90_000 }, async () => {
    const t = await createTestApp();
    expect(await seedDemoContent(t.db, t.ctx.config, t.ctx.logger)).toBe(true);
    await variantsIdle(t.db);
    const rows = await t.db.imageVariants.findMany({ where: { fileUrl: { startsWith: '/uploads/demo-' } } });
    expect(rows).toHaveLength(DEMO_IMAGE_COUNT);
    for (const row of rows) expect(row).toMatchObject({ width: 1200, height: 675, widths: [320, 640, 960], crops: true });
    expect(await backfillVariants(t.ctx)).toMatchObject({ made: 0 });
    const home = await request(t.app).get('/api/articles/published').query({ limit: 5 });
    for (const a of home.body.data) expect(a.image).toEqual({ width: 1200, height: 675, widths: [320, 640, 960], crops: true });
  });
});

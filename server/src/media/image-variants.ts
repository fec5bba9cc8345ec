import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  CROP_RATIOS,
  cropSize,
  cropUrl,
  hasVariantUrls,
  variantUrl,
  variantWidths,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  type VariantFormat,
} from '#shared/images';
import type { ImageInfo } from '#shared/types';
import { Tags } from '../lib/cache-scope';
import type { AppContext } from '../context';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { addJob } from '../jobs/job-queue.service';
import type { MediaStorage } from '../storage/media-storage';
import {
  deleteVariantRows,
  imagesWithoutVariantsAfter,
  originalSizes,
  recordedWidths,
  saveOriginalSize,
  saveVariants,
  variantsOf,
  variantsRow,
  waitingVariantJobs,
} from './media.repository';

/**
 * Resized variants of uploaded images (docs/decisions/023-image-variants.md): every image under /uploads gets,
 * once, AVIF, WebP and JPEG copies at the widths of shared/images.ts, written next to it, and an ImageVariants
 * row saying which widths exist. The work is a background job (queueVariants), one image at a time, so that
 * a 2-core server keeps a core for its requests; an upload's answer never waits for it.
 */
export type VariantsContext = Pick<AppContext, 'db' | 'logger'> & {
  config: Pick<AppContext['config'], 'uploadDir'>;
  /** The app's response cache: answers that show the image (with or without its variants) are purged once they exist. */
  cache?: Pick<AppContext['cache'], 'purge'>;
  /** The shared store: variants are kept in it, and an original this process lacks is fetched from it. */
  storage?: Pick<MediaStorage, 'keep' | 'fetch' | 'forget'>;
};

/**
 * More pixels than this are never decoded: a small file can declare a huge image (a "decompression bomb").
 * A 50-megapixel camera photo is below it; such an original is served as it is, without variants.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

// One libvips thread per image: a resize occupies one core, not both.
sharp.concurrency(1);

const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: at the default (4) a large AVIF takes tens of seconds of a core, for a few percent fewer bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

export type VariantOutcome = 'made' | 'done-before' | 'skipped' | 'missing' | 'not-local';

const onDisk = (uploadDir: string, publicPath: string) => path.join(uploadDir, publicPath.slice('/uploads/'.length));

/** A Node system error (a full disk, a permission): worth another try later, unlike an image sharp cannot read. */
const isSystemError = (err: unknown) => /^E[A-Z]+$/.test(String((err as { code?: unknown } | null)?.code ?? ''));

/** Every variant file an original may have: the widths recorded, and every standard width in case none were; and its crops. */
function variantFiles(uploadDir: string, url: string, widths: readonly number[] = []): string[] {
  const all = new Set([...widths, ...VARIANT_WIDTHS]);
  const crops = CROP_RATIOS.map((ratio) => onDisk(uploadDir, cropUrl(url, ratio)));
  return [...[...all].flatMap((w) => VARIANT_FORMATS.map((f) => onDisk(uploadDir, variantUrl(url, w, f)))), ...crops];
}

async function record(
  ctx: VariantsContext,
  url: string,
  data: { width: number; height: number; widths: number[]; skipped: string | null; crops?: boolean; bytes?: number | null },
) {
  await saveVariants(ctx.db, url, { crops: false, ...data });
  // Any article, page or list may show the image: rare (once per upload), so everything goes.
  await ctx.cache?.purge([Tags.everything]);
}

/** Writes one variant or crop through a temporary file, so that a file on disk is always whole. */
async function writeWhole(ctx: VariantsContext, image: Sharp, target: string) {
  const tmp = path.join(ctx.config.uploadDir, '.tmp', `variant-${randomUUID()}`);
  try {
    await image.toFile(tmp);
    await rename(tmp, target);
    await ctx.storage?.keep(path.basename(target));
  } finally {
    await rm(tmp, { force: true });
  }
}

async function writeVariant(ctx: VariantsContext, pixels: { data: Buffer; info: OutputInfo }, format: VariantFormat, target: string) {
  const { data, info } = pixels;
  const raw = { width: info.width, height: info.height, channels: info.channels, premultiplied: info.premultiplied ?? false };
  await writeWhole(ctx, ENCODERS[format](sharp(data, { raw })), target);
}

/**
 * The 16:9, 4:3 and 1:1 crops of an original for structured data (shared/images.ts CROP_RATIOS), JPEG like the
 * share preview: each the largest crop of its ratio around the picture's most salient part (sharp's attention
 * strategy), at most 1200 px wide. A crop left by an earlier, interrupted run is kept.
 */
async function writeCrops(ctx: VariantsContext, url: string, original: string, size: { width: number; height: number }) {
  for (const ratio of CROP_RATIOS) {
    const target = onDisk(ctx.config.uploadDir, cropUrl(url, ratio));
    if (existsSync(target)) continue;
    const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize({ ...cropSize(size, ratio), fit: 'cover', position: sharp.strategy.attention })
      .toColourspace('srgb');
    await writeWhole(ctx, ENCODERS.jpeg(image), target);
  }
}

/**
 * Makes the variants of one image, unless it has them already (idempotent: a variant file left by an earlier,
 * interrupted run is kept). An image that cannot have variants (too many pixels, animated, unreadable) is
 * recorded as skipped and not tried again; a system error (disk full) is thrown and the image tried again later.
 */
export async function makeVariants(ctx: VariantsContext, url: string): Promise<VariantOutcome> {
  if (!hasVariantUrls(url)) return 'not-local';
  const before = await variantsRow(ctx.db, url);
  const finished = before !== null && (before.crops || before.skipped !== null);
  if (finished && before.bytes !== null) return 'done-before';
  const original = onDisk(ctx.config.uploadDir, url);
  if (!existsSync(original) && !(await ctx.storage?.fetch(path.basename(original)))) return 'missing';
  // The feeds' enclosures state it (issue 24); rows made before it was recorded get it here.
  const bytes = (await stat(original)).size;
  if (before && before.bytes === null) await saveOriginalSize(ctx.db, url, bytes);
  if (finished) {
    await ctx.cache?.purge([Tags.everything]);
    return 'done-before';
  }
  // Variants made before crops existed: the crops only (the backfill finds these images too).
  if (before) return addCrops(ctx, url, original, before);

  const skip = async (reason: string, size = { width: 0, height: 0 }) => {
    ctx.logger.warn({ url, reason }, 'image variants: none made for this image');
    await record(ctx, url, { ...size, widths: [], skipped: reason, bytes });
    return 'skipped' as const;
  };

  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet, whatever size the image declares.
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch (err) {
    if (isSystemError(err)) throw err;
    return skip('unreadable');
  }
  const size = { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
  if (!size.width || !size.height) return skip('unreadable');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return skip(`more than ${MAX_INPUT_PIXELS} pixels`, size);
  // An animation would become a still picture: the original keeps being shown.
  if ((meta.pages ?? 1) > 1) return skip('animated', size);

  const widths = variantWidths(size.width);
  await mkdir(path.join(ctx.config.uploadDir, '.tmp'), { recursive: true });
  try {
    for (const width of widths) {
      const missing = VARIANT_FORMATS.map((format) => ({
        format,
        file: onDisk(ctx.config.uploadDir, variantUrl(url, width, format)),
      })).filter((v) => !existsSync(v.file));
      if (!missing.length) continue;
      // Decoded and resized once per width, then encoded in each format.
      const pixels = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
        .resize({ width, withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const v of missing) await writeVariant(ctx, pixels, v.format, v.file);
    }
    await writeCrops(ctx, url, original, size);
  } catch (err) {
    if (isSystemError(err)) throw err;
    await Promise.all(variantFiles(ctx.config.uploadDir, url, widths).map((f) => rm(f, { force: true })));
    return skip('unreadable', size);
  }
  await record(ctx, url, { ...size, widths, skipped: null, crops: true, bytes });
  // Deleted while its variants were being made: they go too (removeVariants found none to delete).
  if (!existsSync(original)) await removeVariants(ctx.db, ctx.config.uploadDir, [url], ctx.storage);
  return 'made';
}

/** The crops of an image whose variants were made before crops existed; one that cannot be cropped keeps its variants. */
async function addCrops(
  ctx: VariantsContext,
  url: string,
  original: string,
  row: { width: number; height: number; widths: number[] },
): Promise<VariantOutcome> {
  await mkdir(path.join(ctx.config.uploadDir, '.tmp'), { recursive: true });
  try {
    await writeCrops(ctx, url, original, row);
  } catch (err) {
    if (isSystemError(err)) throw err;
    ctx.logger.warn({ url, err }, 'image variants: no crops made for this image');
    await Promise.all(CROP_RATIOS.map((ratio) => rm(onDisk(ctx.config.uploadDir, cropUrl(url, ratio)), { force: true })));
    await record(ctx, url, { ...row, skipped: 'crops: unreadable' });
    return 'skipped';
  }
  await record(ctx, url, { ...row, skipped: null, crops: true });
  return 'made';
}

/**
 * Asks for the variants of one image: a job (jobs/job-queue.service.ts), run by whichever worker takes it, once across
 * replicas (one job per image, its key), and retried after a system error. Every variant job is in one named
 * queue, so they run one at a time across all workers: a 2-core server keeps a core for its requests.
 */
/** One job per image: its key is a hash of the URL (an upload path may be longer than a job key may be). */
export const variantsKey = (url: string) => `variants:${createHash('sha256').update(url).digest('hex')}`;

export async function queueVariants(db: Db | Tx, url: string): Promise<void> {
  if (!hasVariantUrls(url)) return;
  await addJob(db, 'image-variants', { url }, { key: variantsKey(url), queueName: 'image-variants', maxAttempts: 5 });
}

/**
 * After an upload: its file is stored and recorded whatever happens here, so a job that cannot be queued (the
 * database gone for a moment) is logged, not answered as an error; the next start-up's backfill queues it.
 */
export async function queueVariantsOrLog(ctx: Pick<AppContext, 'db' | 'logger'>, url: string): Promise<void> {
  await queueVariants(ctx.db, url).catch((err: unknown) => ctx.logger.warn({ err, url }, 'image variants: the job could not be queued'));
}

/** The job's task: makes the variants, and logs what became of them. A system error is thrown: the job is retried. */
export function variantsTask(ctx: VariantsContext): Task {
  return async (payload, helpers) => {
    const parsed = z.object({ url: z.string() }).safeParse(payload);
    if (!parsed.success) return void ctx.logger.error({ payload }, 'image variants: a job without an image URL was dropped');
    try {
      // A stop does not wait for a large image: the job fails and is retried (finished files are kept, 023).
      const outcome = await Promise.race([makeVariants(ctx, parsed.data.url), helpers.abortPromise]);
      ctx.logger.debug({ url: parsed.data.url, outcome }, 'image variants: job done');
    } catch (err) {
      ctx.logger.warn({ err, url: parsed.data.url }, 'image variants: could not make them; the job is retried later');
      throw err;
    }
  };
}

/** Resolves once no variant job is waiting or running in this database (for tests and the seed command). */
export async function variantsIdle(db: Pick<Db, '$queryRaw'>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await waitingVariantJobs(db);
    if (!waiting) return;
    if (Date.now() > deadline) throw new Error(`image variants: ${waiting} job(s) still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const BACKFILL_BATCH = 200;

/** Every local image that has no variants yet (images of uploads, article images and image media, demo images included), in batches. */
async function* imagesWithoutVariants(db: Db): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const urls = await imagesWithoutVariantsAfter(db, after, BACKFILL_BATCH);
    if (!urls.length) return;
    yield urls;
    after = urls[urls.length - 1]!;
  }
}

/**
 * Makes, here and now, the variants of every local image that has none yet, one after the other, and returns
 * what became of them: `npm run media:variants`, the seed command and the tests. Idempotent.
 */
export async function backfillVariants(ctx: VariantsContext): Promise<Record<VariantOutcome | 'failed', number>> {
  const counts = { made: 0, 'done-before': 0, skipped: 0, missing: 0, 'not-local': 0, failed: 0 };
  for await (const urls of imagesWithoutVariants(ctx.db)) {
    for (const url of urls) {
      try {
        counts[await makeVariants(ctx, url)]++;
      } catch (err) {
        ctx.logger.warn({ err, url }, 'image variants: could not make them');
        counts.failed++;
      }
    }
  }
  return counts;
}

/** Deletes the variants of these originals, files and rows; run when the originals are deleted. */
export async function removeVariants(
  db: Pick<Db, 'imageVariants'>,
  uploadDir: string,
  urls: string[],
  storage?: Pick<MediaStorage, 'forget'>,
): Promise<void> {
  const originals = [...new Set(urls.filter(hasVariantUrls))];
  if (!originals.length) return;
  const widths = await recordedWidths(db, originals);
  const files = originals.flatMap((url) => variantFiles(uploadDir, url, widths.get(url)));
  await Promise.all(files.map((file) => rm(file, { force: true })));
  await storage?.forget(files.map((file) => path.basename(file)));
  await deleteVariantRows(db, originals);
}

/** The recorded file sizes of these local images, in bytes (the feeds' enclosures), for those whose size is known. */
export async function imageFileSizes(db: Pick<Db, 'imageVariants'>, urls: string[]): Promise<Map<string, number>> {
  return originalSizes(db, [...new Set(urls.filter(hasVariantUrls))]);
}

/** The variants of these URLs that have any, for the wire (`image` of articles and media). */
export async function imageInfos(db: Pick<Db, 'imageVariants'>, urls: (string | null)[]): Promise<Map<string, ImageInfo>> {
  const local = [...new Set(urls.filter((u): u is string => !!u && hasVariantUrls(u)))];
  if (!local.length) return new Map();
  return variantsOf(db, local);
}

/**
 * At start-up: a job for each image stored before variants existed (or whose job was lost). Replicas starting
 * together queue the same keys, so each image is still done once.
 */
export async function queueVariantBackfill(ctx: VariantsContext): Promise<void> {
  let queued = 0;
  for await (const urls of imagesWithoutVariants(ctx.db)) {
    for (const url of urls) {
      // One image that cannot be queued does not keep the others from it.
      await queueVariants(ctx.db, url).then(
        () => queued++,
        (err: unknown) => ctx.logger.warn({ err, url }, 'image variants: the job could not be queued'),
      );
    }
  }
  if (queued) ctx.logger.info({ images: queued }, 'image variants: jobs queued for images without them');
}

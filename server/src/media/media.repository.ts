import type { Db, Tx } from '../db/client';
import type { ImageInfo } from '#shared/types';
import type { MediaType } from '../generated/prisma/enums';

/** The queries of media/: uploads, their quota, and the rows of image variants. */

const QUOTA_WINDOW_MS = 24 * 3_600_000;

/** Bytes `userId` uploaded in the last 24 hours, and when the oldest of them leaves the window. */
export async function quotaUsed(db: Pick<Db, 'upload'>, userId: string, now = Date.now()) {
  const { _sum, _min } = await db.upload.aggregate({
    where: { userId, createdAt: { gt: new Date(now - QUOTA_WINDOW_MS) } },
    _sum: { bytes: true },
    _min: { createdAt: true },
  });
  const oldest = _min.createdAt?.getTime() ?? now;
  return { used: Number(_sum.bytes ?? 0n), retryAfterSeconds: (oldest + QUOTA_WINDOW_MS - now) / 1000 };
}

/**
 * Records an upload under its uploader's quota: in one transaction that holds the uploader's lock, `admit` sees
 * what they used in the window and throws to refuse.
 */
export async function recordUpload(
  db: Db,
  upload: { userId: string; fileUrl: string; bytes: number; type: MediaType },
  admit: (quota: { used: number; retryAfterSeconds: number }) => void,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockQuota(tx, upload.userId);
    admit(await quotaUsed(tx, upload.userId));
    await tx.upload.create({ data: { ...upload, bytes: BigInt(upload.bytes) } });
  });
}

/** Serialises one user's concurrent uploads, so that they cannot all fit in the same remaining allowance. */
async function lockQuota(tx: Tx, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`upload-quota:${userId}`}))`;
}

/** Forgets the record of an upload whose file could not be kept. */
export async function forgetUpload(db: Db, fileUrl: string): Promise<void> {
  await db.upload.deleteMany({ where: { fileUrl } });
}

/** Which of these public paths a media row, an article image or the site's logo, icon or share image still uses. */
export async function stillUsed(db: Db, paths: string[]): Promise<Set<string | null>> {
  const [media, articles, site] = await Promise.all([
    db.media.findMany({ where: { fileUrl: { in: paths } }, select: { fileUrl: true } }),
    db.article.findMany({ where: { imageUrl: { in: paths } }, select: { imageUrl: true } }),
    db.siteSettings.findMany({ select: { logoUrl: true, iconUrl: true, shareImageUrl: true } }),
  ]);
  const siteImages = site.flatMap((s) => [s.logoUrl, s.iconUrl, s.shareImageUrl]).filter((u) => u !== null && paths.includes(u));
  return new Set<string | null>([...media.map((m) => m.fileUrl), ...articles.map((a) => a.imageUrl), ...siteImages]);
}

/** Records which variants of an image exist (none, with the reason, when it was skipped). */
export async function saveVariants(
  db: Pick<Db, 'imageVariants'>,
  url: string,
  data: { width: number; height: number; widths: number[]; skipped: string | null; crops: boolean; bytes?: number | null },
): Promise<void> {
  const row = { ...data, bytes: data.bytes == null ? data.bytes : BigInt(data.bytes) };
  await db.imageVariants.upsert({ where: { fileUrl: url }, create: { fileUrl: url, ...row }, update: row });
}

/** What was recorded of an image's variants, if anything: whether they were made (or skipped), its crops, its size. */
export async function variantsRow(db: Pick<Db, 'imageVariants'>, url: string) {
  return db.imageVariants.findUnique({
    where: { fileUrl: url },
    select: { width: true, height: true, widths: true, skipped: true, crops: true, bytes: true },
  });
}

/** Records the size of an original whose variants were made before sizes were recorded. */
export async function saveOriginalSize(db: Pick<Db, 'imageVariants'>, url: string, bytes: number): Promise<void> {
  await db.imageVariants.updateMany({ where: { fileUrl: url }, data: { bytes: BigInt(bytes) } });
}

/** The recorded sizes of these originals, in bytes (those known). */
export async function originalSizes(db: Pick<Db, 'imageVariants'>, urls: string[]): Promise<Map<string, number>> {
  if (!urls.length) return new Map();
  const rows = await db.imageVariants.findMany({
    where: { fileUrl: { in: urls }, bytes: { not: null } },
    select: { fileUrl: true, bytes: true },
  });
  return new Map(rows.map((r) => [r.fileUrl, Number(r.bytes)]));
}

/** Variant jobs waiting or running (graphile-worker's tables). */
export async function waitingVariantJobs(db: Pick<Db, '$queryRaw'>): Promise<number> {
  const [row] = await db.$queryRaw<{ waiting: number }[]>`
    SELECT count(*)::int AS waiting FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'image-variants' AND j.attempts < j.max_attempts`;
  return row?.waiting ?? 0;
}

/**
 * Up to `limit` local images (of uploads, article images and image media) without variants, or whose original's size
 * is not recorded yet, in URL order after `after`.
 */
export async function imagesWithoutVariantsAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ url: string }[]>`
    SELECT s.url FROM (
      SELECT "fileUrl" AS url FROM "Upload" WHERE type = 'image'
      UNION SELECT "fileUrl" FROM "Media" WHERE type = 'image'
      UNION SELECT "imageUrl" FROM "Article" WHERE "imageUrl" IS NOT NULL
    ) s
    WHERE s.url LIKE '/uploads/%' AND s.url > ${after}
      AND NOT EXISTS (
        SELECT 1 FROM "ImageVariants" v WHERE v."fileUrl" = s.url AND (v.crops OR v.skipped IS NOT NULL) AND v.bytes IS NOT NULL
      )
    ORDER BY s.url
    LIMIT ${limit}`;
  return rows.map((r) => r.url);
}

/** The widths recorded for each of these originals. */
export async function recordedWidths(db: Pick<Db, 'imageVariants'>, urls: string[]): Promise<Map<string, number[]>> {
  const rows = await db.imageVariants.findMany({ where: { fileUrl: { in: urls } }, select: { fileUrl: true, widths: true } });
  return new Map(rows.map((r) => [r.fileUrl, r.widths]));
}

export async function deleteVariantRows(db: Pick<Db, 'imageVariants'>, urls: string[]): Promise<void> {
  await db.imageVariants.deleteMany({ where: { fileUrl: { in: urls } } });
}

/** The variants of these images that have any. */
export async function variantsOf(db: Pick<Db, 'imageVariants'>, urls: string[]): Promise<Map<string, ImageInfo>> {
  const rows = await db.imageVariants.findMany({
    where: { fileUrl: { in: urls }, NOT: { widths: { isEmpty: true } } },
    select: { fileUrl: true, width: true, height: true, widths: true, crops: true },
  });
  return new Map(rows.map((r) => [r.fileUrl, { width: r.width, height: r.height, widths: r.widths, crops: r.crops }]));
}

import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PATH } from '#shared/schemas/articles';
import type { Task } from 'graphile-worker';
import type { Db } from '../db/client';
import { removeVariants } from '../media/image-variants';
import type { Logger } from '../lib/logger';
import type { MediaStorage } from '../storage/media-storage';
import { sweepDeletedIssues } from '../newsletters/newsletters-admin.service';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An upload no article uses is kept this long: the author may still be writing the article that will. */
export const UPLOAD_GRACE_MS = DAY_MS;
/** A temporary file nobody has written to for this long belongs to an upload that died (kill -9, lost client). */
export const TEMP_IDLE_MS = HOUR_MS;
/** At start-up no upload of this process is in flight; only another server's live upload can be this fresh. */
export const TEMP_IDLE_AT_START_MS = 60_000;

/**
 * Deletes rows that can no longer matter: expired sessions (their tokens are expired too), e-mail codes
 * a day past their expiry, and rate-limit windows that have closed. Idempotent, so several app servers
 * may run it at once.
 */
export async function sweepExpired(db: Db, now = new Date()) {
  const [sessions, codes, limits] = await db.$transaction([
    db.session.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.emailCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } }),
    db.rateLimit.deleteMany({ where: { resetAt: { lt: now } } }),
  ]);
  return { sessions: sessions.count, codes: codes.count, rateLimits: limits.count };
}

/**
 * Deletes uploads that no article uses (in its content, as its image or as media), no static page's body shows and no author has as their photo, once past the grace
 * period, rows and files (resized variants included), and temporary files idle for `tempIdleMs`. An upload found in use is marked
 * `referenced` and never looked at again (removing an article's media and image deletes their files
 * already). Files without an Upload row (older than the table, or the demo images) are left alone.
 */
export async function sweepUploads(
  db: Db,
  uploadDir: string,
  now = new Date(),
  tempIdleMs = TEMP_IDLE_MS,
  storage?: Pick<MediaStorage, 'forget'>,
) {
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_MS);
  // `used` is repeated in both statements so that the DELETE re-checks at its own instant.
  await db.$executeRaw`
    UPDATE "Upload" u SET referenced = true
    WHERE NOT u.referenced AND u."createdAt" < ${cutoff}
      AND (EXISTS (SELECT 1 FROM "Media" m WHERE m."fileUrl" = u."fileUrl")
        OR EXISTS (SELECT 1 FROM "Article" a WHERE a."imageUrl" = u."fileUrl")
        OR EXISTS (SELECT 1 FROM "Article" a WHERE strpos(a.content, u."fileUrl") > 0)
        OR EXISTS (SELECT 1 FROM "Page" p WHERE strpos(p.content, u."fileUrl") > 0)
        OR EXISTS (SELECT 1 FROM "User" us WHERE us."avatarUrl" = u."fileUrl"))`;
  const swept = await db.$queryRaw<{ fileUrl: string }[]>`
    DELETE FROM "Upload" u
    WHERE NOT u.referenced AND u."createdAt" < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM "Media" m WHERE m."fileUrl" = u."fileUrl")
      AND NOT EXISTS (SELECT 1 FROM "Article" a WHERE a."imageUrl" = u."fileUrl" OR strpos(a.content, u."fileUrl") > 0)
      AND NOT EXISTS (SELECT 1 FROM "Page" p WHERE strpos(p.content, u."fileUrl") > 0)
      AND NOT EXISTS (SELECT 1 FROM "User" us WHERE us."avatarUrl" = u."fileUrl")
    RETURNING u."fileUrl"`;
  const files = swept.map((row) => row.fileUrl).filter((url) => UPLOAD_PATH.test(url));
  const names = files.map((url) => url.slice('/uploads/'.length));
  await Promise.all(names.map((name) => rm(path.join(uploadDir, name), { force: true })));
  await storage?.forget(names);
  await removeVariants(db, uploadDir, files, storage);
  return { uploads: swept.length, tempFiles: await sweepTempFiles(path.join(uploadDir, '.tmp'), now, tempIdleMs) };
}

async function sweepTempFiles(dir: string, now: Date, idleMs: number): Promise<number> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < idleMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

/**
 * In every process: the sweeps once at start-up (temporary uploads with the shorter start-up idle time), then
 * this process's own temporary files every `intervalMs`. The hourly sweep of the shared rows and uploads is a
 * scheduled job (`sweepTask`), run once across replicas. Returns a stop function. Failures are logged, never thrown.
 */
export function scheduleSweep(
  db: Db,
  uploadDir: string,
  onError: (err: unknown) => void,
  intervalMs = HOUR_MS,
  storage?: Pick<MediaStorage, 'forget'>,
): () => void {
  void sweepExpired(db).catch(onError);
  void sweepUploads(db, uploadDir, new Date(), TEMP_IDLE_AT_START_MS, storage).catch(onError);
  const timer = setInterval(() => void sweepTempFiles(path.join(uploadDir, '.tmp'), new Date(), TEMP_IDLE_MS).catch(onError), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Mail jobs that ran out of attempts stay in graphile-worker's table with their sealed mail: gone once their code
 * could no longer be used anyway (a mail job never outlives its code's 10 minutes by more than its last back-off).
 */
async function sweepFailedMailJobs(db: Db, now: Date): Promise<number> {
  return db.$executeRaw`
    DELETE FROM graphile_worker._private_jobs j USING graphile_worker._private_tasks t
    WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.attempts >= j.max_attempts
      AND j.locked_at IS NULL AND j.updated_at < ${new Date(now.getTime() - DAY_MS)}`;
}

/**
 * The hourly job (jobs/tasks.ts): expired rows, failed mail jobs, unused uploads past their grace period, then the
 * issues of deleted newsletters.
 */
export function sweepTask(ctx: { db: Db; logger: Logger; config: { uploadDir: string }; storage?: Pick<MediaStorage, 'forget'> }): Task {
  return async () => {
    const expired = await sweepExpired(ctx.db);
    const failedMails = await sweepFailedMailJobs(ctx.db, new Date());
    const uploads = await sweepUploads(ctx.db, ctx.config.uploadDir, new Date(), TEMP_IDLE_MS, ctx.storage);
    const newsletterHistory = await sweepDeletedIssues(ctx.db);
    ctx.logger.debug({ swept: { ...expired, failedMails, ...uploads, newsletterHistory } }, 'hourly sweep done');
  };
}

import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type/node';
import multer from 'multer';
import { UPLOAD_PATH } from '#shared/schemas/articles';
import type { AppContext } from '../context';
import { badRequest, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '../lib/errors';
import { signedInUser } from '../lib/policy';
import { enforce } from '../lib/rate-limit';
import { removeVariants } from './image-variants';
import { forgetUpload, quotaUsed, recordUpload, stillUsed } from './media.repository';

/**
 * Uploaded media (docs/spec/CONTRACT.md §6): files are received into a temporary folder inside the uploads
 * folder, recognised by their bytes (never by name or declared type), size-checked per kind, counted
 * against the uploader's daily quota, recorded as an Upload row, then renamed to a random name in the
 * uploads folder. Refused and abandoned temporary files are deleted (maintenance/sweep.service.ts catches the
 * ones a crash leaves behind). See docs/decisions/014-upload-quotas-and-sweep.md.
 */
export type MediaKind = 'image' | 'video';

const ACCEPTED: Record<string, { kind: MediaKind; ext: string }> = {
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/avif': { kind: 'image', ext: 'avif' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/webm': { kind: 'video', ext: 'webm' },
};

const ACCEPTED_TEXT = 'Only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos are accepted';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;

export const tempUploadDir = (ctx: AppContext) => path.join(ctx.config.uploadDir, '.tmp');

const HOUR_MS = 3_600_000;
/** Multipart framing around the file: a declared body larger than the allowance left by more than this is refused unread. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** No wait helps a file larger than a whole day's allowance. */
const largerThanQuota = (ctx: AppContext) =>
  payloadTooLarge(`The file is larger than your upload allowance of ${megabytes(ctx.config.uploadQuotaBytes)} per 24 hours`);

const quotaExceeded = (ctx: AppContext, retryAfterSeconds: number) =>
  tooManyRequests(
    `Your upload allowance of ${megabytes(ctx.config.uploadQuotaBytes)} per 24 hours is used up; try again later`,
    retryAfterSeconds,
  );

/**
 * Per-user upload rate limit and daily quota, checked before the body is read: past either, 429 with
 * Retry-After. A declared Content-Length that cannot fit in what is left is refused unread as well;
 * the exact size is checked again, atomically, when the file is stored.
 */
export function limitUploads(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const userId = signedInUser(req).id;
    await enforce(ctx.limits, `uploads:user:${userId}`, ctx.config.uploadsPerHour, HOUR_MS, 'Too many uploads; try again later');
    const { used, retryAfterSeconds } = await quotaUsed(ctx.db, userId);
    const left = ctx.config.uploadQuotaBytes - used;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > ctx.config.uploadQuotaBytes + MULTIPART_SLACK_BYTES) throw largerThanQuota(ctx);
    if (left <= 0 || declared > left + MULTIPART_SLACK_BYTES) throw quotaExceeded(ctx, retryAfterSeconds);
    // A body without a length (chunked) is read only as far as the allowance reaches: receiveFile stops there.
    res.locals.uploadAllowance = { bytes: left, retryAfterSeconds } satisfies UploadAllowance;
    next();
  };
}

interface UploadAllowance {
  bytes: number;
  retryAfterSeconds: number;
}

/** Multer errors and unreadable multipart bodies are the client's problem: 4xx, never 500. */
export function toClientError(err: unknown, field: string, maxBytes: number): unknown {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return payloadTooLarge(`The file is too large (at most ${megabytes(maxBytes)})`);
    if (err.code === 'LIMIT_UNEXPECTED_FILE')
      return badRequest(`Send one file in the field "${field}"`, [`${field}: send exactly one file in this field`]);
    return badRequest('The upload could not be read', [err.message]);
  }
  // System errors (a full disk, say) stay server errors; everything else came from parsing the body.
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err;
  return badRequest('The upload could not be read', ['The multipart body is malformed']);
}

/**
 * Middleware receiving one file from multipart field `field` into the temporary folder. Whatever
 * happens next, the temporary file is removed when the response ends (after a successful `storeFile`
 * it has already been moved away).
 */
export function receiveFile(ctx: AppContext, field: string): RequestHandler {
  const maxBytes = Math.max(ctx.config.maxImageBytes, ctx.config.maxVideoBytes);
  const upload = multer({
    storage: multer.diskStorage({ destination: tempUploadDir(ctx), filename: (_req, _file, cb) => cb(null, randomUUID()) }),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single(field);
  return (req, res, next) => {
    res.on('close', () => {
      if (req.file?.path) void rm(req.file.path, { force: true });
    });
    const allowance = res.locals.uploadAllowance as UploadAllowance | undefined;
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      next(err);
    };
    // A body without a declared length (chunked) may be larger than the quota left: count what arrives and
    // answer 429 as soon as it cannot fit, instead of letting multer read it to its end (the answer closes
    // the connection, lib/route.ts). The partial temporary file goes with the sweep of `.tmp`.
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (allowance && received > allowance.bytes + MULTIPART_SLACK_BYTES) {
        req.unpipe();
        finish(quotaExceeded(ctx, allowance.retryAfterSeconds));
      }
    };
    if (allowance && allowance.bytes < maxBytes) req.on('data', count);
    upload(req, res, (err: unknown) => finish(err ? toClientError(err, field, maxBytes) : undefined));
  };
}

/** The received file, or 400 when the request carried none. */
export function requireFile(req: Request, field: string): Express.Multer.File {
  if (!req.file) throw badRequest('No file was uploaded', [`${field}: a file is required (multipart/form-data)`]);
  return req.file;
}

export interface StoredFile {
  /** Public path, `/uploads/<random>.<ext>`. */
  path: string;
  type: MediaKind;
}

/**
 * Recognises the received file by its bytes, records it as an upload of `userId` and moves it into the
 * uploads folder under a random name. 415 for anything but the accepted formats (or a kind other than
 * `expected`), 413 when too large, 429 when it would take the uploader past the daily quota.
 */
export async function storeFile(ctx: AppContext, file: Express.Multer.File, userId: string, expected?: MediaKind): Promise<StoredFile> {
  const detected = await fileTypeFromFile(file.path);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  if (!accepted) throw unsupportedMediaType(ACCEPTED_TEXT);
  if (expected && accepted.kind !== expected)
    throw unsupportedMediaType(
      `The file is ${accepted.kind === 'image' ? 'an image' : 'a video'}, not ${expected === 'image' ? 'an image' : 'a video'}`,
    );
  const max = accepted.kind === 'image' ? ctx.config.maxImageBytes : ctx.config.maxVideoBytes;
  if (file.size > max) throw payloadTooLarge(`The ${accepted.kind} is too large (at most ${megabytes(max)})`);
  const name = `${randomUUID()}.${accepted.ext}`;
  const fileUrl = `/uploads/${name}`;
  await recordUpload(ctx.db, { userId, fileUrl, bytes: file.size, type: accepted.kind }, ({ used, retryAfterSeconds }) => {
    if (file.size > ctx.config.uploadQuotaBytes) throw largerThanQuota(ctx);
    if (used + file.size > ctx.config.uploadQuotaBytes) throw quotaExceeded(ctx, retryAfterSeconds);
  });
  try {
    await rename(file.path, path.join(ctx.config.uploadDir, name));
    // In the bucket before the answer: any replica can serve it from the next request on.
    await ctx.storage.keep(name);
  } catch (err) {
    await forgetUpload(ctx.db, fileUrl);
    await rm(path.join(ctx.config.uploadDir, name), { force: true });
    throw err;
  }
  return { path: fileUrl, type: accepted.kind };
}

/** The file on disk behind a public `/uploads/<name>` path, or undefined for anything else. */
export function uploadFileOnDisk(ctx: Pick<AppContext, 'config'>, publicPath: string): string | undefined {
  if (!UPLOAD_PATH.test(publicPath)) return undefined;
  return path.join(ctx.config.uploadDir, publicPath.slice('/uploads/'.length));
}

/**
 * Deletes the files behind these public paths, and their resized variants, unless a media row or an
 * article image still uses them (demo content shares images between articles). Run after the database
 * change committed; a file that cannot be deleted is logged, not fatal.
 */
/** What removing files needs: the app's context or a job's. */
export type FilesContext = Pick<AppContext, 'db' | 'logger' | 'storage' | 'config'>;

export async function removeUnusedFiles(ctx: FilesContext, publicPaths: string[]): Promise<void> {
  const candidates = [...new Set(publicPaths.filter((p) => UPLOAD_PATH.test(p)))];
  if (!candidates.length) return;
  const used = await stillUsed(ctx.db, candidates);
  const unused = candidates.filter((p) => !used.has(p));
  await Promise.all(
    unused.map(async (p) => {
      const file = uploadFileOnDisk(ctx, p);
      if (!file) return;
      await rm(file, { force: true }).catch((err: unknown) => ctx.logger.warn({ err, file }, 'could not delete an uploaded file'));
    }),
  );
  await ctx.storage.forget(unused.map((p) => p.slice('/uploads/'.length)));
  await removeVariants(ctx.db, ctx.config.uploadDir, unused, ctx.storage).catch((err: unknown) =>
    ctx.logger.warn({ err }, 'could not delete image variants'),
  );
}

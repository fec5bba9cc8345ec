import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type/node';
import multer from 'multer';
import { UPLOAD_PATH } from '../../../shared/schemas/articles';
import type { AppContext } from '../context';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

/**
 * Uploaded media (CONTRACT.md §6): files are received into a temporary folder inside the uploads
 * folder, recognised by their bytes (never by name or declared type), size-checked per kind, then
 * renamed to a random name in the uploads folder. Refused and abandoned temporary files are deleted.
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

/** Multer errors and unreadable multipart bodies are the client's problem: 4xx, never 500. */
function toClientError(err: unknown, field: string, maxBytes: number): unknown {
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
    upload(req, res, (err: unknown) => next(err ? toClientError(err, field, maxBytes) : undefined));
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
 * Recognises the received file by its bytes and moves it into the uploads folder under a random name.
 * 415 for anything but the accepted formats (or a kind other than `expected`), 413 when too large.
 */
export async function storeFile(ctx: AppContext, file: Express.Multer.File, expected?: MediaKind): Promise<StoredFile> {
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
  await rename(file.path, path.join(ctx.config.uploadDir, name));
  return { path: `/uploads/${name}`, type: accepted.kind };
}

/** The file on disk behind a public `/uploads/<name>` path, or undefined for anything else. */
export function uploadFileOnDisk(ctx: AppContext, publicPath: string): string | undefined {
  if (!UPLOAD_PATH.test(publicPath)) return undefined;
  return path.join(ctx.config.uploadDir, publicPath.slice('/uploads/'.length));
}

/**
 * Deletes the files behind these public paths unless a media row or an article image still uses
 * them (demo content shares images between articles). Run after the database change committed;
 * a file that cannot be deleted is logged, not fatal.
 */
export async function removeUnusedFiles(ctx: AppContext, publicPaths: string[]): Promise<void> {
  const candidates = [...new Set(publicPaths.filter((p) => UPLOAD_PATH.test(p)))];
  if (!candidates.length) return;
  const [media, articles] = await Promise.all([
    ctx.db.media.findMany({ where: { fileUrl: { in: candidates } }, select: { fileUrl: true } }),
    ctx.db.article.findMany({ where: { imageUrl: { in: candidates } }, select: { imageUrl: true } }),
  ]);
  const stillUsed = new Set<string | null>([...media.map((m) => m.fileUrl), ...articles.map((a) => a.imageUrl)]);
  await Promise.all(
    candidates
      .filter((p) => !stillUsed.has(p))
      .map(async (p) => {
        const file = uploadFileOnDisk(ctx, p);
        if (!file) return;
        await rm(file, { force: true }).catch((err: unknown) => ctx.logger.warn({ err, file }, 'could not delete an uploaded file'));
      }),
  );
}

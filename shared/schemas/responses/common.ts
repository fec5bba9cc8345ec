import { z } from 'zod';

/**
 * The response schemas (this folder) describe what the server sends (docs/spec/CONTRACT.md §2), once. The server
 * checks its answers against them outside production (server/src/lib/route.ts), the OpenAPI document is
 * generated from them (server/src/lib/openapi.ts), and shared/types.ts infers the client's types from them.
 * A schema with `meta({ id })` becomes a named component of the OpenAPI document. They live apart from the
 * request schemas of shared/schemas, which the dashboard's forms import: schemas registered with `meta` are
 * module side effects that no bundler drops, and the client only needs their types.
 *
 * This file: the building blocks, and the shapes several resources share.
 */

/** A record's id: a UUID today, but clients treat it as opaque. */
export const wireId = z.string().describe('Opaque id');

/** Timestamps are ISO 8601 UTC strings (`Date.prototype.toISOString`). */
export const wireTime = z.iso.datetime();

export const wireInt = z.int();

/** Optimistic-concurrency version (docs/decisions/020). */
export const wireVersion = z.int().describe('Send it back with an edit (If-Match or body); the ETag is "v<version>"');

export const imageInfoSchema = z
  .object({
    width: z.int().describe('Intrinsic width of the original, in pixels'),
    height: z.int().describe('Intrinsic height of the original, in pixels'),
    widths: z.array(z.int()).describe('Widths available as AVIF, WebP and JPEG'),
    crops: z
      .boolean()
      .optional()
      .describe('Whether its 16:9, 4:3 and 1:1 crops exist, /uploads/<name>-16x9.jpg, -4x3.jpg and -1x1.jpg (shared/images.ts)'),
  })
  .meta({
    id: 'ImageInfo',
    description:
      'Resized variants of an uploaded image: for each width w, /uploads/<name>-<w>w.avif, .webp and .jpg next to /uploads/<name>.<ext> (shared/images.ts)',
  });

export const mediaItemSchema = z
  .object({
    id: wireId,
    type: z.enum(['image', 'video']),
    fileUrl: z.string(),
    /** Optional in the type for the client's fixtures; the server always sends it. */
    image: imageInfoSchema.nullable().optional().describe('Variants of an image; null for a video or before they are made. Always sent'),
  })
  .meta({ id: 'MediaItem', description: 'An image or a video of an article' });

export const paginationSchema = z
  .object({ total: wireInt, limit: wireInt, offset: wireInt })
  .meta({ id: 'Pagination', description: 'The page: `total` items in all, `limit` per page, starting at `offset`' });

/** One page of a list: `{ data: T[], pagination }`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema }).describe('One page of the list, and where it lies in the whole');

/** The answer of a delete. */
export const deletedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'Deleted', description: 'The record is gone; `message` says what was deleted' });

export const successSchema = z.object({ success: z.literal(true) }).describe('Done');

/** `{ message }`: answers that only tell the person something (an e-mail was sent, they are signed out). */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message', description: 'A sentence to show the person' });

/** The error envelope of every failure (docs/spec/CONTRACT.md §2). */
export const apiErrorBodySchema = z
  .object({
    error: z.string().describe('A short label, e.g. "Not Found" or "Validation failed"'),
    message: z.string(),
    details: z.array(z.string()).optional().describe('Each problem of a 400 "Validation failed"'),
  })
  .meta({ id: 'Error', description: 'The error envelope: { error, message, details? }' });

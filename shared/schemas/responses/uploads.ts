import { z } from 'zod';

/**
 * POST /api/uploads: where the file now lives, and what it was recognised as (by its bytes).
 * @public (knip misses its one use, in uploads.routes.ts)
 */
export const uploadedFileSchema = z
  .object({
    success: z.literal(true),
    path: z.string().describe('/uploads/<name>'),
    type: z.enum(['image', 'video']),
  })
  .describe('Where the file now lives, and what it was recognised as');

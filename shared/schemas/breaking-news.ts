import { z } from 'zod';
import { BREAKING_NEWS_STATUSES, LIMITS } from '../constants';
import { hasVisibleText } from './text';
import { instantSchema } from './time';
import { versionSchema } from './version';

export const BREAKING_NEWS_MESSAGES = {
  headlineRequired: 'Headline is required.',
  headlineTooLong: `Headline must be at most ${LIMITS.headlineMax} characters.`,
} as const;

/** Plain text on one line: surrounding space trimmed, inner runs of white space (newlines too) become one space. */
export const headlineSchema = z
  .string({ error: BREAKING_NEWS_MESSAGES.headlineRequired })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .refine(hasVisibleText, BREAKING_NEWS_MESSAGES.headlineRequired)
      .max(LIMITS.headlineMax, BREAKING_NEWS_MESSAGES.headlineTooLong),
  );

/** POST /api/breaking-news and PUT /api/breaking-news/:id. */
export const breakingNewsInputSchema = z.object({ headline: headlineSchema });
export type BreakingNewsInput = z.infer<typeof breakingNewsInputSchema>;

/** PUT /api/breaking-news/:id: the headline and the version the edit is based on. */
export const updateBreakingNewsInputSchema = breakingNewsInputSchema.extend({ version: versionSchema.optional() });
export type UpdateBreakingNewsInput = z.infer<typeof updateBreakingNewsInputSchema>;

/** POST /api/breaking-news/:id/schedule: when a draft headline goes on the ticker by itself (docs/decisions/059-scheduling.md). */
export const scheduleBreakingNewsInputSchema = z.object({ publishAt: instantSchema('publishAt') });

/** GET /api/breaking-news: `status` applies to staff only (the public sees published items). */
export const breakingNewsListQuerySchema = z.object({
  status: z.enum(BREAKING_NEWS_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type BreakingNewsListQuery = z.infer<typeof breakingNewsListQuerySchema>;

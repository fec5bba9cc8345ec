import { z } from 'zod';
import { BREAKING_NEWS_STATUSES, LIMITS, ROLES } from '../../constants';
import { wireId, wireTime, wireVersion } from './common';

/** An item of the breaking-news ticker on the wire. */
export const breakingNewsSchema = z
  .object({
    id: wireId,
    headline: z.string().max(LIMITS.headlineMax),
    status: z.enum(BREAKING_NEWS_STATUSES),
    author: z.object({ id: wireId, name: z.string(), role: z.enum(ROLES) }),
    createdAt: wireTime,
    updatedAt: wireTime,
    publishedAt: wireTime.nullable(),
    /** Optional in the type for the client's fixtures; the server always sends it. */
    scheduledAt: wireTime
      .nullable()
      .optional()
      .describe('When a scheduled headline goes on the ticker by itself; null unless it is scheduled (staff only). Always sent'),
    version: wireVersion,
  })
  .meta({ id: 'BreakingNews', description: 'A breaking-news headline' });

/** GET /api/breaking-news. */
export const breakingNewsListSchema = z.object({ news: z.array(breakingNewsSchema) }).describe('The items, newest first');

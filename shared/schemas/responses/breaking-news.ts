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
    version: wireVersion,
  })
  .meta({ id: 'BreakingNews', description: 'A breaking-news headline' });

/** GET /api/breaking-news. */
export const breakingNewsListSchema = z.object({ news: z.array(breakingNewsSchema) }).describe('The items, newest first');

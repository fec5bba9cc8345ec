import { z } from 'zod';
import { articleListItemSchema } from './articles';
import { paginationSchema, wireId, wireInt, wireTime } from './common';

/** One logged view of an article, as the staff's list shows it. */
export const viewLogSchema = z
  .object({
    id: wireId,
    articleId: wireId,
    viewedAt: wireTime,
    percentViewed: z.number(),
    fullyViewed: z.boolean(),
    topViewed: z.boolean(),
    middleViewed: z.boolean(),
    bottomViewed: z.boolean(),
    durationSeconds: wireInt.nullable(),
  })
  .meta({ id: 'ViewLog', description: 'One view of an article, with how far it was read' });

export const viewLogPageSchema = z
  .object({ data: z.array(viewLogSchema), pagination: paginationSchema })
  .describe('A page of view logs, newest first');

export const topArticlesSchema = z
  .object({ data: z.array(articleListItemSchema) })
  .describe('The most viewed published articles, most views first');

export const dailyViewsSchema = z
  .object({
    data: z.array(z.object({ date: z.iso.date().describe('A UTC day, YYYY-MM-DD'), views: wireInt })),
  })
  .describe('Views per UTC day, oldest first');

/** POST /api/view/article/:id: 201 for a counted view, 200 with nulls for a repeated one (docs/decisions/015). */
export const loggedViewSchema = z.union([
  z.object({
    success: z.literal(true),
    counted: z.literal(true),
    id: wireId,
    token: z.string().describe('For PUT /api/view/:id/duration'),
    totalViews: wireInt,
  }),
  z.object({ success: z.literal(true), counted: z.literal(false), id: z.null(), token: z.null(), totalViews: wireInt }),
]);

export const viewCountSchema = z.object({ articleId: wireId, totalViews: wireInt }).describe("The article's view count");

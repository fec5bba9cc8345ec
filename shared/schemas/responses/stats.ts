import { z } from 'zod';
import { ROLES } from '../../constants';
import { wireId, wireInt, wireTime } from './common';

/** GET /api/stats: the dashboard's numbers for the caller's role. */
export const dashboardStatsSchema = z
  .object({
    role: z.enum(ROLES),
    totalUsers: wireInt.optional().describe('Admins and super-admins only'),
    totalArticles: wireInt,
    publishedArticles: wireInt,
    publishedToday: wireInt.describe('Published since midnight UTC'),
    pendingReview: wireInt.describe('Articles in review (docs/decisions/058-review.md)'),
    myArticles: wireInt,
    myDrafts: wireInt,
    myComments: wireInt.describe("Comments on the caller's articles"),
    totalComments: wireInt,
    totalViews: wireInt,
    publishedBreakingNews: wireInt,
  })
  .meta({ id: 'DashboardStats', description: "The dashboard's numbers for the caller's role" });

/** One line of the dashboard's Recent Activity panel. */
export const activityEventSchema = z
  .object({
    type: z.enum(['article', 'comment', 'breaking-news']),
    action: z.enum(['created', 'published', 'posted']),
    id: wireId,
    title: z.string().describe('Article title or headline (for a comment: its article)'),
    actor: z.string().describe('Name of the author or commenter'),
    at: wireTime,
    articleId: wireId.optional().describe('Comments only: the article the comment is on'),
  })
  .meta({ id: 'ActivityEvent', description: 'A newsroom event: an article created or published, a comment, breaking news' });

export const activityListSchema = z.object({ data: z.array(activityEventSchema) }).describe('Events, newest first');

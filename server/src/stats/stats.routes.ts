import { Router } from 'express';
import { z } from 'zod';
import { activityListSchema, dashboardStatsSchema } from '#shared/schemas/responses/stats';
import type { AppContext } from '../context';
import { requirePermission } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { dashboardStats, recentActivity } from './stats.service';

/** The dashboard's numbers and its Recent Activity panel (staff; private, as every signed-in answer: cache/response-cache.ts). */
export function statsRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('/stats');
  const guard = requirePermission('stats:read');

  route(
    {
      method: 'get',
      path: '/',
      summary: "Dashboard numbers for the caller's role (totalUsers for admins only)",
      guard,
      returns: dashboardStatsSchema,
    },
    ({ user }) => dashboardStats(db, user),
  );

  route(
    {
      method: 'get',
      path: '/activity',
      summary: 'Latest newsroom events (articles created or published, comments, breaking news), newest first',
      guard,
      query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
      returns: activityListSchema,
    },
    async ({ query, user }) => ({ data: await recentActivity(db, user, query.limit) }),
  );

  return router;
}

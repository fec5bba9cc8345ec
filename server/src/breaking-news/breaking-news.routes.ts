import { Router } from 'express';
import {
  breakingNewsInputSchema,
  breakingNewsListQuerySchema,
  scheduleBreakingNewsInputSchema,
  updateBreakingNewsInputSchema,
} from '#shared/schemas/breaking-news';
import { breakingNewsListSchema, breakingNewsSchema } from '#shared/schemas/responses/breaking-news';
import { deletedSchema } from '#shared/schemas/responses/common';
import type { AppContext } from '../context';
import { serviceUnavailable, tooManyRequests } from '../lib/errors';
import { allows, publicRoute, requirePermission } from '../lib/policy';
import { Tags } from '../lib/cache-scope';
import { idParams, none, resourceRouter } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import * as news from './breaking-news.service';
import { STREAM_LIMITS } from './live-feed';

const STREAM_PATH = '/api/breaking-news/stream';
/** A refused network's streams free up as they end (15 to 20 minutes); its browsers poll every minute meanwhile. */
const NETWORK_RETRY_SECONDS = 60;
const FULL_RETRY_SECONDS = 30;

export function breakingNewsRouter({ db, liveFeed }: AppContext): Router {
  const { router, route } = resourceRouter('/breaking-news');

  route(
    {
      method: 'get',
      path: '/',
      summary: 'List breaking news: published items for readers, every item (optionally filtered by status) for staff',
      guard: publicRoute,
      query: breakingNewsListQuerySchema,
      returns: breakingNewsListSchema,
      cacheTags: () => [Tags.breaking],
    },
    async ({ query, user }) => {
      const staff = allows(user, 'breaking-news:list-all');
      return { news: await news.listBreakingNews(db, staff, query) };
    },
  );

  route(
    {
      method: 'get',
      path: '/stream',
      summary:
        'The live ticker, as Server-Sent Events: an event `headlines` with `{ news }` (the published headlines, newest first, at most 5) now and after every change; its id, sent back as Last-Event-ID on a reconnect, skips a ticker the reader already has. A stream ends after 15 to 20 minutes (the browser reconnects by itself)',
      guard: publicRoute,
      produces: 'text/event-stream',
      returns: { description: 'An event stream that stays open' },
      errors: {
        301: 'Another spelling of this path (`/api/breaking-news/stream/`, capitals): to this one',
        429: `${STREAM_LIMITS.perNetwork} streams from this network are open on this server already (Retry-After); \`GET /api/breaking-news\` meanwhile`,
        503: 'This server is stopping, or keeps as many streams open as it can (Retry-After); the browser retries',
      },
    },
    async (_input, req, res) => {
      // Streams are served at one spelling only: the one the response cache lets through (any other, such as a
      // trailing slash, it would hold back until the answer ends, which a stream never does) and the one the
      // balancer counts (deploy/haproxy). The router takes others (a trailing slash, capitals): sent there.
      if (req.originalUrl.split('?')[0] !== STREAM_PATH) return res.redirect(301, STREAM_PATH);
      const admission = await liveFeed.subscribe(req, res);
      if (admission === 'network')
        throw tooManyRequests('Too many live updates are open from your network, please retry later', NETWORK_RETRY_SECONDS);
      if (admission !== 'open')
        throw serviceUnavailable('Live updates are not available on this server right now, please retry shortly', FULL_RETRY_SECONDS);
    },
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create a breaking-news headline (as a draft, authored by the caller)',
      guard: requirePermission('breaking-news:create'),
      body: breakingNewsInputSchema,
      status: 201,
      returns: breakingNewsSchema,
      purges: () => [Tags.breaking],
    },
    async ({ body, user }) => news.createBreakingNews(db, user, body.headline),
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: `Edit a headline (authors: only their own drafts; editors and above: any). ${VERSIONED_EDIT.summary}`,
      guard: requirePermission('breaking-news:edit'),
      params: idParams,
      body: updateBreakingNewsInputSchema,
      returns: { schema: breakingNewsSchema, description: 'The item, with its new ETag' },
      errors: {
        403: "An author editing someone else's headline, or one that is no longer a draft",
        404: 'No such breaking news',
        409: '`version` is not the current one (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      purges: () => [Tags.breaking],
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await news.updateBreakingNews(db, user, req.grant, params.id, body.headline, expectedVersion(req, body.version))),
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a breaking-news item',
      guard: requirePermission('breaking-news:delete'),
      params: idParams,
      returns: deletedSchema,
      errors: { 404: 'No such breaking news' },
      purges: () => [Tags.breaking],
    },
    async ({ params, user }) => {
      await news.deleteBreakingNews(db, user, params.id);
      return { success: true, message: 'Breaking news deleted' };
    },
  );

  // Publishing and unpublishing differ only in the status they set.
  for (const [path, status, summary] of [
    ['/:id/publish', 'published', 'Publish a breaking-news item (it joins the ticker)'],
    ['/:id/unpublish', 'draft', 'Unpublish a breaking-news item (back to draft, off the ticker)'],
  ] as const) {
    route(
      {
        method: 'post',
        path,
        summary,
        guard: requirePermission('breaking-news:publish'),
        params: idParams,
        returns: breakingNewsSchema,
        errors: { 404: 'No such breaking news' },
        purges: () => [Tags.breaking],
      },
      async ({ params, user }) => news.setBreakingNewsStatus(db, user, params.id, status),
    );
  }

  // Scheduling (docs/decisions/059-scheduling.md): nothing on the ticker changes now; the scheduler's change is heard by
  // the table's NOTIFY and purged by the scheduler.
  route(
    {
      method: 'post',
      path: '/:id/schedule',
      summary: 'Schedule a headline that is not on the ticker to go on it by itself at publishAt (again: a new time)',
      guard: requirePermission('breaking-news:publish'),
      params: idParams,
      body: scheduleBreakingNewsInputSchema,
      returns: breakingNewsSchema,
      errors: { 400: 'a time missing, past or too far ahead', 404: 'No such breaking news', 409: 'the headline is on the ticker already' },
      purges: none,
    },
    async ({ params, body, user }) => news.scheduleBreakingNews(db, user, params.id, body.publishAt),
  );

  route(
    {
      method: 'post',
      path: '/:id/unschedule',
      summary: 'Cancel a scheduled headline: back to a draft',
      guard: requirePermission('breaking-news:publish'),
      params: idParams,
      returns: breakingNewsSchema,
      errors: { 404: 'No such breaking news', 409: 'nothing is scheduled for it' },
      purges: none,
    },
    async ({ params, user }) => news.scheduleBreakingNews(db, user, params.id, null),
  );

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import {
  articleFeaturedInputSchema,
  articleStatusInputSchema,
  correctionInputSchema,
  createArticleInputSchema,
  homeArticlesQuerySchema,
  listArticlesQuerySchema,
  mediaTypeSchema,
  publishedArticlesQuerySchema,
  restoreRevisionInputSchema,
  scheduleInputSchema,
  sendBackInputSchema,
  updateArticleInputSchema,
} from '#shared/schemas/articles';
import {
  articleListItemSchema,
  articleRevisionSchema,
  articleSchema,
  featuredArticleSchema,
  homeArticlesSchema,
  revisionListSchema,
} from '#shared/schemas/responses/articles';
import { deletedSchema, mediaItemSchema, pageSchema } from '#shared/schemas/responses/common';
import { articleChanged, Tags } from '../lib/cache-scope';
import type { AppContext } from '../context';
import { notFound, serviceUnavailable, tooManyRequests } from '../lib/errors';
import { queueVariantsOrLog } from '../media/image-variants';
import { limitUploads, receiveFile, requireFile, storeFile } from '../media/media-files';
import { publicRoute, requirePermission } from '../lib/policy';
import { idParam, idParams, none, resourceRouter } from '../lib/route';
import { expectedVersion, setVersionTag, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import * as articleMedia from './article-media.service';
import { isUuid } from './article-records';
import * as articles from './articles.service';
import * as corrections from './corrections.service';
import { PRESENCE_LIMITS } from './presence.service';
import * as revisions from './revisions.service';
import { homeArticles } from './home.service';
import * as share from './share.service';
import * as stories from './stories.service';
import { shareImage } from './share-image';
import { renderShareNotFound, renderSharePage } from './share-page';
import { currentSite, siteOrFallback } from '../settings/settings.service';

const mediaParams = z.object({ id: idParam, mediaId: idParam });
const revisionParams = z.object({ id: idParam, revisionId: idParam });
const shareParams = z.object({ articleId: z.string() });

export function articlesRouter(ctx: AppContext): Router {
  const { db } = ctx;
  const { router, route } = resourceRouter('/articles');

  // An id that is not a UUID names no article: 404, like any other unknown id.
  router.param('id', (_req, _res, next, id: string) => next(isUuid(id) ? undefined : notFound('Article not found')));
  router.param('mediaId', (_req, _res, next, id: string) => next(isUuid(id) ? undefined : notFound('Media not found')));
  router.param('revisionId', (_req, _res, next, id: string) => next(isUuid(id) ? undefined : notFound('Revision not found')));

  route(
    {
      method: 'get',
      path: '/',
      summary:
        'List all articles, drafts included, newest first (authors: their own); with status=review the review queue, oldest submission first; q searches (the best matches first), categoryId, authorId, from and to narrow, sort orders (title, category, author, status, date; - first for the other way)',
      guard: requirePermission('articles:list-all'),
      query: listArticlesQuerySchema,
      returns: pageSchema(articleSchema),
    },
    async ({ query, user }, req) => articles.listArticles(db, user, req.grant, query, (await currentSite(db, ctx.cache)).timeZone),
  );

  route(
    {
      method: 'get',
      path: '/published',
      summary: 'List published articles (without their content), newest first, filtered by section, category, featured, main or story',
      guard: publicRoute,
      query: publishedArticlesQuerySchema,
      returns: pageSchema(articleListItemSchema),
      cacheTags: () => [Tags.articles, Tags.categories],
    },
    async ({ query }) => {
      const page = await articles.listPublished(db, query, ctx.cache);
      return page;
    },
  );

  route(
    {
      method: 'get',
      path: '/home',
      summary:
        'The home page: main story, featured, Sports and Opinions blocks (each article in one block only) and a page of the Latest river (the newest published articles none of the blocks shows)',
      guard: publicRoute,
      query: homeArticlesQuerySchema,
      returns: homeArticlesSchema,
      cacheTags: () => [Tags.articles, Tags.categories],
    },
    ({ query }) => homeArticles(db, query, ctx.cache),
  );

  route(
    {
      method: 'get',
      path: '/share/:articleId',
      summary: 'Share page: Open Graph and Twitter card tags, sending browsers on to /article/:id',
      guard: publicRoute,
      params: shareParams,
      produces: 'text/html',
      returns: { description: 'An HTML document' },
      errors: { 404: 'no published article with this id (an HTML page)' },
      cacheTags: ({ params }) => [Tags.article(params.articleId), Tags.site],
    },
    async ({ params }, _req, res) => {
      const [article, site] = await Promise.all([share.findShareable(db, params.articleId), currentSite(db, ctx.cache)]);
      if (!article) {
        res.status(404).type('html').send(renderShareNotFound(site.name));
        return;
      }
      res
        .status(200)
        .type('html')
        .send(renderSharePage(article, { publicUrl: ctx.config.publicUrl, name: site.name }));
    },
  );

  route(
    {
      method: 'get',
      path: '/share/:articleId/image.jpg',
      summary: 'Share preview image: a 1200x630 JPEG of the article image, or a branded card',
      guard: publicRoute,
      params: shareParams,
      produces: 'image/jpeg',
      returns: { description: 'A 1200x630 JPEG' },
      errors: { 404: 'no published article with this id' },
      cacheTags: ({ params }) => [Tags.article(params.articleId), Tags.site],
    },
    async ({ params }, _req, res) => {
      const [article, site] = await Promise.all([share.findShareable(db, params.articleId), siteOrFallback(db, ctx.cache, ctx.logger)]);
      if (!article) throw notFound('Article not found');
      const jpeg = await shareImage(ctx, article, site);
      res.status(200).type('image/jpeg').send(jpeg);
    },
  );

  route(
    {
      method: 'get',
      path: '/:id',
      summary: 'Read an article (drafts only for editors and above and for their author)',
      guard: publicRoute,
      params: idParams,
      returns: articleSchema,
      errors: { 404: 'no such article, or a draft the caller may not read' },
      cacheTags: ({ params }) => [Tags.article(params.id), Tags.categories],
    },
    async ({ params, user }, _req, res) => {
      const article = await articles.getArticle(db, params.id, user);
      // Only signed-in callers can edit, and their answer is never cached: a shared cache must not answer a
      // reader's If-None-Match with 304 on the version alone while the view count moves.
      if (user) setVersionTag(res, article.version);
      return article;
    },
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create an article (a draft; the caller is its author)',
      guard: requirePermission('articles:create'),
      body: createArticleInputSchema,
      status: 201,
      returns: articleSchema,
      // A draft: nothing public changes until it is published.
      purges: none,
    },
    ({ body, user }) => articles.createArticle(db, user, body),
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: `Edit an article (authors: their own); any subset of the fields. ${VERSIONED_EDIT.summary}`,
      guard: requirePermission('articles:edit'),
      params: idParams,
      body: updateArticleInputSchema,
      returns: { schema: articleSchema, description: 'The article, with its new ETag' },
      errors: {
        403: "an author editing someone else's article",
        404: 'no such article',
        409: '`version` is not the current one: someone else changed the article (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await articles.updateArticle(db, user, params.id, body, expectedVersion(req, body.version))),
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: `Delete an article: it moves to the trash, public nowhere, and is deleted for good with its media files, comments, view logs and revisions after ${articles.TRASH_DAYS} days`,
      guard: requirePermission('articles:delete'),
      params: idParams,
      returns: deletedSchema,
      errors: { 404: 'no such article', 409: 'in the trash already' },
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, user }) => {
      await articles.trashArticle(db, user, params.id);
      return { success: true, message: 'Article moved to the trash' };
    },
  );

  // The trash (docs/decisions/061-trash.md).
  route(
    {
      method: 'post',
      path: '/:id/restore',
      summary: 'Bring an article back from the trash, in the state it had, with its revisions, comments and story placement',
      guard: requirePermission('articles:restore'),
      params: idParams,
      returns: articleSchema,
      errors: { 404: 'no such article', 409: 'not in the trash' },
      purges: ({ params }) => articleChanged(params.id),
    },
    ({ params, user }) => articles.restoreFromTrash(db, user, params.id),
  );

  route(
    {
      method: 'delete',
      path: '/:id/trash',
      summary: 'Delete an article in the trash for good, now, with its media files, comments, view logs and revisions',
      guard: requirePermission('articles:delete'),
      params: idParams,
      returns: deletedSchema,
      errors: { 404: 'no such article', 409: 'not in the trash' },
      // Nothing public: it was gone from every public place when it went to the trash.
      purges: none,
    },
    async ({ params, user }) => {
      await articles.deleteForever(ctx, user, params.id);
      return { success: true, message: 'Article deleted for good' };
    },
  );

  // The review (docs/decisions/058-review.md): nothing public changes, as none of its states is public.
  for (const [path, summary, step, permission] of [
    ['/:id/submit', 'Submit an article for review (authors: their own), from a draft or unpublished', 'submit', 'articles:submit'],
    ['/:id/withdraw', 'Withdraw an article from review, back to a draft (authors: their own)', 'withdraw', 'articles:submit'],
  ] as const) {
    route(
      {
        method: 'post',
        path,
        summary,
        guard: requirePermission(permission),
        params: idParams,
        returns: articleSchema,
        errors: {
          403: "an author acting on someone else's article",
          404: 'no such article',
          409: 'the article is not in a state this step starts from',
        },
        purges: none,
      },
      ({ params, user }) => articles.reviewStep(db, user, params.id, step),
    );
  }

  route(
    {
      method: 'post',
      path: '/:id/send-back',
      summary: 'Send an article in review back to its author as a draft, with a note the author sees',
      guard: requirePermission('articles:review'),
      params: idParams,
      body: sendBackInputSchema,
      returns: articleSchema,
      errors: { 404: 'no such article', 409: 'the article is not in review' },
      purges: none,
    },
    ({ params, body, user }) => articles.reviewStep(db, user, params.id, 'sendBack', body.note),
  );

  // Revisions (docs/decisions/060-revisions.md): an article's history, for whoever may read it as a draft.
  route(
    {
      method: 'get',
      path: '/:id/revisions',
      summary: "An article's revisions, newest first, without their bodies (authors: their own articles')",
      guard: requirePermission('articles:read-draft'),
      params: idParams,
      returns: revisionListSchema,
      errors: { 404: 'no such article, or not one the caller may read as a draft' },
    },
    async ({ params, user }) => ({ data: await revisions.listRevisions(db, user, params.id) }),
  );

  route(
    {
      method: 'get',
      path: '/:id/revisions/:revisionId',
      summary: 'One revision of an article, whole: its title, summary, body, category, section, image, media and status',
      guard: requirePermission('articles:read-draft'),
      params: revisionParams,
      returns: articleRevisionSchema,
      errors: { 404: 'no such article or revision' },
    },
    ({ params, user }) => revisions.getRevision(db, user, params.id, params.revisionId),
  );

  route(
    {
      method: 'post',
      path: '/:id/revisions/:revisionId/restore',
      summary: `Restore a revision as a new one: its title, summary, body, category, section and image (the edit's rules apply). ${VERSIONED_EDIT.summary}`,
      guard: requirePermission('articles:edit'),
      params: revisionParams,
      body: restoreRevisionInputSchema,
      returns: { schema: articleSchema, description: 'The article, with its new ETag' },
      errors: {
        403: "an author restoring someone else's article",
        404: 'no such article or revision',
        409: 'a stale version, an article in review or scheduled (authors), or the revision’s category deleted since',
        ...VERSIONED_EDIT.errors,
      },
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await articles.restoreRevision(db, user, params.id, params.revisionId, expectedVersion(req, body.version))),
  );

  route(
    {
      method: 'post',
      path: '/:id/corrections',
      summary:
        'Append a dated correction to a published article: readers see it at the end of the article, in its JSON-LD and on /corrections; the modified date and the version move',
      guard: requirePermission('articles:correct'),
      params: idParams,
      body: correctionInputSchema,
      status: 201,
      returns: { schema: articleSchema, description: 'The article with its corrections, and its new ETag' },
      errors: { 404: 'no such article', 409: 'the article is not published' },
      // The article's page, JSON and feeds; /corrections and the sitemap are lists of articles' changes too.
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, body, user }, _req, res) => withVersionTag(res, await corrections.addCorrection(db, user, params.id, body.text)),
  );

  route(
    {
      method: 'get',
      path: '/:id/presence',
      summary: `Who else has this article open in the editor, as Server-Sent Events: an event \`presence\` with \`{ editors: [{ id, name }] }\` (the others, one entry a person) now and whenever it changes. Open while editing; the caller counts as present while it is open (authors: their own articles). At most ${PRESENCE_LIMITS.perUser} a person on one server`,
      guard: requirePermission('articles:edit'),
      precheck: ({ params, user }) => articleMedia.requireEditableArticle(db, params.id, user),
      params: idParams,
      produces: 'text/event-stream',
      returns: { description: 'An event stream that stays open' },
      errors: {
        403: "not the caller's article (an author)",
        404: 'no such article',
        409: 'the article is in the trash, or (an author) in review or scheduled',
        429: `${PRESENCE_LIMITS.perUser} presence streams of the caller are open on this server already`,
        503: 'This server is stopping, or holds as many streams as it can; the editor retries',
      },
    },
    async ({ params, user }, _req, res) => {
      const admission = await ctx.presence.subscribe(res, params.id, user.id);
      if (admission === 'user') throw tooManyRequests('Too many editors are open in your name, close some tabs', 30);
      if (admission === 'gone') throw notFound('Article not found');
      if (admission !== 'open') throw serviceUnavailable('Presence is not available on this server right now, please retry shortly', 5);
    },
  );

  // Scheduling (docs/decisions/059-scheduling.md): nothing public changes now; the scheduler purges when a time comes.
  route(
    {
      method: 'post',
      path: '/:id/schedule',
      summary: `Schedule an article: one not published goes live by itself at publishAt; with unpublishAt (or, for one published already, only that) it is taken down then (null: no end). ${VERSIONED_EDIT.summary}`,
      guard: requirePermission('articles:publish'),
      params: idParams,
      body: scheduleInputSchema,
      returns: articleSchema,
      errors: {
        400: 'a time missing, past, too far ahead, or an end before the start',
        404: 'no such article',
        409: 'a publish time for an article published already, or a stale version',
        ...VERSIONED_EDIT.errors,
      },
      purges: none,
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await articles.scheduleArticle(db, user, params.id, body, expectedVersion(req, body.version))),
  );

  route(
    {
      method: 'post',
      path: '/:id/unschedule',
      summary:
        'Cancel what is scheduled: a scheduled article goes back to the drafts (unpublished if it was published once); a published one loses its end',
      guard: requirePermission('articles:publish'),
      params: idParams,
      returns: articleSchema,
      errors: { 404: 'no such article', 409: 'nothing is scheduled for it' },
      purges: none,
    },
    ({ params, user }) => articles.unscheduleArticle(db, user, params.id),
  );

  // Publishing and unpublishing differ only in their words and in what they change.
  for (const [path, summary, change] of [
    ['/:id/publish', 'Publish an article (publishedAt is set on the first publication)', articles.publishArticle],
    ['/:id/unpublish', 'Unpublish an article (it also loses any featured or main-story slot)', articles.unpublishArticle],
  ] as const) {
    route(
      {
        method: 'post',
        path,
        summary,
        guard: requirePermission('articles:publish'),
        params: idParams,
        returns: articleSchema,
        errors: { 404: 'no such article' },
        purges: ({ params }) => articleChanged(params.id),
      },
      ({ params, user }) => change(db, params.id, user),
    );
  }

  route(
    {
      method: 'post',
      path: '/:id/status',
      summary: 'Set story flags: isStory, isMainStory (replaces the main story of the section), storyPriority',
      guard: requirePermission('articles:publish'),
      params: idParams,
      body: articleStatusInputSchema,
      returns: articleSchema,
      errors: { 404: 'no such article', 409: 'only published stories can be set as main story' },
      // A new main story replaces the section's last one, whose id is not at hand: rare, so everything goes.
      purges: () => [Tags.everything],
    },
    ({ params, body, user }) => stories.setStoryStatus(db, user, params.id, body),
  );

  route(
    {
      method: 'post',
      path: '/:id/featured',
      summary: 'Feature or unfeature a story; a fourth featured story unfeatures the oldest',
      guard: requirePermission('articles:publish'),
      params: idParams,
      body: articleFeaturedInputSchema,
      returns: featuredArticleSchema,
      errors: { 404: 'no such article', 409: 'only published stories can be featured' },
      // A fourth featured story unfeatures the oldest: that one changes too.
      purges: ({ params }, result) => [
        ...articleChanged(params.id),
        ...((result as { unfeatured?: { id: string } | null }).unfeatured
          ? [Tags.article((result as { unfeatured: { id: string } }).unfeatured.id)]
          : []),
      ],
    },
    ({ params, body, user }) => stories.setFeatured(db, user, params.id, body),
  );

  route(
    {
      method: 'get',
      path: '/:id/media',
      summary: "List an article's media (same visibility as the article)",
      guard: publicRoute,
      params: idParams,
      returns: z.object({ data: z.array(mediaItemSchema) }).describe("The article's media, oldest first"),
      errors: { 404: 'no such article, or a draft the caller may not read' },
      cacheTags: ({ params }) => [Tags.article(params.id)],
    },
    async ({ params, user }) => {
      const data = await articleMedia.listMedia(db, params.id, user);
      return { data };
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/media',
      summary: 'Add an image or a video to an article (authors: their own)',
      guard: requirePermission('articles:edit'),
      // Who may add media to the article is settled before the file is read, not after receiving it in full.
      precheck: ({ params, user }) => articleMedia.requireEditableArticle(db, params.id, user),
      before: [limitUploads(ctx), receiveFile(ctx, 'media')],
      file: 'media',
      params: idParams,
      body: z.object({ type: mediaTypeSchema.optional() }),
      status: 201,
      returns: mediaItemSchema,
      errors: {
        403: "not the caller's article (answered before the body is read)",
        404: 'no such article',
        413: 'the file is too large',
        415: 'not an accepted image or video (judged by its bytes)',
        429: 'too many uploads in the last hour, or the daily upload quota is used up',
      },
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, body, user }, req) => {
      const stored = await storeFile(ctx, requireFile(req, 'media'), user.id, body.type);
      const media = await articleMedia.addMedia(ctx, user.id, params.id, stored);
      // Resized copies are made by a background job: the answer does not wait for them.
      if (media.type === 'image') await queueVariantsOrLog(ctx, media.fileUrl);
      return media;
    },
  );

  route(
    {
      method: 'delete',
      path: '/:id/media/:mediaId',
      summary: 'Remove a media item from an article, with its file',
      guard: requirePermission('articles:edit'),
      params: mediaParams,
      returns: deletedSchema,
      errors: { 404: 'no such article or media item' },
      purges: ({ params }) => articleChanged(params.id),
    },
    async ({ params, user }) => {
      await articleMedia.deleteMedia(ctx, user, params.id, params.mediaId);
      return { success: true, message: 'Media deleted' };
    },
  );

  return router;
}

import { Router } from 'express';
import { authenticate } from './auth/authenticate';
import { authRouter } from './auth/auth.routes';
import { articlesRouter } from './articles/articles.routes';
import { uploadsRouter } from './uploads/uploads.routes';
import { commentsRouter } from './comments/comments.routes';
import { viewsRouter } from './views/views.routes';
import { categoriesRouter } from './categories/categories.routes';
import { breakingNewsRouter } from './breaking-news/breaking-news.routes';
import { usersRouter } from './users/users.routes';
import { statsRouter } from './stats/stats.routes';
import { authorsRouter } from './authors/authors.routes';
import { correctionsRouter } from './articles/corrections.routes';
import { searchRouter } from './articles/search.routes';
import { moderationRouter } from './comments/moderation.routes';
import { docsRouter } from './docs/docs.routes';
import { auditRouter } from './audit/audit.routes';
import { reportsRouter } from './reports/reports.routes';
import { settingsRouter } from './settings/settings.routes';
import { pagesRouter } from './pages/pages.routes';
import { newslettersRouter } from './newsletters/newsletters.routes';
import type { AppContext } from './context';

/**
 * Every resource router under /api. Each route states its guard: requirePermission(...),
 * requireUser, or publicRoute (lib/policy.ts). Private is the default.
 */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(authenticate(ctx));
  router.use('/auth', authRouter(ctx));
  router.use('/articles', articlesRouter(ctx));
  router.use('/corrections', correctionsRouter(ctx));
  router.use('/search', searchRouter(ctx));
  router.use('/uploads', uploadsRouter(ctx));
  router.use('/comments', commentsRouter(ctx));
  router.use('/moderation', moderationRouter(ctx));
  router.use('/view', viewsRouter(ctx));
  // Categories answer at /categories and /categorie (the spelling the client uses for delete).
  router.use(categoriesRouter(ctx));
  router.use('/breaking-news', breakingNewsRouter(ctx));
  router.use('/users', usersRouter(ctx));
  router.use('/stats', statsRouter(ctx));
  // /authors/:slug, /staff and /profile.
  router.use(authorsRouter(ctx));
  // /site (public) and /settings (admins).
  router.use(settingsRouter(ctx));
  router.use('/pages', pagesRouter(ctx));
  router.use('/audit', auditRouter(ctx));
  router.use('/reports', reportsRouter(ctx));
  router.use('/newsletters', newslettersRouter(ctx));
  // The OpenAPI document (/api/openapi.json) and the browsable reference (/api/docs).
  router.use(docsRouter(ctx));
  return router;
}

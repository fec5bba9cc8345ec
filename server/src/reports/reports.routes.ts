import type { Request, Router } from 'express';
import { REPORT_LIMITS, reportArticlesExportSchema, reportArticlesQuerySchema, reportRangeSchema } from '#shared/schemas/reports';
import { articleReportSchema, articleReportsSchema, siteReportSchema } from '#shared/schemas/responses/reports';
import type { AppContext } from '../context';
import { streamCsv } from '../lib/csv';
import { notFound } from '../lib/errors';
import { requirePermission } from '../lib/policy';
import { idParams, resourceRouter } from '../lib/route';
import {
  articleReport,
  articleReports,
  freshReads,
  reportedArticle,
  resolveRange,
  siteReport,
  type ArticleReportRow,
} from './reports.service';

/** Whose articles the caller's reports cover: an author's own (grant `own`), everyone's for editors and admins. */
const ownerOf = (req: Request) => (req.grant === 'own' ? req.user!.id : null);

const CSV_HEADER = [
  'Title',
  'Address',
  'Published',
  'Views',
  'Readers',
  'Engaged seconds',
  'Average engaged seconds',
  'Completion rate',
  'Reached 25%',
  'Reached 50%',
  'Reached 75%',
  'Reached 100%',
];
const csvRow = (r: ArticleReportRow) =>
  [
    r.title,
    `/article/${r.id}`,
    r.publishedAt ?? '',
    r.views,
    r.readers,
    r.engagedSeconds,
    r.averageEngagedSeconds,
    r.completionRate,
    ...r.depth,
  ].map(String);

/**
 * Reports (docs/decisions/068-reports.md): what readers read, from the roll-up's daily sums. Editors and admins see
 * every article; authors only theirs. Each answer first brings the sums up to date (freshReads).
 */
export function reportsRouter({ db, logger }: AppContext): Router {
  const { router, route } = resourceRouter('/reports');
  const guard = requirePermission('reports:read');

  route(
    {
      method: 'get',
      path: '/site',
      summary:
        'Views, readers and engaged time per day over a range of UTC days (`from`, `to`; the last 30 by default), with their totals; an author’s cover their own articles',
      guard,
      query: reportRangeSchema,
      returns: siteReportSchema,
    },
    async ({ query }, req) => {
      await freshReads(db, logger);
      return siteReport(db, resolveRange(query), ownerOf(req));
    },
  );

  route(
    {
      method: 'get',
      path: '/articles',
      summary:
        'The articles read over a range of days, with views, readers, engaged time, completion rate and read depth; searched by title (`q`) and sorted',
      guard,
      query: reportArticlesQuerySchema,
      returns: articleReportsSchema,
    },
    async ({ query }, req) => {
      await freshReads(db, logger);
      const range = resolveRange(query);
      const { limit, offset } = query;
      const { rows, total } = await articleReports(db, { ...query, ...range }, ownerOf(req), { limit, offset });
      return { ...range, data: rows, pagination: { total, limit, offset } };
    },
  );

  route(
    {
      method: 'get',
      path: '/articles/export',
      summary: `The articles' report as CSV, with the same range, search and order (at most ${REPORT_LIMITS.exportMax} rows)`,
      guard,
      query: reportArticlesExportSchema,
      produces: 'text/csv',
      returns: { description: 'A CSV file (UTF-8): one row per article, with its figures' },
    },
    async ({ query }, req, res) => {
      await freshReads(db, logger);
      const range = resolveRange(query);
      const { rows } = await articleReports(db, { ...query, ...range }, ownerOf(req), { limit: REPORT_LIMITS.exportMax, offset: 0 });
      res.status(200).type('text/csv; charset=utf-8').attachment(`reading-${range.from}-to-${range.to}.csv`);
      function* batchesOfRows() {
        yield [CSV_HEADER];
        for (let i = 0; i < rows.length; i += 1_000) yield rows.slice(i, i + 1_000).map(csvRow);
      }
      await streamCsv(res, batchesOfRows());
    },
  );

  route(
    {
      method: 'get',
      path: '/articles/:id',
      summary: "One article's report: its depth funnel, engaged time's bands, referrers, devices and days over a range of days",
      guard,
      params: idParams,
      query: reportRangeSchema,
      returns: articleReportSchema,
      errors: { 404: 'no such article, or (for an author) not theirs' },
    },
    async ({ params, query }, req) => {
      const article = await reportedArticle(db, params.id, ownerOf(req));
      if (!article) throw notFound('Article not found');
      await freshReads(db, logger);
      return articleReport(db, article, resolveRange(query));
    },
  );

  return router;
}

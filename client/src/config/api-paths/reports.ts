/** Reports (docs/decisions/068-reports.md): what readers read, for staff (authors: their own articles). */
export const reports = {
  site: '/api/reports/site',
  articles: '/api/reports/articles',
  articlesExport: '/api/reports/articles/export',
  article: (id: string) => `/api/reports/articles/${encodeURIComponent(id)}`,
};

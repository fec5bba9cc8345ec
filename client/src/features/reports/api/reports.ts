import { keepPreviousData } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { ArticleReport, ArticleReports, SiteReport } from '#shared/types';
import { REPORT_LIMITS, type ReportSort } from '#shared/schemas/reports';
import { api, download } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { saveFile } from '#client/lib/save-file';
import * as apiPaths from '#client/config/api-paths';

/** A report's days (UTC, YYYY-MM-DD); empty: the server's default (the last 30 days). */
export interface ReportRange {
  from: string;
  to: string;
}

export interface ArticleTableQuery extends ReportRange {
  q: string;
  sort: ReportSort;
  order: 'asc' | 'desc';
}

export const REPORT_PAGE_SIZE = 50;

/** Only what is set: an empty value asks for the default. */
const given = <T extends object>(query: T) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Record<string, string | number>;

export function useSiteReport(range: ReportRange) {
  const query = given(range);
  return useQuery({
    queryKey: dashboardKeys.reports('site', query),
    queryFn: ({ signal }) => api.get<SiteReport>(apiPaths.reports.site, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useArticleReports(table: ArticleTableQuery, offset: number) {
  const query = { ...given(table), limit: REPORT_PAGE_SIZE, offset };
  return useQuery({
    queryKey: dashboardKeys.reports('articles', query),
    queryFn: ({ signal }) => api.get<ArticleReports>(apiPaths.reports.articles, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useArticleReport(id: string, range: ReportRange) {
  const query = given(range);
  return useQuery({
    queryKey: dashboardKeys.reports(`article:${id}`, query),
    queryFn: ({ signal }) => api.get<ArticleReport>(apiPaths.reports.article(id), { signal, query }),
  });
}

/** Downloads the articles' table as CSV (every row the search matches, in the order shown). */
export function useExportArticleReports() {
  return useMutation({
    mutationFn: async (table: ArticleTableQuery) => {
      const { blob, filename } = await download(apiPaths.reports.articlesExport, given(table), 'reading.csv');
      saveFile(blob, filename);
      return filename;
    },
  });
}

/** How far each of these articles was read over the longest range a report covers (the dashboard's article list). */
export function useReadingOf(ids: string[]) {
  const from = new Date(Date.now() - (REPORT_LIMITS.rangeDaysMax - 1) * 86_400_000).toISOString().slice(0, 10);
  const query = { ids: [...ids].sort().join(','), from, limit: REPORT_LIMITS.articlesPageMax };
  return useQuery({
    queryKey: dashboardKeys.reports('reading-of', query),
    queryFn: ({ signal }) => api.get<ArticleReports>(apiPaths.reports.articles, { signal, query }),
    select: (r) => new Map(r.data.map((row) => [row.id, row])),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

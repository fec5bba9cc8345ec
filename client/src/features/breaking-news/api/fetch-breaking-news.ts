import type { BreakingNews } from '#shared/types';
import { api, type ReadOptions } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/breaking-news, newest first: for readers the published items, for staff every item, drafts included. */
export async function getBreakingNews(limit: number, read: ReadOptions = {}): Promise<BreakingNews[]> {
  // docs/api.md answers `{ news }`; docs/spec/SPEC.md §7 also allows a bare array.
  const body = await api.get<{ news: BreakingNews[] } | BreakingNews[]>(apiPaths.breakingNews.list, { ...read, query: { limit } });
  return Array.isArray(body) ? body : (body.news ?? []);
}

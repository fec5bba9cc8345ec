import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Comment } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

export type AdminComment = Comment & { article: { id: string; title: string } };

export interface AdminComments {
  success: boolean;
  data: { comments: AdminComment[]; pagination: { total: number; page: number; limit: number } };
}

/** GET /api/comments/admin/all: every comment, newest first (authors: those on their own articles). */
export function getAdminComments(page: number, limit: number, signal?: AbortSignal): Promise<AdminComments> {
  return api.get<AdminComments>(apiPaths.comments.all, { signal, query: { page, limit } });
}

export const getAdminCommentsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: dashboardKeys.comments(page, limit),
    queryFn: ({ signal }) => getAdminComments(page, limit, signal),
    select: (r) => r.data,
  });

/** docs/spec/SPEC.md §9: the dashboard asks for page 1 with 100 comments. */
export function useAdminComments(page = 1, limit = 100) {
  return useQuery(getAdminCommentsQueryOptions(page, limit));
}

import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { BreakingNews } from '#shared/types';
import { api } from '#client/lib/api-client';
import { versionTag } from '#shared/schemas/version';
import { refetchBreakingNews } from './refetch-breaking-news';
import * as apiPaths from '#client/config/api-paths';

/** `version`: the one the form was filled from; a stale one is refused (412), never overwritten. */
export function updateBreakingNews(id: string, input: { headline: string }, version: number): Promise<BreakingNews> {
  return api.put<BreakingNews>(apiPaths.breakingNews.one(id), input, { headers: { 'If-Match': versionTag(version) } });
}

export function useUpdateBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, headline, version }: { id: string; headline: string; version: number }) =>
      updateBreakingNews(id, { headline }, version),
    onSuccess: () => refetchBreakingNews(queryClient),
  });
}

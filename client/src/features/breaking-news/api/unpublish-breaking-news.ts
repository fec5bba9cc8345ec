import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { BreakingNews } from '#shared/types';
import { api } from '#client/lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';
import * as apiPaths from '#client/config/api-paths';

export function unpublishBreakingNews(id: string): Promise<BreakingNews> {
  return api.post<BreakingNews>(apiPaths.breakingNews.unpublish(id));
}

export function useUnpublishBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

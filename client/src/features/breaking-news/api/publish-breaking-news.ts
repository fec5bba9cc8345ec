import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';

export function publishBreakingNews(id: string): Promise<BreakingNews> {
  return api.post<BreakingNews>(`/api/breaking-news/${encodeURIComponent(id)}/publish`);
}

export function usePublishBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

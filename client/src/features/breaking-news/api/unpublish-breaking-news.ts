import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';

export function unpublishBreakingNews(id: string): Promise<BreakingNews> {
  return api.post<BreakingNews>(`/api/breaking-news/${encodeURIComponent(id)}/unpublish`);
}

export function useUnpublishBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';

export function deleteBreakingNews(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/api/breaking-news/${encodeURIComponent(id)}`);
}

export function useDeleteBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

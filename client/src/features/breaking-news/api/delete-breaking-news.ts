import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';
import * as apiPaths from '#client/config/api-paths';

export function deleteBreakingNews(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(apiPaths.breakingNews.one(id));
}

export function useDeleteBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

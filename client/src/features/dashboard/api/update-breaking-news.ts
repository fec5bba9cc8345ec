import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchBreakingNews } from './breaking-news-refetch';

export function updateBreakingNews(id: string, input: { headline: string }): Promise<BreakingNews> {
  return api.put<BreakingNews>(`/api/breaking-news/${encodeURIComponent(id)}`, input);
}

export function useUpdateBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, headline }: { id: string; headline: string }) => updateBreakingNews(id, { headline }),
    onSuccess: () => refetchBreakingNews(queryClient),
  });
}

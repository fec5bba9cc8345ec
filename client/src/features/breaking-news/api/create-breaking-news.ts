import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchBreakingNews } from './refetch-breaking-news';

export function createBreakingNews(input: { headline: string }): Promise<BreakingNews> {
  return api.post<BreakingNews>('/api/breaking-news', input);
}

export function useCreateBreakingNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBreakingNews, onSuccess: () => refetchBreakingNews(queryClient) });
}

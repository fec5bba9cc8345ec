import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import type { UpdateArticleInput } from '../../../../../shared/schemas/articles';
import { refetchArticleLists } from './keys';

export function updateArticle(id: string, input: UpdateArticleInput): Promise<Article> {
  return api.put<Article>(`/api/articles/${encodeURIComponent(id)}`, input);
}

export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateArticleInput }) => updateArticle(id, input),
    onSuccess: () => refetchArticleLists(queryClient, 'full-and-published'),
  });
}

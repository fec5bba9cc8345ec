import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateArticleInput } from '../../../../../shared/schemas/articles';
import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchArticleLists } from './refetch-article-lists';

/** POST /api/articles: created as a draft, the caller as author. */
export function createArticle(input: CreateArticleInput): Promise<Article> {
  return api.post<Article>('/api/articles', input);
}

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createArticle, onSuccess: () => refetchArticleLists(queryClient, 'full') });
}

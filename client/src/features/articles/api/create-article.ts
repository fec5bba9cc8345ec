import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { CreateArticleInput } from '#shared/schemas/articles';
import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import { refetchArticleLists } from './refetch-article-lists';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/articles: created as a draft, the caller as author. */
export function createArticle(input: CreateArticleInput): Promise<Article> {
  return api.post<Article>(apiPaths.articles.list, input);
}

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createArticle, onSuccess: () => refetchArticleLists(queryClient, 'full') });
}

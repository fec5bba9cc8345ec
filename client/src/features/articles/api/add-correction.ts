import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';
import { refetchArticleLists } from './refetch-article-lists';

/** POST /api/articles/:id/corrections: the answer is the article with its corrections, which the details show at once. */
export function useAddCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => api.post<Article>(apiPaths.articles.corrections(id), { text }),
    onSuccess: (article) => {
      queryClient.setQueryData(readerKeys.article(article.id), article);
      void refetchArticleLists(queryClient, 'full-and-published');
    },
  });
}

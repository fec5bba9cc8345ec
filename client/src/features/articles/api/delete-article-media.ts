import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';
import { refetchArticleLists } from './refetch-article-lists';

export function deleteArticleMedia(articleId: string, mediaId: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/api/articles/${encodeURIComponent(articleId)}/media/${encodeURIComponent(mediaId)}`);
}

export function useDeleteArticleMedia(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => deleteArticleMedia(articleId, mediaId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.articleMedia(articleId) }),
        refetchArticleLists(queryClient, 'full-and-published'),
      ]),
  });
}

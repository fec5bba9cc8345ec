import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { refetchArticleLists } from './refetch-article-lists';
import * as apiPaths from '#client/config/api-paths';

export function deleteArticleMedia(articleId: string, mediaId: string): Promise<{ success: boolean; message: string }> {
  return api.delete(apiPaths.articles.mediaItem(articleId, mediaId));
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

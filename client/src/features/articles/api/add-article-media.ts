import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { MediaItem } from '#shared/types';
import { upload } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { refetchArticleLists } from './refetch-article-lists';
import * as apiPaths from '#client/config/api-paths';

export function mediaTypeOf(file: File): 'image' | 'video' {
  return file.type.startsWith('video/') ? 'video' : 'image';
}

/** POST /api/articles/:id/media (multipart `media`, `type`), reporting upload progress from 0 to 1. */
export function addArticleMedia(articleId: string, file: File, onProgress?: (fraction: number) => void): Promise<MediaItem> {
  const form = new FormData();
  form.append('type', mediaTypeOf(file));
  form.append('media', file);
  return upload<MediaItem>(apiPaths.articles.media(articleId), form, onProgress);
}

export function useAddArticleMedia(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      addArticleMedia(articleId, file, onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.articleMedia(articleId) }),
        refetchArticleLists(queryClient, 'full-and-published'),
      ]),
  });
}

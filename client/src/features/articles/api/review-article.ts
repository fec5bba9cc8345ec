import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';
import { refetchArticleLists } from './refetch-article-lists';

export type ReviewStep = 'submit' | 'withdraw' | 'send-back';

/**
 * POST /api/articles/:id/submit, /withdraw or /send-back (docs/decisions/058-review.md). None of them changes anything
 * public; the staff's lists and counters are read again (an article moves between the status filters).
 */
export function useReviewStep({ refetch = true }: { refetch?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step, note }: { id: string; step: ReviewStep; note?: string }) =>
      api.post<Article>(apiPaths.articles.review(id, step), step === 'send-back' ? { note } : undefined),
    // A dialog inside the article's row reads the lists again itself once it has closed (the row may leave the list).
    onSettled: () => (refetch ? refetchArticleLists(queryClient, 'full') : undefined),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api-client';
import type { ReadProgress } from '../lib/read-progress';
import { getViewStatsQueryOptions } from './get-view-stats';
import * as apiPaths from '#client/config/api-paths';

export interface LogViewInput {
  viewedAt: string;
  percentViewed: number;
  fullyViewed: boolean;
  middleViewed: boolean;
  topViewed: boolean;
  bottomViewed: boolean;
}

/** A repeated view by the same reader within 30 minutes is not counted: `counted` false, no id or token. */
export interface LogViewResult {
  success: boolean;
  counted: boolean;
  id: string | null;
  /** Proof for PUT /api/view/:id/duration that this client logged the view. */
  token: string | null;
  totalViews: number;
}

export function logView(articleId: string, input: LogViewInput): Promise<LogViewResult> {
  return api.post<LogViewResult>(apiPaths.views.ofArticle(articleId), input);
}

export function toLogViewInput(progress: ReadProgress, now = new Date()): LogViewInput {
  return {
    viewedAt: now.toISOString(),
    percentViewed: progress.percentViewed,
    fullyViewed: progress.topViewed && progress.bottomViewed,
    middleViewed: progress.middleViewed,
    topViewed: progress.topViewed,
    bottomViewed: progress.bottomViewed,
  };
}

/** Logs one view; the new total replaces the shown count. A failure is ignored (docs/spec/SPEC.md §4). */
export function useLogView(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogViewInput) => logView(articleId, input),
    onSuccess: (result) => {
      if (typeof result?.totalViews === 'number')
        queryClient.setQueryData(getViewStatsQueryOptions(articleId).queryKey, { articleId, totalViews: result.totalViews });
    },
    onError: (err) => console.warn('Error logging article view', err),
  });
}

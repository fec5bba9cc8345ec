import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { getViewStatsQueryOptions } from './get-view-stats';
import { logView, type LogViewInput } from './log-view-request';

export { toLogViewInput, type LogViewInput, type LogViewResult } from './log-view-request';

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

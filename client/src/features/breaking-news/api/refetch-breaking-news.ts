import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, readerKeys } from '../../../lib/query-keys';

/** After any breaking-news change: the dashboard list, the counters and the public ticker. */
export function refetchBreakingNews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.breakingNews }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.activities }),
    queryClient.invalidateQueries({ queryKey: readerKeys.breakingNews }),
  ]);
}

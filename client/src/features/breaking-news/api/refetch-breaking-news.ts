import type { QueryClient } from '@tanstack/react-query';
import { readerKeys } from '#client/lib/query-keys';
import { dashboardKeys } from '#client/lib/dashboard-keys';

/** After any breaking-news change: the dashboard list, the counters and the public ticker. */
export function refetchBreakingNews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.breakingNews }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.activities }),
    queryClient.invalidateQueries({ queryKey: readerKeys.breakingNews }),
  ]);
}

import type { QueryClient } from '@tanstack/react-query';
import { readerKeys } from '#client/lib/query-keys';
import { dashboardKeys } from '#client/lib/dashboard-keys';

/**
 * docs/spec/SPEC.md §4 refetch rules for the writes outside useArticleAction (whose answers update the caches, see
 * lib/article-cache.ts): after an update or a media change, both the full list and the published list;
 * after a create, the full list. The reader's public article caches and the dashboard counters are
 * refreshed too.
 */
export function refetchArticleLists(queryClient: QueryClient, scope: 'full' | 'full-and-published'): Promise<unknown> {
  const jobs: Promise<unknown>[] = [
    queryClient.invalidateQueries({ queryKey: dashboardKeys.articles }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.activities }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.allComments }),
    queryClient.invalidateQueries({ queryKey: readerKeys.articles }),
  ];
  if (scope === 'full-and-published') jobs.push(queryClient.invalidateQueries({ queryKey: dashboardKeys.published }));
  return Promise.all(jobs);
}

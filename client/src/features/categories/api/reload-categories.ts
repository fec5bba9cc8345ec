import type { QueryClient } from '@tanstack/react-query';
import { readerKeys } from '#client/lib/query-keys';
import { dashboardKeys } from '#client/lib/dashboard-keys';

/** docs/spec/SPEC.md §4: the categories are reloaded after every create, update or delete (the reader's header list too). */
export function reloadCategories(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.categories }),
    queryClient.invalidateQueries({ queryKey: readerKeys.categories }),
    // The header's menu links categories by name (the site's menus).
    queryClient.invalidateQueries({ queryKey: readerKeys.site }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.articles }),
  ]);
}

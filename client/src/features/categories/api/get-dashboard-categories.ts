import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { getCategories } from './get-categories';

/** The dashboard's categories, kept apart from the reader's cache. */
export const getDashboardCategoriesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.categories, queryFn: ({ signal }) => getCategories({ signal }) });

export function useDashboardCategories() {
  return useQuery(getDashboardCategoriesQueryOptions());
}

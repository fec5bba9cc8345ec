import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';

/** GET /api/categories, in name order. The categories "store" of SPEC.md §4 is this query. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/api/categories', { signal });
}

/** GET /api/categories/:id: the category as stored now, to refill an edit form after a conflict. */
export function getCategory(id: string): Promise<Category> {
  return api.get<Category>(`/api/categories/${encodeURIComponent(id)}`);
}

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.categories, queryFn: ({ signal }) => getCategories(signal) });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}

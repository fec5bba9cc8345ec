import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  // docs/api.md answers an array; SPEC.md §7 also allows `{ categories: [...] }`.
  const body = await api.get<Category[] | { categories: Category[] }>('/api/categories', { signal });
  return Array.isArray(body) ? body : (body.categories ?? []);
}

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}

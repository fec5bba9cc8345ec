import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Category } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/categories, in name order. The categories "store" of docs/spec/SPEC.md §4 is this query. */
export async function getCategories(read: ReadOptions = {}): Promise<Category[]> {
  // docs/api.md answers an array; docs/spec/SPEC.md §7 also allows `{ categories: [...] }`.
  const body = await api.get<Category[] | { categories: Category[] }>(apiPaths.categories.list, read);
  return Array.isArray(body) ? body : (body.categories ?? []);
}

export const getCategoriesQueryOptions = (transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.categories,
    queryFn: ({ signal }) => getCategories({ signal, transport }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}

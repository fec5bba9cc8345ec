import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Category } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import { matchCategory } from '../lib/match-category';
import { getCategoriesQueryOptions } from './get-categories';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/categories/:idOrSlug: the category page's category, and the dashboard's refill of an edit form after a conflict. */
export function getCategory(idOrSlug: string, read: ReadOptions = {}): Promise<Category> {
  return api.get<Category>(apiPaths.categories.one(idOrSlug), read);
}

export const getCategoryQueryOptions = (idOrSlug: string, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.category(idOrSlug),
    queryFn: ({ signal }) => getCategory(idOrSlug, { signal, transport }),
  });

/** One category by id or slug; the header's category list, when loaded, answers at once. */
export function useCategory(idOrSlug: string) {
  const queryClient = useQueryClient();
  const known = matchCategory(queryClient.getQueryData(getCategoriesQueryOptions().queryKey) ?? [], idOrSlug);
  return useQuery({ ...getCategoryQueryOptions(idOrSlug), placeholderData: known ?? undefined });
}

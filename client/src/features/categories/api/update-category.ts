import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Category } from '#shared/types';
import { api } from '#client/lib/api-client';
import { versionTag } from '#shared/schemas/version';
import { reloadCategories } from './reload-categories';
import * as apiPaths from '#client/config/api-paths';

/** `version`: the one the form was filled from; a stale one is refused (412), never overwritten. */
export function updateCategory(id: string, input: { name: string }, version: number): Promise<Category> {
  return api.put<Category>(apiPaths.categories.one(id), input, { headers: { 'If-Match': versionTag(version) } });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, version }: { id: string; name: string; version: number }) => updateCategory(id, { name }, version),
    onSuccess: () => reloadCategories(queryClient),
  });
}

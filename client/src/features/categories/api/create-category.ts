import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Category } from '#shared/types';
import { api } from '#client/lib/api-client';
import { reloadCategories } from './reload-categories';
import * as apiPaths from '#client/config/api-paths';

export function createCategory(input: { name: string }): Promise<Category> {
  return api.post<Category>(apiPaths.categories.list, input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => reloadCategories(queryClient) });
}

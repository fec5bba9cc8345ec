import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { reloadCategories } from './reload-categories';
import * as apiPaths from '#client/config/api-paths';

export function deleteCategory(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(apiPaths.categories.one(id));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => reloadCategories(queryClient) });
}

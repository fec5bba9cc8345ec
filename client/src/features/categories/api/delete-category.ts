import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadCategories } from './reload-categories';

export function deleteCategory(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/api/categories/${encodeURIComponent(id)}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => reloadCategories(queryClient) });
}

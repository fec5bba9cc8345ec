import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { reloadCategories } from './reload-categories';

export function updateCategory(id: string, input: { name: string }): Promise<Category> {
  return api.put<Category>(`/api/categories/${encodeURIComponent(id)}`, input);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateCategory(id, { name }),
    onSuccess: () => reloadCategories(queryClient),
  });
}

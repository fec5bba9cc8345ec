import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { reloadCategories } from './reload-categories';

export function createCategory(input: { name: string }): Promise<Category> {
  return api.post<Category>('/api/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => reloadCategories(queryClient) });
}

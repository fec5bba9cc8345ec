import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refetchUsers, requireToken } from './users-common';

export async function deleteUser(id: string): Promise<{ success: boolean; message: string }> {
  requireToken();
  return api.delete(`/api/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => refetchUsers(queryClient) });
}

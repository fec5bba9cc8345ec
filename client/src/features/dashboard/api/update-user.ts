import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import type { UpdateUserInput } from '../../../../../shared/schemas/users';
import { refetchUsers, requireToken } from './users-common';

export async function updateUser(id: string, input: UpdateUserInput): Promise<PublicUser> {
  requireToken();
  return api.put<PublicUser>(`/api/users/${encodeURIComponent(id)}`, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) => updateUser(id, input),
    onSuccess: () => refetchUsers(queryClient),
  });
}

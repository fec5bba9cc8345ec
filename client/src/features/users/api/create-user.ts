import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput } from '../../../../../shared/schemas/users';
import type { PublicUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchUsers, requireToken } from './users-common';

export async function createUser(input: CreateUserInput): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>('/api/users', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => refetchUsers(queryClient) });
}

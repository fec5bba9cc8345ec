import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput } from '#shared/schemas/users';
import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { refetchUsers, requireToken } from './users-common';
import * as apiPaths from '#client/config/api-paths';

export async function createUser(input: CreateUserInput): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(apiPaths.users.list, input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => refetchUsers(queryClient) });
}

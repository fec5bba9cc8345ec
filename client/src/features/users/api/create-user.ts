import type { CreateUserInput } from '#shared/schemas/users';
import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { requireToken, useUsersMutation } from './users-common';
import * as apiPaths from '#client/config/api-paths';

export async function createUser(input: CreateUserInput): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(apiPaths.users.list, input);
}

export function useCreateUser() {
  return useUsersMutation(createUser);
}

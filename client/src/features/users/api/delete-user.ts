import { api } from '#client/lib/api-client';
import { requireToken, useUsersMutation } from './users-common';
import * as apiPaths from '#client/config/api-paths';

export async function deleteUser(id: string): Promise<{ success: boolean; message: string }> {
  requireToken();
  return api.delete(apiPaths.users.one(id));
}

export function useDeleteUser() {
  return useUsersMutation(deleteUser);
}

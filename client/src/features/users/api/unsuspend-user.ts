import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { requireToken, useUsersMutation } from './users-common';
import * as apiPaths from '#client/config/api-paths';

export async function unsuspendUser(id: string): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(apiPaths.users.unsuspend(id));
}

export function useUnsuspendUser() {
  return useUsersMutation(unsuspendUser);
}

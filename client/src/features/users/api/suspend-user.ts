import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { requireToken, useUsersMutation } from './users-common';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/users/:id/suspend: the user can no longer log in and their sessions end at once. */
export async function suspendUser(id: string): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(apiPaths.users.suspend(id));
}

export function useSuspendUser() {
  return useUsersMutation(suspendUser);
}

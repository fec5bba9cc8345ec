import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchUsers, requireToken } from './users-common';

/** POST /api/users/:id/suspend: the user can no longer log in and their sessions end at once. */
export async function suspendUser(id: string): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(`/api/users/${encodeURIComponent(id)}/suspend`);
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendUser, onSuccess: () => refetchUsers(queryClient) });
}

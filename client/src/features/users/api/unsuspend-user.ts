import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { refetchUsers, requireToken } from './users-common';

export async function unsuspendUser(id: string): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(`/api/users/${encodeURIComponent(id)}/unsuspend`);
}

export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unsuspendUser, onSuccess: () => refetchUsers(queryClient) });
}

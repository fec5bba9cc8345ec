import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { refetchUsers, requireToken } from './users-common';
import * as apiPaths from '#client/config/api-paths';

export async function unsuspendUser(id: string): Promise<PublicUser> {
  requireToken();
  return api.post<PublicUser>(apiPaths.users.unsuspend(id));
}

export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unsuspendUser, onSuccess: () => refetchUsers(queryClient) });
}

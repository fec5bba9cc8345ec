import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PublicUser } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';
import { requireToken } from './users-common';

export async function getUsers(signal?: AbortSignal): Promise<Page<PublicUser>> {
  requireToken();
  return api.get<Page<PublicUser>>('/api/users', { signal, query: { limit: 500 } });
}

export const getUsersQueryOptions = () => queryOptions({ queryKey: dashboardKeys.users, queryFn: ({ signal }) => getUsers(signal) });

/** Only admins fetch users (SPEC.md §6). */
export function useUsers(enabled: boolean) {
  return useQuery({ ...getUsersQueryOptions(), enabled });
}

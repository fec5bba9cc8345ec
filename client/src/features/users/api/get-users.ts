import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Page, PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { requireToken } from './users-common';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/users; `q` searches names and e-mail addresses. */
export async function getUsers(q: string, signal?: AbortSignal): Promise<Page<PublicUser>> {
  requireToken();
  return api.get<Page<PublicUser>>(apiPaths.users.list, { signal, query: { limit: 500, q: q || undefined } });
}

/** One user as stored now (from the list, which has no single-user call), to refill an edit form after a conflict. */
export async function getUser(id: string): Promise<PublicUser> {
  const user = (await getUsers('')).data.find((u) => u.id === id);
  if (!user) throw new Error('The user is gone');
  return user;
}

export const getUsersQueryOptions = (q: string) =>
  queryOptions({ queryKey: [...dashboardKeys.users, q], queryFn: ({ signal }) => getUsers(q, signal), placeholderData: keepPreviousData });

/** Only admins fetch users (docs/spec/SPEC.md §6). */
export function useUsers(enabled: boolean, q = '') {
  return useQuery({ ...getUsersQueryOptions(q), enabled });
}

import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/** The signed-in user as the server sees it now (role changes and suspensions show at once). */
export function getCurrentUser(signal?: AbortSignal): Promise<{ user: PublicUser }> {
  return api.get<{ user: PublicUser }>(apiPaths.auth.me, { signal });
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.me, queryFn: ({ signal }) => getCurrentUser(signal), staleTime: 60_000, retry: false });

export function useCurrentUser(enabled: boolean) {
  return useQuery({ ...getCurrentUserQueryOptions(), enabled });
}

import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { UpdateProfileInput } from '#shared/schemas/users';
import { versionTag } from '#shared/schemas/version';
import type { Profile } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/profile: the signed-in staff member's own author profile, with its version. */
export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.profile, queryFn: ({ signal }) => api.get<Profile>(apiPaths.authors.profile, { signal }) });

export const useProfile = () => useQuery(getProfileQueryOptions());

/** PUT /api/profile, naming the version the form was filled from: a stale one is refused (412), never overwritten. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: Omit<UpdateProfileInput, 'version'>; version: number }) =>
      api.put<Profile>(apiPaths.authors.profile, input, { headers: { 'If-Match': versionTag(version) } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(dashboardKeys.profile, profile);
      // The dashboard shows the signed-in user's name (its session follows GET /api/auth/me).
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.me });
    },
  });
}

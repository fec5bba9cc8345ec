import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { UpdateSiteSettings } from '#shared/schemas/settings';
import { versionTag } from '#shared/schemas/version';
import type { SiteSettings } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/settings (admins): the site settings, with their version. */
export const useSiteSettings = () =>
  useQuery(
    queryOptions({ queryKey: dashboardKeys.settings, queryFn: ({ signal }) => api.get<SiteSettings>(apiPaths.site.settings, { signal }) }),
  );

/** PUT /api/settings, naming the version the form was filled from: a stale one is refused (412), never overwritten. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: Omit<UpdateSiteSettings, 'version'>; version: number }) =>
      api.put<SiteSettings>(apiPaths.site.settings, input, { headers: { 'If-Match': versionTag(version) } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(dashboardKeys.settings, settings);
      // Every page this app shows names the site: read it anew.
      void queryClient.invalidateQueries({ queryKey: readerKeys.site });
    },
  });
}

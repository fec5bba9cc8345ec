import { useQuery } from '#client/lib/query-hooks';
import type { StaffMember } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/** Who may be named a co-author (GET /api/staff): a newsroom's staff changes seldom, so it is read once in a while. */
export function useStaff() {
  return useQuery({
    queryKey: dashboardKeys.staff,
    queryFn: ({ signal }) => api.get<{ data: StaffMember[] }>(apiPaths.authors.staff, { signal }),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
  });
}

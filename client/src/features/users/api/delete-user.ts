import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { refetchUsers, requireToken } from './users-common';
import * as apiPaths from '#client/config/api-paths';

/** DELETE /api/users/:id; `reassignTo` takes over their articles and breaking news in the same step. */
export async function deleteUser({ id, reassignTo }: { id: string; reassignTo?: string }): Promise<{ success: boolean; message: string }> {
  requireToken();
  return api.delete(apiPaths.users.one(id), { query: { reassignTo } });
}

/** After a delete, the users; and the articles and headlines, whose author may have changed. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        refetchUsers(queryClient),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.articles }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.breakingNews }),
      ]),
  });
}

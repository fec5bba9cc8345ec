import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { ApiError, getToken } from '#client/lib/api-client';
import { userMessages } from '../lib/messages';
import { dashboardKeys } from '#client/lib/dashboard-keys';

/** docs/spec/SPEC.md §7: every users call needs the token. */
export function requireToken(): void {
  if (!getToken()) throw new ApiError(401, 'Unauthorized', userMessages.noToken);
}

/** docs/spec/SPEC.md §7: the users list is refetched after each change. */
export function refetchUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.users }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
  ]);
}

/** A change to the users, after which their list is refetched. */
export function useUsersMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refetchUsers(queryClient) });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterOverview, Subscriber, SubscriberList } from '#shared/types';
import { api, download } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { saveFile } from '#client/lib/save-file';
import * as apiPaths from '#client/config/api-paths';

/** The dashboard's Newsletters screen (docs/decisions/069-newsletters.md). */

/** While an issue is sending, its progress is read again every 2 s. */
const sending = (data: NewsletterOverview | undefined) => data?.issues.some((i) => i.status !== 'sent') ?? false;

export function useNewsletterOverview() {
  return useQuery({
    queryKey: dashboardKeys.newsletters,
    queryFn: ({ signal }) => api.get<NewsletterOverview>(apiPaths.newsletters.overview, { signal }),
    refetchInterval: (query) => (sending(query.state.data) ? 2_000 : false),
  });
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

export function useSubscribers(filters: { q: string; suppressed: boolean }, offset: number) {
  const query = {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.suppressed ? { suppressed: 'true' } : {}),
    limit: SUBSCRIBERS_PAGE_SIZE,
    offset,
  };
  return useQuery({
    queryKey: dashboardKeys.subscribers(query),
    queryFn: ({ signal }) => api.get<SubscriberList>(apiPaths.newsletters.subscribers, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(apiPaths.newsletters.subscriber(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

export function useSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      api.post<Subscriber>(apiPaths.newsletters.suppression(id), { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

export function useExportSubscribers() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await download(apiPaths.newsletters.subscribersExport, {}, 'subscribers.csv');
      saveFile(blob, filename);
      return filename;
    },
  });
}

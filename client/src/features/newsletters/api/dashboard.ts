import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { NewsletterOverview, Subscriber, SubscriberImport, SubscriberList } from '#shared/types';
import { api, download, upload } from '#client/lib/api-client';
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

/** A special edition as the API takes it (docs/decisions/069-newsletters.md). */
export interface EditionInput {
  subject: string;
  intro: string;
  articleIds: string[];
}

export const previewEdition = (newsletterId: string, edition: EditionInput) =>
  api.post<{ subject: string; html: string; text: string }>(apiPaths.newsletters.preview(newsletterId), edition);

export const testEdition = (newsletterId: string, edition: EditionInput) =>
  api.post<{ message: string }>(apiPaths.newsletters.test(newsletterId), edition);

export function useSendEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newsletterId, edition, sendAt }: { newsletterId: string; edition: EditionInput; sendAt?: string }) =>
      api.post<{ issueId: string }>(apiPaths.newsletters.issues(newsletterId), { ...edition, ...(sendAt ? { sendAt } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

/** The newest published articles an edition may hold. */
export function useEditionArticles() {
  return useQuery({
    queryKey: dashboardKeys.editionArticles,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: string; title: string; publishedAt: string | null }[] }>(apiPaths.articles.published, {
        signal,
        query: { limit: 30 },
      }),
    select: (r) => r.data,
  });
}

export function useEditNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Record<string, unknown> }) => api.put(apiPaths.newsletters.one(id), values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

export function useCreateNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => api.post(apiPaths.newsletters.list, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

export function useDeleteNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(apiPaths.newsletters.one(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

/** Imports a CSV of subscribers; `newsletters` are the slugs of the rows that name none. */
export function useImportSubscribers(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, newsletters }: { file: File; newsletters: string[] }) => {
      const form = new FormData();
      form.append('newsletters', newsletters.join(' '));
      form.append('file', file);
      return upload<SubscriberImport>(apiPaths.newsletters.subscribersImport, form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.newsletters }),
  });
}

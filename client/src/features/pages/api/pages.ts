import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { CreatePageInput, UpdatePageInput } from '#shared/schemas/pages';
import { versionTag } from '#shared/schemas/version';
import type { PageListItem, StaticPage } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/pages (editors and admins): every page, drafts included, by title. */
export const usePages = () =>
  useQuery(
    queryOptions({ queryKey: dashboardKeys.pages, queryFn: ({ signal }) => api.get<PageListItem[]>(apiPaths.pages.list, { signal }) }),
  );

/** GET /api/pages/:id: a page with its body, to edit it (and to refill the form after someone else's change). */
export const getPage = (id: string) => api.get<StaticPage>(apiPaths.pages.one(id));

/** A page with its body, while its form is open. */
export const usePage = (id: string | null) =>
  useQuery({ queryKey: dashboardKeys.page(id ?? ''), queryFn: () => getPage(id!), enabled: !!id, gcTime: 0 });

/** After a change: the list, and what readers see in this app (menus, the page itself). */
function reload(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.pages });
  void queryClient.invalidateQueries({ queryKey: readerKeys.site });
  void queryClient.invalidateQueries({ queryKey: ['pages'] });
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePageInput) => api.post<StaticPage>(apiPaths.pages.list, input),
    onSuccess: () => reload(queryClient),
  });
}

/** PUT, naming the version the form was filled from: a stale one is refused (412), never overwritten. */
export function useUpdatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string; input: Omit<UpdatePageInput, 'version'>; version: number }) =>
      api.put<StaticPage>(apiPaths.pages.one(id), input, { headers: { 'If-Match': versionTag(version) } }),
    onSuccess: () => reload(queryClient),
  });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: boolean; message: string }>(apiPaths.pages.one(id)),
    onSuccess: () => reload(queryClient),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { PublicPage } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/pages/by-slug/:slug: a published static page, as readers see it. */
export const getPublicPageQueryOptions = (slug: string, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.page(slug),
    queryFn: ({ signal }) => api.get<PublicPage>(apiPaths.pages.bySlug(slug), { signal, transport }),
    staleTime: 60_000,
  });

export const usePublicPage = (slug: string) => useQuery(getPublicPageQueryOptions(slug));

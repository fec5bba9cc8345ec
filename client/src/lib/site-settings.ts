import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { useEffect } from 'react';
import type { Site } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/site: the site's name, tagline, contact and social accounts (docs/decisions/056-site-settings.md). */
export const getSite = (read: ReadOptions = {}) => api.get<Site>(apiPaths.site.public, read);

export const getSiteQueryOptions = (transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.site,
    queryFn: ({ signal }) => getSite({ signal, transport }),
    staleTime: 5 * 60_000,
  });

export function useSite() {
  return useQuery(getSiteQueryOptions());
}

/**
 * Keeps document.title in step on client-side navigation: `Title | <site name>`, as the server writes it into the
 * page head (server/src/reader/head.ts), which also puts the first page's title in place; the component tree renders
 * none. A function makes a whole title of the site's name (the home page's).
 */
export function usePageTitle(title: string | null | ((siteName: string) => string)): void {
  const name = useSite().data?.name;
  const text = !name || !title ? null : typeof title === 'function' ? title(name) : `${title} | ${name}`;
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
}

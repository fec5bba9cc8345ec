import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { NewsletterList, NewsletterPreferences } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/newsletters: the newsletters readers may subscribe to, in the newsroom's order. */
export const getNewslettersQueryOptions = (transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.newsletters,
    queryFn: ({ signal }) => api.get<NewsletterList>(apiPaths.newsletters.list, { signal, transport }),
    staleTime: 60_000,
  });

export const useNewsletters = () => useQuery(getNewslettersQueryOptions());

/** GET /api/newsletters/preferences: a subscriber's address and choices, by the token of their e-mails' links. */
export const getPreferencesQueryOptions = (token: string, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.newsletterPreferences(token),
    queryFn: ({ signal }) => api.get<NewsletterPreferences>(apiPaths.newsletters.preferences(token), { signal, transport }),
    retry: false,
  });

export const usePreferences = (token: string) => useQuery(getPreferencesQueryOptions(token));

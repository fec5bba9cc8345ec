import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { SearchResults } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';
import { FILTERS, searchOffset, type SearchParams } from '../lib/search-params';

/** GET /api/search: one page of a search (docs/decisions/065-search.md). */
export const getSearchQueryOptions = (params: SearchParams, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.search(params),
    queryFn: ({ signal }) =>
      api.get<SearchResults>(apiPaths.search, {
        signal,
        transport,
        query: {
          q: params.q,
          ...Object.fromEntries(FILTERS.map((name) => [name, params[name]])),
          offset: searchOffset(params.page) || undefined,
        },
      }),
    // A query the API refuses (400) or a network that searched too much (429) says so at once.
    retry: false,
  });

export const useSearch = (params: SearchParams, enabled: boolean) => useQuery({ ...getSearchQueryOptions(params), enabled });

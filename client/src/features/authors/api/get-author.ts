import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { LIMITS } from '#shared/constants';
import type { AuthorPage } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/authors/:slug: the author and page `page` of their published articles (LIMITS.authorPage a page). */
export const getAuthorQueryOptions = (slug: string, page: number, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.author(slug, page),
    queryFn: ({ signal }) =>
      api.get<AuthorPage>(apiPaths.authors.one(slug), {
        signal,
        transport,
        query: { offset: (page - 1) * LIMITS.authorPage || undefined },
      }),
  });

export const useAuthor = (slug: string, page: number) => useQuery(getAuthorQueryOptions(slug, page));

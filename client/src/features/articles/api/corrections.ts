import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { LIMITS } from '#shared/constants';
import type { CorrectionListItem, Page } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/corrections: page `page` of the newest corrections (LIMITS.correctionsPage a page), for /corrections. */
export const getCorrectionsQueryOptions = (page: number, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.corrections(page),
    queryFn: ({ signal }) =>
      api.get<Page<CorrectionListItem>>(apiPaths.articles.allCorrections, {
        signal,
        transport,
        query: { offset: (page - 1) * LIMITS.correctionsPage || undefined },
      }),
  });

export const useCorrections = (page: number) => useQuery(getCorrectionsQueryOptions(page));

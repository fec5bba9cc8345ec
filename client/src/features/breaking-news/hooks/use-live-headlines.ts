import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getBreakingNewsQueryOptions } from '../api/get-breaking-news';
import { openHeadlineStream } from '../lib/headline-stream';

/** Keeps the hydrated ticker live (lib/headline-stream.ts): each ticker the server sends replaces the cached one. */
export function useLiveHeadlines(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = getBreakingNewsQueryOptions();
    return openHeadlineStream({
      onHeadlines: (news) => queryClient.setQueryData(queryKey, news),
      refetch: () => void queryClient.refetchQueries({ queryKey }),
    });
  }, [queryClient]);
}

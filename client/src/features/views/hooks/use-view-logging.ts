import { useCallback, useRef } from 'react';
import { toLogViewInput, useLogView } from '../api/log-view';
import type { ReadProgress } from '../lib/read-progress';
import { useReadTracking } from './use-read-tracking';

/**
 * Logs the article's view once per page visit, when the whole body has been seen (docs/spec/SPEC.md §4). Returns
 * the ref callback for the body element.
 */
export function useViewLogging(articleId: string) {
  const { mutate } = useLogView(articleId);
  const loggedFor = useRef<string | null>(null);
  const onFullyRead = useCallback(
    (progress: ReadProgress) => {
      if (loggedFor.current === articleId) return;
      loggedFor.current = articleId;
      mutate(toLogViewInput(progress));
    },
    [articleId, mutate],
  );
  return useReadTracking(articleId, onFullyRead);
}

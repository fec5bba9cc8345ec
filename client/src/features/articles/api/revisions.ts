import { useQueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { Article, ArticleRevision, RevisionSummary } from '#shared/types';
import { versionTag } from '#shared/schemas/version';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';
import { refetchArticleLists } from './refetch-article-lists';

/** GET /api/articles/:id/revisions: the history, newest first (docs/decisions/060-revisions.md). */
export function useRevisions(articleId: string) {
  return useQuery({
    queryKey: dashboardKeys.revisions(articleId),
    queryFn: ({ signal }) => api.get<{ data: RevisionSummary[] }>(apiPaths.articles.revisions(articleId), { signal }).then((r) => r.data),
  });
}

/**
 * GET /api/articles/:id/revisions/:revisionId: one revision, whole. A revision at a given version never changes (a run
 * of edits moves its version forward), so it is read once per version.
 */
export function useRevision(articleId: string, revision: Pick<RevisionSummary, 'id' | 'version'> | undefined) {
  return useQuery({
    queryKey: dashboardKeys.revision(articleId, revision ? `${revision.id}@${revision.version}` : ''),
    queryFn: ({ signal }) => api.get<ArticleRevision>(apiPaths.articles.revision(articleId, revision!.id), { signal }),
    enabled: Boolean(revision),
    staleTime: Infinity,
  });
}

/** POST …/restore, based on the article's version `version` (a stale one is refused, never overwritten). */
export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ articleId, revisionId, version }: { articleId: string; revisionId: string; version: number }) =>
      api.post<Article>(apiPaths.articles.restore(articleId, revisionId), undefined, { headers: { 'If-Match': versionTag(version) } }),
    onSuccess: () => refetchArticleLists(queryClient, 'full-and-published'),
  });
}

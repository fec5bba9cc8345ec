import { formatWallTime } from '#client/lib/zoned-time';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Article, Page } from '#shared/types';
import { LIMITS } from '#shared/constants';
import { getDashboardPublishedArticlesQueryOptions } from '../api/get-dashboard-published-articles';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { featuredInOrder, storyToUnfeature } from '../lib/article-updates';
import { FEATURED_LIMIT } from '../lib/article-cache';
import { useArticleAction } from './use-article-action';
import { useConfirm } from '#client/components/ui/confirm-dialog';

/** Every article the dashboard holds in its caches, the newest copy of each. */
function cachedArticles(queryClient: ReturnType<typeof useQueryClient>): Article[] {
  const byId = new Map<string, Article>();
  for (const [, page] of queryClient.getQueriesData<Page<Article>>({ queryKey: dashboardKeys.articles }))
    for (const a of page?.data ?? []) byId.set(a.id, a);
  return [...byId.values()];
}

/**
 * The article actions with the confirmations of docs/spec/SPEC.md §4: marking or unmarking a story, featuring a
 * fourth story (names the one that will be unfeatured), setting a main story (replaces the section's
 * previous one), and deleting. Everything runs through useArticleAction.
 */
export function useStoryActions() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const action = useArticleAction();
  const { mutate } = action;

  const toggleStory = useCallback(
    async (article: Article) => {
      const marking = !article.isStory;
      const ok = await confirm({
        title: marking ? 'Mark as Story' : 'Remove Story',
        message: marking
          ? `Mark “${article.title}” as a story?`
          : `Remove “${article.title}” from stories? It will also stop being featured or the main story.`,
        confirmLabel: marking ? 'Mark as Story' : 'Remove Story',
      });
      if (ok) mutate({ article, action: { kind: 'story', value: marking } });
    },
    [confirm, mutate],
  );

  const toggleFeatured = useCallback(
    async (article: Article) => {
      if (article.isFeatured) return mutate({ article, action: { kind: 'featured', value: false } });
      // The server's featured stories as they are now: a copy cached earlier may still say featured a story the server
      // unfeatured since (when another was featured), and the confirmation would name the wrong one. Offline, the cache.
      const fresh = await queryClient
        .fetchQuery({ ...getDashboardPublishedArticlesQueryOptions({ featured: true, limit: FEATURED_LIMIT }), staleTime: 0 })
        .catch(() => null);
      const featured = fresh ? fresh.data : featuredInOrder(cachedArticles(queryClient), []);
      const oldest = storyToUnfeature(featured, article.id);
      if (oldest) {
        const ok = await confirm({
          title: 'Feature Story',
          message: `At most ${LIMITS.maxFeatured} stories can be featured. Featuring “${article.title}” will unfeature the oldest featured story, “${oldest.title}”.`,
          confirmLabel: 'Feature anyway',
        });
        if (!ok) return;
      }
      mutate({ article, action: { kind: 'featured', value: true } });
    },
    [confirm, mutate, queryClient],
  );

  const toggleMain = useCallback(
    async (article: Article) => {
      if (article.isMainStory) return mutate({ article, action: { kind: 'main', value: false } });
      const previous = cachedArticles(queryClient).find((a) => a.isMainStory && a.section === article.section && a.id !== article.id);
      const ok = await confirm({
        title: 'Set Main Story',
        message: `Set “${article.title}” as the main story? It replaces the previous main story in the ${article.section} section${previous ? ` (“${previous.title}”)` : ''}.`,
        confirmLabel: 'Set as Main Story',
      });
      if (ok) mutate({ article, action: { kind: 'main', value: true } });
    },
    [confirm, mutate, queryClient],
  );

  const raisePriority = useCallback((article: Article) => mutate({ article, action: { kind: 'priority' } }), [mutate]);
  const togglePublished = useCallback(
    async (article: Article) => {
      // Publishing a scheduled article breaks its embargo: asked first (docs/decisions/059-scheduling.md).
      if (article.status === 'scheduled') {
        const ok = await confirm({
          title: 'Publish Now',
          message: `“${article.title}” is scheduled to go live ${article.scheduledAt ? `on ${formatWallTime(article.scheduledAt)} (your time)` : 'later'}. Publish it now, before its time?${article.unpublishAt ? ' It will still be taken down at its set time.' : ''}`,
          confirmLabel: 'Publish Now',
        });
        if (!ok) return;
      }
      mutate({ article, action: { kind: article.status === 'published' ? 'unpublish' : 'publish' } });
    },
    [confirm, mutate],
  );

  const remove = useCallback(
    async (article: Article) => {
      const ok = await confirm({
        title: 'Delete Article',
        message: `Delete “${article.title}”? It leaves the site at once and goes to the trash, where an editor can restore it for 30 days; then it is deleted for good, with its media, comments and view counts.`,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (ok) mutate({ article, action: { kind: 'delete' } });
      return ok;
    },
    [confirm, mutate],
  );

  return useMemo(
    () => ({
      toggleStory,
      toggleFeatured,
      toggleMain,
      raisePriority,
      togglePublished,
      remove,
      pending: action.isPending ? action.variables : undefined,
    }),
    [toggleStory, toggleFeatured, toggleMain, raisePriority, togglePublished, remove, action.isPending, action.variables],
  );
}

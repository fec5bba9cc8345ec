import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article } from '../../../../../shared/types';
import { useToast } from '../../../components/ui/toast';
import { deleteArticle } from '../api/delete-article';
import { refetchArticleLists } from '../api/refetch-article-lists';
import { publishArticle } from '../api/publish-article';
import { unpublishArticle } from '../api/unpublish-article';
import { updateArticleFeatured, type FeaturedResult } from '../api/update-article-featured';
import { updateArticleStatus } from '../api/update-article-status';
import type { ArticleAction } from '../lib/article-updates';
import { errorText } from '../../../lib/error-text';
import { articleMessages } from '../lib/messages';
import { applyOptimistic, restoreSnapshot, snapshotArticleLists } from '../lib/optimistic';

export type ArticleActionInput = { article: Article; action: Exclude<ArticleAction, { kind: 'edit' }> };

function run({ article, action }: ArticleActionInput): Promise<unknown> {
  switch (action.kind) {
    case 'publish':
      return publishArticle(article.id);
    case 'unpublish':
      return unpublishArticle(article.id);
    case 'story':
      return updateArticleStatus(article.id, { isStory: action.value });
    case 'main':
      return updateArticleStatus(article.id, { isMainStory: action.value });
    case 'priority':
      return updateArticleStatus(article.id, { storyPriority: article.storyPriority + 1 });
    case 'featured':
      return updateArticleFeatured(article.id, action.value);
    case 'delete':
      return deleteArticle(article.id);
  }
}

export function failureText(action: ArticleActionInput['action']): string {
  switch (action.kind) {
    case 'publish':
      return articleMessages.publishFailed;
    case 'unpublish':
      return articleMessages.unpublishFailed;
    case 'featured':
      return articleMessages.featuredFailed;
    case 'delete':
      return articleMessages.deleteFailed;
    default:
      return articleMessages.storyFailed;
  }
}

export function successText(action: ArticleActionInput['action'], result: unknown): string {
  switch (action.kind) {
    case 'publish':
      return 'Article published.';
    case 'unpublish':
      return 'Article unpublished.';
    case 'story':
      return action.value ? 'Article marked as a story.' : 'Article removed from stories.';
    case 'main':
      return action.value ? 'Main story set.' : 'Main story removed.';
    case 'priority':
      return 'Story priority raised.';
    case 'delete':
      return 'Article deleted.';
    case 'featured': {
      if (!action.value) return 'Story unfeatured.';
      const unfeatured = (result as FeaturedResult | undefined)?.unfeatured;
      return unfeatured ? `Story featured. "${unfeatured.title}" is no longer featured.` : 'Story featured.';
    }
  }
}

/**
 * Publish, unpublish, story, featured, main, priority and delete, applied at once to every cached list
 * and put back if the server refuses (SPEC.md §4); then the lists are refetched by the rules of §4.
 */
export function useArticleAction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onMutate: async (input: ArticleActionInput) => {
      const snapshot = await snapshotArticleLists(queryClient);
      applyOptimistic(queryClient, input.article, input.action);
      return { snapshot };
    },
    onError: (error, input, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
      toast.error(errorText(error, failureText(input.action)));
    },
    onSuccess: (result, input) => {
      if (input.action.kind === 'featured' && input.action.value) {
        const unfeatured = (result as FeaturedResult).unfeatured;
        if (unfeatured) applyOptimistic(queryClient, { ...input.article, id: unfeatured.id }, { kind: 'featured', value: false });
      }
      toast.success(successText(input.action, result));
    },
    onSettled: (_result, _error, input) => refetchArticleLists(queryClient, input.action.kind === 'delete' ? 'full' : 'full-and-published'),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Article } from '#shared/types';
import { useToast } from '#client/components/ui/toast';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { deleteArticle } from '../api/delete-article';
import { publishArticle } from '../api/publish-article';
import { unpublishArticle } from '../api/unpublish-article';
import { updateArticleFeatured, type FeaturedResult } from '../api/update-article-featured';
import { updateArticleStatus } from '../api/update-article-status';
import { errorText } from '#client/lib/error-text';
import { articleMessages } from '../lib/messages';
import { applyAnswer, restoreSnapshot, showChange, snapshotArticle, type ArticleAction } from '../lib/article-cache';

export type ArticleActionInput = { article: Article; action: ArticleAction };

/** The call for `action`, answering the article as it now is (null once deleted). */
function run({ article, action }: ArticleActionInput): Promise<Article | FeaturedResult | null> {
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
      return deleteArticle(article.id).then(() => null);
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

export function successText(action: ArticleActionInput['action'], answer: Article | FeaturedResult | null): string {
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
      return 'Article moved to the trash.';
    case 'featured': {
      if (!action.value) return 'Story unfeatured.';
      const unfeatured = answer && 'unfeatured' in answer ? answer.unfeatured : null;
      return unfeatured ? `Story featured. "${unfeatured.title}" is no longer featured.` : 'Story featured.';
    }
  }
}

/**
 * Publish, unpublish, story, featured, main, priority and delete (docs/spec/SPEC.md §4): the change shows at once and
 * is put back if the server refuses; the server's answer then goes into the caches, and only the lists whose
 * members it changed are read again (lib/article-cache.ts).
 */
export function useArticleAction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onMutate: async ({ article, action }: ArticleActionInput) => {
      const snapshot = await snapshotArticle(queryClient, article.id);
      showChange(queryClient, article, action);
      return { snapshot };
    },
    onError: (error, input, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
      toast.error(errorText(error, failureText(input.action)));
      // A refusal often means the article changed meanwhile (unpublished, deleted): its rows are read again.
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.articles });
    },
    onSuccess: (answer, { article, action }) => {
      toast.success(successText(action, answer));
      return applyAnswer(queryClient, article, action, answer);
    },
  });
}

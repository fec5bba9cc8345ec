import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Article } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { api } from '#client/lib/api-client';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { formatShortDate } from '#client/lib/dates';
import * as apiPaths from '#client/config/api-paths';
import { refetchArticleLists } from '../api/refetch-article-lists';

const TRASH_DAYS = 30;

/** When an article in the trash is deleted for good: 30 days after it went there (docs/decisions/061-trash.md). */
export const emptiedOn = (trashedAt: string) => formatShortDate(new Date(Date.parse(trashedAt) + TRASH_DAYS * 86_400_000).toISOString());

/** Restore (editors and admins) and Delete Forever (admins) for an article in the trash. */
export function TrashActions({ article }: { article: Article }) {
  const { can } = useDashboardUser();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const refetch = () => refetchArticleLists(queryClient, 'full-and-published');
  const restore = useMutation({ mutationFn: () => api.post<Article>(apiPaths.articles.restoreFromTrash(article.id)), onSuccess: refetch });
  const remove = useMutation({ mutationFn: () => api.delete<unknown>(apiPaths.articles.deleteForever(article.id)), onSuccess: refetch });
  const name = `“${article.title}”`;
  const busy = restore.isPending || remove.isPending;
  return (
    <>
      {can.restoreArticles && (
        <Button
          size="xs"
          variant="primary"
          disabled={busy}
          aria-label={`Restore ${name} from the trash`}
          onClick={() =>
            void confirmAction({
              title: 'Restore Article',
              message: `Restore ${name}? It comes back as it was, with its revisions, comments and story placement${article.trashedFrom === 'published' ? ', and is public again at once' : ''}.`,
              confirmLabel: 'Restore',
              action: () => restore.mutateAsync(),
              success: 'Article restored.',
              failure: 'Failed to restore the article',
            })
          }
        >
          Restore
        </Button>
      )}
      {can.deleteArticles && (
        <Button
          size="xs"
          variant="danger"
          disabled={busy}
          aria-label={`Delete ${name} for good`}
          onClick={() =>
            void confirmAction({
              title: 'Delete Forever',
              message: `Delete ${name} for good, now? Its media, comments, view counts and revisions are deleted with it. This cannot be undone.`,
              confirmLabel: 'Delete Forever',
              tone: 'danger',
              action: () => remove.mutateAsync(),
              success: 'Article deleted for good.',
              failure: 'Failed to delete the article',
            })
          }
        >
          Delete Forever
        </Button>
      )}
    </>
  );
}

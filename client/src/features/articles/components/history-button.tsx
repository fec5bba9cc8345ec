import { lazy, Suspense, useState } from 'react';
import type { Article } from '#shared/types';
import { writtenBy } from '#shared/byline';
import { Button } from '#client/components/ui/button';
import { useDashboardUser } from '#client/lib/dashboard-user';

/** The history and its diff load in a chunk of their own (jsdiff with them) when first opened. */
const RevisionHistory = lazy(() => import('./revision-history'));

/**
 * Opens an article's history (docs/decisions/060-revisions.md): "History" from the revision before the newest, or
 * "Changes" in the review queue, from the last published one.
 */
export function HistoryButton({ article, since = 'previous' }: { article: Article; since?: 'previous' | 'published' }) {
  const { user, can } = useDashboardUser();
  const [open, setOpen] = useState(false);
  const text = since === 'published' ? 'Changes' : 'History';
  // The edit's rule (the server's too): editors any article; its authors while it is not with an editor.
  const canRestore = can.publishArticles || (writtenBy(article, user.id) && article.status !== 'review' && article.status !== 'scheduled');
  return (
    <>
      <Button
        size="xs"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={since === 'published' ? `Changes since published: “${article.title}”` : `History of “${article.title}”`}
      >
        {text}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RevisionHistory article={article} since={since} canRestore={canRestore} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { Suspense, lazy, memo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ArticleListItem } from '../../../../../shared/types';
import { ErrorBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageState } from '../../../components/ui/page-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useArticle } from '../../../features/articles/api/get-article';
import { ArticleDetail, ArticleDetailSkeleton } from '../../../features/articles/components/article-detail';
import { ShareButtons } from '../../../features/articles/components/share-buttons';
import { ViewCount } from '../../../features/views/components/view-count';
import { useViewLogging } from '../../../features/views/hooks/use-view-logging';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { pageTitle, useDocumentTitle } from '../../../lib/page-title';

// Comments are below the fold and carry the forms: they load as their own chunk. The server loads the
// chunk before it renders (preloadArticleRoute) and renders them in place: a boundary still pending when
// the page is sent would need React's inline scripts, which the CSP forbids. The browser hydrates them
// once its chunk has loaded, keeping the server's markup until then.
type CommentsModule = typeof import('../../../features/comments/components/comments-section');
let commentsModule: CommentsModule | null = null;
const loadComments = () => import('../../../features/comments/components/comments-section').then((m) => (commentsModule = m));
const LazyCommentsSection = lazy(() => loadComments().then((m) => ({ default: m.CommentsSection })));

export const preloadArticleRoute = async () => {
  await loadComments();
};

/**
 * Memoised: while its chunk loads, the server's markup waits to be hydrated, and any re-render of the page
 * reaching it then would make React drop that markup and render it afresh (losing a draft being typed).
 * One component type per side, for the same reason.
 */
const Comments = memo(function Comments({ articleId }: { articleId: string }) {
  const Section = import.meta.env.SSR && commentsModule ? commentsModule.CommentsSection : LazyCommentsSection;
  return (
    <Suspense fallback={<CommentsFallback />}>
      <Section articleId={articleId} />
    </Suspense>
  );
});

function CommentsFallback() {
  return (
    <div className="mt-12 space-y-3 border-t border-slate-200 pt-8" aria-hidden="true">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The article page /article/:id (SPEC.md §2). */
export function ArticleRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const article = useArticle(id);
  // A card link passes its list item along (SPEC.md §2): the page shows it at once, and the body (which lists
  // do not carry) when the article has loaded.
  const passed = (location.state as { article?: ArticleListItem } | null)?.article;
  const shown = article.data ?? (article.isPending && passed?.id === id ? passed : undefined);
  const bodyRef = useViewLogging(id);
  useDocumentTitle(shown ? pageTitle(shown.title) : article.isError ? pageTitle('Article Not Found') : null);
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home));

  if (!shown && article.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ArticleDetailSkeleton />
      </div>
    );
  }
  if (!shown) {
    const missing = article.error instanceof ApiError && article.error.status >= 400 && article.error.status < 500;
    return missing ? (
      <PageState title="Article Not Found" action={<Button onClick={goBack}>Go Back</Button>}>
        <p>The article you are looking for does not exist or is no longer available.</p>
      </PageState>
    ) : (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorBox>{errorMessage(article.error, 'Failed to fetch article')}</ErrorBox>
        <Button variant="secondary" className="mt-4" onClick={() => article.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ArticleDetail
        article={shown}
        meta={<ViewCount articleId={shown.id} />}
        actions={<ShareButtons article={shown} />}
        bodyRef={bodyRef}
      />
      <Comments articleId={shown.id} />
    </div>
  );
}

import { Suspense, lazy, memo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ArticleListItem } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { PageState } from '#client/components/ui/page-state';
import { Skeleton } from '#client/components/ui/skeleton';
import { getArticleQueryOptions, useArticle } from '#client/features/articles/api/get-article';
import { ArticleDetail, ArticleDetailSkeleton } from '#client/features/articles/components/article-detail';
import { getCommentsQueryOptions } from '#client/features/comments/api/get-comments';
import { getViewStatsQueryOptions } from '#client/features/views/api/get-view-stats';
import { ViewCount } from '#client/features/views/components/view-count';
import { useViewLogging } from '#client/features/views/hooks/use-view-logging';
import { paths } from '#client/config/paths';
import { isMissing } from '#client/lib/api-client';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';
import { useCommentsHtml } from '#client/islands/comments-html';
import { SubscribeBox } from '#client/features/newsletters/components/subscribe-box';

// Comments are below the fold and carry the forms: in the browser's app they load as their own chunk. On the server
// they are rendered apart, as a root of their own that their island hydrates (entry-server.tsx, islands/comments.ts).
const LazyCommentsSection = lazy(() =>
  import('#client/features/comments/components/comments-section').then((m) => ({ default: m.CommentsSection })),
);

// The share buttons are needed only when a reader shares: their own chunk as well, loaded the same way.
type ShareModule = typeof import('#client/features/articles/components/share-buttons');
let shareModule: ShareModule | null = null;
// Once loaded, not imported again: each `import()` still resolves its module anew, on every server render of an article.
const loadShare = async () => (shareModule ??= await import('#client/features/articles/components/share-buttons'));
const LazyShareButtons = lazy(() => loadShare().then((m) => ({ default: m.ShareButtons })));

/** What the page shows when there is no such article, or it is not published. */
const NOT_FOUND = 'Article Not Found';

/**
 * On the server: the article (with its view count), its first page of comments and the share buttons' chunk; 404 when the read says it is
 * missing, 301 to its own id's spelling for another one.
 */
export async function loadArticle({ params, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const id = params.id ?? '';
  const [read] = await Promise.all([
    queryClient.fetchQuery(getArticleQueryOptions(id, transport)).then(
      (article) => ({ article }),
      (error: unknown) => ({ error }),
    ),
    loadShare(),
  ]);
  if ('error' in read) return pageOfFailure(read.error, NOT_FOUND);
  const { article } = read;
  // One address per article: its id in another case (or escaped) leads to the stored one, as a slug's other spellings do.
  if (article.id !== id) return { redirect: paths.article(article.id) };
  // The article carries its view count: the count's own read is the browser's, after the page moved there by itself.
  queryClient.setQueryData(getViewStatsQueryOptions(article.id).queryKey, { articleId: article.id, totalViews: article.totalViews });
  await queryClient.prefetchInfiniteQuery(getCommentsQueryOptions(article.id, transport));
  return { page: { kind: 'article', article } };
}

/**
 * Memoised: in the browser's app a re-render of the page need not reach the comments (a draft being typed stays as it
 * is). On the server, the comments' own render (entry-server.tsx) in their place.
 */
const Comments = memo(function Comments({ articleId }: { articleId: string }) {
  const html = useCommentsHtml();
  if (import.meta.env.SSR) return <div data-comments={articleId} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
  return (
    <div data-comments={articleId}>
      <Suspense fallback={<CommentsFallback />}>
        <LazyCommentsSection articleId={articleId} />
      </Suspense>
    </div>
  );
});

/** As the comments: memoised, one component type per side, the server's markup kept until the chunk is here. */
const Share = memo(function Share({ article }: { article: Pick<ArticleListItem, 'id' | 'title'> }) {
  const Buttons = import.meta.env.SSR && shareModule ? shareModule.ShareButtons : LazyShareButtons;
  return (
    <Suspense fallback={<div className="h-10" aria-hidden="true" />}>
      <Buttons article={article} />
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

/** The article page /article/:id (docs/spec/SPEC.md §2). */
export function ArticleRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const article = useArticle(id);
  // A card link passes its list item along (docs/spec/SPEC.md §2): the page shows it at once, and the body (which lists
  // do not carry) when the article has loaded.
  const passed = (location.state as { article?: ArticleListItem } | null)?.article;
  const shown = article.data ?? (article.isPending && passed?.id === id ? passed : undefined);
  const bodyRef = useViewLogging(id);
  usePageTitle(shown ? shown.title : article.isError ? NOT_FOUND : null);
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home));

  if (!shown && article.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ArticleDetailSkeleton />
      </div>
    );
  }
  if (!shown) {
    return isMissing(article.error) ? (
      <PageState
        title={NOT_FOUND}
        action={
          <Button onClick={goBack} data-go-back="">
            Go Back
          </Button>
        }
      >
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
      <ArticleDetail article={shown} meta={<ViewCount articleId={shown.id} />} actions={<Share article={shown} />} bodyRef={bodyRef} />
      <div className="mt-10">
        <SubscribeBox id="article-newsletter" />
      </div>
      <Comments articleId={shown.id} />
    </div>
  );
}

import type { ReactNode } from 'react';
import type { Article, ArticleListItem } from '#shared/types';
import { LongDate } from '#client/components/ui/dates';
import { Skeleton } from '#client/components/ui/skeleton';
import { ArticleCorrections } from './article-corrections';
import { ArticleMedia } from './article-media';
import { AuthorLinks } from './card-text';
import { CategoryBadge } from './category-badge';

interface ArticleDetailProps {
  /** A list item (what a card link passes along) shows everything but the body, which lists do not carry. */
  article: Article | ArticleListItem;
  /** Rendered beside the byline (the view count). */
  meta?: ReactNode;
  /** Rendered under the byline (the share buttons). */
  actions?: ReactNode;
  /** Receives the body element, so reading can be tracked; never the placeholder shown while the body loads. */
  bodyRef?: (el: HTMLDivElement | null) => void;
}

/** The article page's content (docs/spec/SPEC.md §2). The body is HTML sanitised by the server (CONTRACT §4). */
export function ArticleDetail({ article, meta, actions, bodyRef }: ArticleDetailProps) {
  const when = article.publishedAt ?? article.updatedAt;
  return (
    <article className="space-y-6">
      <ArticleMedia article={article} />
      <header className="space-y-3">
        <CategoryBadge name={article.category?.name} />
        <h1 className="font-serif text-3xl leading-tight font-bold text-slate-900 md:text-4xl">{article.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-800">
            By <AuthorLinks article={article} className="underline-offset-2" />
          </span>
          <LongDate value={when} />
          {meta}
        </div>
        {actions}
      </header>
      {'content' in article ? (
        <div ref={bodyRef} data-read-body={article.id} className="article-body" dangerouslySetInnerHTML={{ __html: article.content }} />
      ) : (
        <BodySkeleton />
      )}
      {'corrections' in article && article.corrections && <ArticleCorrections corrections={article.corrections} />}
    </article>
  );
}

function BodyLines() {
  return (
    <div className="space-y-3 pt-4">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className={i % 3 === 2 ? 'h-4 w-4/5' : 'h-4 w-full'} />
      ))}
    </div>
  );
}

/** The body while the article loads after a card link: the rest of the page is already there. */
function BodySkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the article text">
      <BodyLines />
    </div>
  );
}

export function ArticleDetailSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-labelledby="article-loading-heading">
      {/* The page's heading until the title arrives: a page without a level-one heading is hard to find one's way in. */}
      <h1 id="article-loading-heading" className="sr-only">
        Loading the article
      </h1>
      <Skeleton className="mx-auto aspect-video w-full max-w-[569px] rounded-lg" />
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-4 w-64" />
      <BodyLines />
    </div>
  );
}

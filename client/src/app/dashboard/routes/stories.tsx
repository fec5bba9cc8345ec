import { useState } from 'react';
import type { Article } from '#shared/types';
import { LIMITS } from '#shared/constants';
import { useArticles } from '#client/features/articles/api/get-articles';
import { useDashboardPublishedArticles } from '#client/features/articles/api/get-dashboard-published-articles';
import { CategorySelect } from '#client/features/categories/components/category-select';
import { ArticleViewModal } from '#client/features/articles/components/article-view-modal';
import { ArticleSchedule } from '../schedule';
import { Button } from '#client/components/ui/button';
import { PageHeader } from '../dashboard-layout';
import { ArticleStatusBadge } from '#client/features/articles/components/article-status-badge';
import { StoryActionButtons, StoryFlags } from '#client/features/articles/components/story-actions';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { useStoryActions } from '#client/features/articles/hooks/use-story-actions';
import { featuredInOrder, orderStories } from '#client/features/articles/lib/article-updates';
import { formatShortDate } from '#client/lib/dates';
import { articleMessages } from '#client/features/articles/lib/messages';
import { FEATURED_LIMIT } from '#client/features/articles/lib/article-cache';

/** The newsroom's story list is small; one request holds all of it (the server caps a page at 500). */
export const STORIES_FETCH_LIMIT = 500;

function StoryCard({
  article,
  onView,
  actions,
  manage,
}: {
  article: Article;
  onView(): void;
  actions: ReturnType<typeof useStoryActions>;
  manage: boolean;
}) {
  const image = article.media.find((m) => m.type === 'image')?.fileUrl ?? article.imageUrl;
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:flex-row" data-testid="story">
      {image ? (
        <img src={image} alt="" className="h-24 w-full shrink-0 rounded-md object-cover sm:w-36" />
      ) : (
        <div className="hidden h-24 w-36 shrink-0 rounded-md bg-slate-100 sm:block" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <ArticleStatusBadge status={article.status} />
          <StoryFlags article={article} />
          <span className="text-xs text-slate-500">
            {article.section} · priority {article.storyPriority} · {formatShortDate(article.publishedAt ?? article.createdAt)}
          </span>
        </div>
        <button type="button" onClick={onView} className="block text-left font-semibold text-slate-900 hover:underline">
          {article.title}
        </button>
        <p className="line-clamp-2 text-sm text-slate-600">{article.summary}</p>
        {manage && <StoryActionButtons article={article} actions={actions} publish={false} />}
      </div>
    </li>
  );
}

/** docs/spec/SPEC.md §4: featured stories first (up to three), then the rest; the same story actions as the articles screen. */
export function StoriesPage() {
  const { can } = useDashboardUser();
  const all = useArticles({ limit: STORIES_FETCH_LIMIT, offset: 0 });
  const featuredOrder = useDashboardPublishedArticles({ featured: true, limit: FEATURED_LIMIT });
  const actions = useStoryActions();
  const [viewing, setViewing] = useState<string | null>(null);
  const articles = all.data?.data ?? [];
  const stories = orderStories(
    articles.filter((a) => a.isStory),
    featuredInOrder(articles, featuredOrder.data?.data ?? []),
  );
  const featuredCount = stories.slice(0, LIMITS.maxFeatured).filter((s) => s.isFeatured).length;
  const top = stories.slice(0, featuredCount);
  const rest = stories.slice(featuredCount);
  const viewed = viewing ? articles.find((a) => a.id === viewing) : undefined;

  const list = (items: Article[]) => (
    <ul className="space-y-3">
      {items.map((a) => (
        <StoryCard key={a.id} article={a} onView={() => setViewing(a.id)} actions={actions} manage={can.manageStories} />
      ))}
    </ul>
  );

  return (
    <>
      <PageHeader
        title="Stories"
        description={`Stories can be featured on the home page (at most ${LIMITS.maxFeatured}) and one per section can be the main story.`}
        actions={
          <Button variant="secondary" onClick={() => void all.refetch()} disabled={all.isFetching}>
            Refresh
          </Button>
        }
      />
      {all.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {articleMessages.fetchFailed}
        </p>
      ) : all.isPending ? (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl bg-white" />
          ))}
        </div>
      ) : stories.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-slate-500 shadow-sm">{articleMessages.storiesEmpty}</p>
      ) : (
        <div className="space-y-8">
          {top.length > 0 && (
            <section aria-labelledby="featured-stories">
              <h2 id="featured-stories" className="mb-3 text-lg font-semibold text-slate-900">
                Featured Stories ({top.length}/{LIMITS.maxFeatured})
              </h2>
              {list(top)}
            </section>
          )}
          {rest.length > 0 && (
            <section aria-labelledby="other-stories">
              <h2 id="other-stories" className="mb-3 text-lg font-semibold text-slate-900">
                {top.length > 0 ? 'Other Stories' : 'All Stories'}
              </h2>
              {list(rest)}
            </section>
          )}
        </div>
      )}
      {viewed && (
        <ArticleViewModal
          key={viewed.id}
          article={viewed}
          onClose={() => setViewing(null)}
          CategoryField={CategorySelect}
          Schedule={ArticleSchedule}
        />
      )}
    </>
  );
}

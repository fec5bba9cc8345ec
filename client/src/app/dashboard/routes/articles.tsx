import { bylineText } from '#shared/byline';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ARTICLE_STATUSES, type ArticleStatus } from '#shared/constants';
import type { Article } from '#shared/types';
import { useArticles } from '#client/features/articles/api/get-articles';
import { AddArticleModal } from '#client/features/articles/components/add-article-modal';
import { CategorySelect } from '#client/features/categories/components/category-select';
import { ArticleViewModal } from '#client/features/articles/components/article-view-modal';
import { Button } from '#client/components/ui/button';
import { AddButton, PageHeader } from '../dashboard-layout';
import { DataTable, type Column } from '#client/components/ui/table';
import { ArticleStatusBadge } from '#client/features/articles/components/article-status-badge';
import { PublishButton, StoryFlags } from '#client/features/articles/components/story-actions';
import { ReviewActions } from '#client/features/articles/components/review-actions';
import { HistoryButton } from '#client/features/articles/components/history-button';
import { emptiedOn, TrashActions } from '#client/features/articles/components/trash-actions';
import { ScheduleActions, ScheduleNote } from '#client/features/scheduling/components/schedule-actions';
import { ArticleSchedule, articleSchedule, scheduleTarget } from '../schedule';
import { Badge } from '#client/components/ui/badge';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { useStoryActions } from '#client/features/articles/hooks/use-story-actions';
import { formatShortDate } from '#client/lib/dates';
import { articleMessages } from '#client/features/articles/lib/messages';

export const PAGE_SIZE = 25;

const FILTERS: { label: string; status?: ArticleStatus }[] = [
  { label: 'All' },
  { label: 'Drafts', status: 'draft' },
  { label: 'In review', status: 'review' },
  { label: 'Scheduled', status: 'scheduled' },
  { label: 'Published', status: 'published' },
  { label: 'Unpublished', status: 'unpublished' },
  // Editors and admins only (docs/decisions/061-trash.md).
  { label: 'Trash', status: 'trashed' },
];

export function ArticlesPage() {
  const { can } = useDashboardUser();
  // The filter lives in the address (?status=review), so the overview's review panel can link to the queue.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = (ARTICLE_STATUSES as readonly string[]).includes(asked) ? (asked as ArticleStatus) : undefined;
  const setStatus = (next: ArticleStatus | undefined) => setParams(next ? { status: next } : {}, { replace: true });
  const [offset, setOffset] = useState(0);
  const articles = useArticles({ status, limit: PAGE_SIZE, offset });
  const actions = useStoryActions();
  const [viewing, setViewing] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  const rows = articles.data?.data;
  const total = articles.data?.pagination.total ?? 0;
  const viewed = viewing ? rows?.find((a) => a.id === viewing) : undefined;

  const columns: Column<Article>[] = [
    {
      header: 'Title',
      cell: (a) => (
        <div className="max-w-md">
          <button type="button" onClick={() => setViewing(a.id)} className="text-left font-medium text-slate-900 hover:underline">
            {a.title}
          </button>
          <p className="line-clamp-1 text-xs text-slate-500">{a.summary}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            <StoryFlags article={a} />
            {a.reviewNote && a.status !== 'review' && <Badge tone="amber">Sent back</Badge>}
          </div>
          <ScheduleNote scheduledAt={a.scheduledAt} unpublishAt={a.unpublishAt} />
        </div>
      ),
    },
    { header: 'Category', hideBelow: 'md', cell: (a) => a.category.name },
    { header: 'Section', hideBelow: 'xl', cell: (a) => a.section },
    ...(can.ownArticlesOnly ? [] : [{ header: 'Author', hideBelow: 'lg' as const, cell: (a: Article) => bylineText(a) }]),
    { header: 'Status', cell: (a) => <ArticleStatusBadge status={a.status} /> },
    {
      header: 'Date',
      hideBelow: 'sm',
      // The queue is in order of submission: its date is when each was submitted; what is scheduled, when it goes live.
      cell: (a) => (
        <span className="whitespace-nowrap">
          {formatShortDate((status === 'review' && a.submittedAt) || a.trashedAt || a.scheduledAt || a.publishedAt || a.createdAt)}
          {a.trashedAt && <span className="block text-xs text-slate-500">Deleted for good on {emptiedOn(a.trashedAt)}</span>}
        </span>
      ),
    },
    {
      header: 'Actions',
      // Up to five buttons (an article in review): they wrap rather than push the table wider than the screen.
      className: 'w-px text-right',
      cell: (a) => {
        const busy = actions.pending?.article.id === a.id;
        if (a.status === 'trashed')
          return (
            <div className="flex flex-wrap justify-end gap-2 lg:w-60">
              <TrashActions article={a} />
            </div>
          );
        return (
          <div className="flex flex-wrap justify-end gap-2 lg:w-60">
            <Button variant="secondary" size="xs" onClick={() => setViewing(a.id)} aria-label={`View “${a.title}”`}>
              View
            </Button>
            <ReviewActions article={a} />
            {a.status === 'review' && can.reviewArticles && <HistoryButton article={a} since="published" />}
            {can.publishArticles && <PublishButton article={a} actions={actions} />}
            {can.publishArticles && <ScheduleActions of={articleSchedule} target={scheduleTarget(a)} cancel={false} />}
            {can.deleteArticles && (
              <Button size="xs" variant="danger" onClick={() => void actions.remove(a)} disabled={busy} aria-label={`Delete “${a.title}”`}>
                Delete
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Articles"
        description={
          can.ownArticlesOnly
            ? 'Your articles, newest first. New articles are drafts: submit one for review, and an editor publishes it or sends it back with a note.'
            : status === 'review'
              ? 'Articles submitted for review, the longest waiting first.'
              : status === 'trashed'
                ? 'Deleted articles, the latest first. Each can be restored as it was for 30 days; then it is deleted for good.'
                : status === 'scheduled'
                  ? 'Articles scheduled to go live by themselves, the next first.'
                  : 'Every article, newest first.'
        }
        actions={<AddButton onClick={() => setAdding(Date.now())}>Add Article</AddButton>}
      />
      <div role="group" aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.filter((f) => f.status !== 'trashed' || can.restoreArticles).map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={status === f.status}
            onClick={() => {
              setStatus(f.status);
              setOffset(0);
            }}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {f.label}
          </button>
        ))}
      </div>
      <DataTable
        caption="Articles"
        rows={rows}
        columns={columns}
        rowKey={(a) => a.id}
        loading={articles.isPending}
        error={articles.error ? articleMessages.fetchFailed : null}
        empty={articleMessages.empty}
      />
      {total > PAGE_SIZE && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <span>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
          </span>
          <span className="flex gap-2">
            <Button variant="secondary" size="xs" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Previous
            </Button>
            <Button variant="secondary" size="xs" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
              Next
            </Button>
          </span>
        </nav>
      )}
      {adding > 0 && <AddArticleModal key={adding} onClose={() => setAdding(0)} CategoryField={CategorySelect} />}
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

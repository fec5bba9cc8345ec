import { bylineText } from '#shared/byline';
import { useEffect, useState } from 'react';
import { ARTICLE_STATUSES, LIMITS, type ArticleStatus } from '#shared/constants';
import { errorMessage } from '#client/lib/errors';
import type { Article, ArticleReportRow } from '#shared/types';
import { Link } from 'react-router';
import { paths } from '#client/config/paths';
import { formatNumber } from '#client/lib/format';
import { useArticles } from '#client/features/articles/api/get-articles';
import { useReadingOf } from '#client/features/reports/api/reports';
import { useStaff } from '#client/features/articles/api/get-staff';
import { useCategories } from '#client/features/categories/api/get-categories';
import { AddArticleModal } from '#client/features/articles/components/add-article-modal';
import { CategorySelect } from '#client/features/categories/components/category-select';
import { ArticleViewModal } from '#client/features/articles/components/article-view-modal';
import { Button } from '#client/components/ui/button';
import { AddButton, PageHeader } from '../dashboard-layout';
import { DataTable, type Column } from '#client/components/ui/table';
import { DayRange, filterFieldClass, filterLabelClass, ListPager, useAddressFilters } from '#client/components/ui/list-filters';
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

/** A published article's views and the share of its readers who reached the end, under its title in the list. */
function ReadingLine({ views, row }: { views: number; row: ArticleReportRow | undefined }) {
  return (
    <p className="mt-1 text-xs text-slate-600">
      {formatNumber(views)} {views === 1 ? 'view' : 'views'}
      {row && ` · ${Math.round(row.completionRate * 100)}% read to the end`}
    </p>
  );
}

/** How far a published article was read, with a link to its report (docs/decisions/068-reports.md). */
function ReadingNote({ row, id }: { row: ArticleReportRow | undefined; id: string }) {
  return (
    <p className="text-sm text-slate-600">
      {row
        ? `${formatNumber(row.views)} pages read in reading reports · ${Math.round(row.completionRate * 100)}% read to the end · ${row.averageEngagedSeconds} s engaged on average`
        : 'No reading report yet.'}{' '}
      <Link to={`${paths.dashboardPage('reports')}?article=${encodeURIComponent(id)}`} className="text-sky-800 underline">
        Open its report
      </Link>
    </p>
  );
}

/** The search box and filters, as the address keeps them (docs/decisions/065-search.md). */
const SEARCH_PARAMS = ['q', 'categoryId', 'authorId', 'from', 'to', 'sort'] as const;
type SearchParam = (typeof SEARCH_PARAMS)[number];

const SORTS = [
  { value: '', label: 'Best match, else newest first' },
  { value: 'title', label: 'Title, A to Z' },
  { value: '-title', label: 'Title, Z to A' },
  { value: '-date', label: 'Date, newest first' },
  { value: 'date', label: 'Date, oldest first' },
  { value: 'category', label: 'Category' },
  { value: 'author', label: 'Author' },
  { value: 'status', label: 'Status' },
];

const fieldClass = filterFieldClass;
const labelClass = filterLabelClass;

/** The table's search box and filters: the text waits for a pause in typing before it searches. */
function SearchBar({
  values,
  set,
  showAuthors,
}: {
  values: Record<SearchParam, string>;
  set(changes: Partial<Record<SearchParam, string>>): void;
  showAuthors: boolean;
}) {
  const [text, setText] = useState(values.q);
  const categories = useCategories();
  const staff = useStaff();
  // The address changed by itself (back, a link): the box follows it.
  useEffect(() => setText((typed) => (typed.trim() === values.q ? typed : values.q)), [values.q]);
  useEffect(() => {
    if (text.trim() === values.q) return;
    const timer = setTimeout(() => set({ q: text.trim() }), 300);
    return () => clearTimeout(timer);
  }, [text, values.q, set]);
  const filtered = SEARCH_PARAMS.some((k) => values[k]);
  return (
    <div
      role="search"
      aria-label="Search articles"
      className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <label className={`${labelClass} sm:col-span-2`}>
        Search
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={LIMITS.searchQueryMax}
          placeholder="Words or part of a title"
          className={fieldClass}
        />
      </label>
      <label className={labelClass}>
        Category
        <select value={values.categoryId} onChange={(e) => set({ categoryId: e.target.value })} className={fieldClass}>
          <option value="">All categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {showAuthors && (
        <label className={labelClass}>
          Author
          <select value={values.authorId} onChange={(e) => set({ authorId: e.target.value })} className={fieldClass}>
            <option value="">Anyone</option>
            {staff.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <DayRange from={values.from} to={values.to} onChange={set} />
      <label className={`${labelClass} sm:col-span-2 lg:col-span-3`}>
        Sort
        <select value={values.sort} onChange={(e) => set({ sort: e.target.value })} className={fieldClass}>
          {SORTS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {filtered && (
        <div className="flex items-end">
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              set(Object.fromEntries(SEARCH_PARAMS.map((k) => [k, ''])));
            }}
          >
            Clear search
          </Button>
        </div>
      )}
    </div>
  );
}

export function ArticlesPage() {
  const { can } = useDashboardUser();
  // The status, the search and the filters live in the address (?status=review), so the overview's review panel can
  // link to the queue, and a search can be shared or gone back to.
  const [params, change] = useAddressFilters();
  const asked = params.get('status') ?? '';
  const status = (ARTICLE_STATUSES as readonly string[]).includes(asked) ? (asked as ArticleStatus) : undefined;
  const [offset, setOffset] = useState(0);
  const values = Object.fromEntries(SEARCH_PARAMS.map((k) => [k, params.get(k) ?? ''])) as Record<SearchParam, string>;
  const update = (changes: Record<string, string | undefined>) => {
    change(changes);
    setOffset(0);
  };
  const setStatus = (next: ArticleStatus | undefined) => update({ status: next });
  const sorted = values.sort ? { by: values.sort.replace(/^-/, ''), desc: values.sort.startsWith('-') } : undefined;
  const onSort = (by: string) => update({ sort: sorted?.by === by && !sorted.desc ? `-${by}` : by });
  const searching = SEARCH_PARAMS.some((k) => k !== 'sort' && values[k]);
  const articles = useArticles({
    status,
    limit: PAGE_SIZE,
    offset,
    ...Object.fromEntries(SEARCH_PARAMS.filter((k) => values[k]).map((k) => [k, values[k]])),
  });
  const actions = useStoryActions();
  const [viewing, setViewing] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  const rows = articles.data?.data;
  const total = articles.data?.pagination.total ?? 0;
  const viewed = viewing ? rows?.find((a) => a.id === viewing) : undefined;
  // How far each published article on the page was read (docs/decisions/068-reports.md).
  const reading = useReadingOf(rows?.filter((a) => a.status === 'published').map((a) => a.id) ?? []);

  const columns: Column<Article>[] = [
    {
      header: 'Title',
      sort: 'title',
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
          {a.status === 'published' && <ReadingLine views={a.totalViews} row={reading.data?.get(a.id)} />}
        </div>
      ),
    },
    { header: 'Category', hideBelow: 'md', sort: 'category', cell: (a) => a.category.name },
    { header: 'Section', hideBelow: 'xl', cell: (a) => a.section },
    ...(can.ownArticlesOnly ? [] : [{ header: 'Author', hideBelow: 'lg' as const, sort: 'author', cell: (a: Article) => bylineText(a) }]),
    { header: 'Status', sort: 'status', cell: (a) => <ArticleStatusBadge status={a.status} /> },
    {
      header: 'Date',
      hideBelow: 'sm',
      sort: 'date',
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
            onClick={() => setStatus(f.status)}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {f.label}
          </button>
        ))}
      </div>
      <SearchBar values={values} set={update} showAuthors={!can.ownArticlesOnly} />
      <p aria-live="polite" className="mb-2 text-sm text-slate-600">
        {searching && articles.data ? `${total} ${total === 1 ? 'article matches' : 'articles match'}` : ''}
      </p>
      <DataTable
        caption="Articles"
        rows={rows}
        columns={columns}
        rowKey={(a) => a.id}
        loading={articles.isPending}
        error={articles.error ? errorMessage(articles.error, articleMessages.fetchFailed) : null}
        empty={searching ? 'No articles match this search.' : articleMessages.empty}
        sorted={sorted}
        onSort={onSort}
      />
      <ListPager
        offset={offset}
        pageSize={PAGE_SIZE}
        total={total}
        onPrevious={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
        onNext={() => setOffset(offset + PAGE_SIZE)}
      />
      {adding > 0 && <AddArticleModal key={adding} onClose={() => setAdding(0)} CategoryField={CategorySelect} />}
      {viewed && (
        <ArticleViewModal
          key={viewed.id}
          article={viewed}
          onClose={() => setViewing(null)}
          CategoryField={CategorySelect}
          Schedule={ArticleSchedule}
          reading={viewed.status === 'published' && <ReadingNote row={reading.data?.get(viewed.id)} id={viewed.id} />}
        />
      )}
    </>
  );
}

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEVICE_CLASSES,
  DEVICE_LABELS,
  ENGAGED_BAND_LABELS,
  REFERRER_CLASSES,
  REFERRER_LABELS,
  type DeviceClass,
  type ReferrerClass,
} from '#shared/reports';
import { REPORT_LIMITS, REPORT_SORTS, type ReportSort } from '#shared/schemas/reports';
import type { ArticleReport, ArticleReportRow, ReportDay } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { DataTable, type Column } from '#client/components/ui/table';
import { DayRange, filterFieldClass, filterLabelClass, ListPager, useAddressFilters } from '#client/components/ui/list-filters';
import { StatCard } from '#client/components/ui/stat-card';
import { useToast } from '#client/components/ui/toast';
import { paths } from '#client/config/paths';
import {
  REPORT_PAGE_SIZE,
  useArticleReport,
  useArticleReports,
  useExportArticleReports,
  useSiteReport,
  type ArticleTableQuery,
  type ReportRange,
} from '#client/features/reports/api/reports';
import { BarsChart, ChartFigure, DepthBar, shortDay, TrendChart } from '#client/features/reports/components/charts';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { errorMessage } from '#client/lib/errors';
import { formatNumber } from '#client/lib/format';
import { saveFile, toCsv } from '#client/lib/save-file';
import { PageHeader } from '../dashboard-layout';

/** 83 → '1 min 23 s'; 9.5 → '10 s'. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
const percent = (share: number) => `${Math.round(share * 100)}%`;

const METRICS = {
  views: { label: 'Pages read', pick: (d: ReportDay) => d.views, format: formatNumber },
  readers: { label: 'Readers', pick: (d: ReportDay) => d.readers, format: formatNumber },
  engaged: { label: 'Engaged time', pick: (d: ReportDay) => d.engagedSeconds, format: formatDuration },
} as const;
type Metric = keyof typeof METRICS;

/** Saves a table the page holds as CSV. */
const saveCsv = (name: string, rows: (string | number)[][]) => saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);

function Panel({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section aria-label={label} className="mb-6 rounded-xl bg-white p-5 shadow-sm">
      {children}
    </section>
  );
}

function SmallTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`py-1.5 font-semibold ${i > 0 ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, n) => (
          <tr key={n} className="border-b border-slate-100 last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 font-normal text-slate-800">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 text-right text-slate-800 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The range: three quick choices, or any two days; the address keeps them. */
function RangeBar({ range, set }: { range: ReportRange; set(changes: Partial<ReportRange>): void }) {
  const last = (days: number) => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    set({ from, to });
  };
  return (
    <div role="group" aria-label="Days of the report" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-3 sm:w-96">
        <DayRange from={range.from} to={range.to} onChange={set} />
      </div>
      <div className="flex flex-wrap gap-2">
        {[7, 30, 90].map((days) => (
          <Button key={days} variant="secondary" size="sm" onClick={() => last(days)}>
            Last {days} days
          </Button>
        ))}
      </div>
      <p className="w-full text-xs text-slate-600">
        Days are UTC. Readers who ask not to be tracked (Do Not Track, Global Privacy Control) are not counted.
      </p>
    </div>
  );
}

function Totals({
  totals,
  readers = 'Readers',
}: {
  totals: { views: number; readers: number; averageEngagedSeconds: number; completionRate: number } | undefined;
  readers?: string;
}) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard label="Pages read" icon="eye" tone="sky" value={totals && formatNumber(totals.views)} />
      <StatCard label={readers} icon="users" tone="emerald" value={totals && formatNumber(totals.readers)} />
      <StatCard label="Average engaged time" icon="clock" tone="amber" value={totals && formatDuration(totals.averageEngagedSeconds)} />
      <StatCard label="Read to the end" icon="check" tone="slate" value={totals && percent(totals.completionRate)} />
    </div>
  );
}

/** The days' chart, one figure at a time, with its table and CSV. */
function Trend({ days, name }: { days: ReportDay[] | undefined; name: string }) {
  const [metric, setMetric] = useState<Metric>('views');
  const { label, pick, format } = METRICS[metric];
  if (!days) return <div className="h-56 animate-pulse rounded bg-slate-100" />;
  const rows = days.map((d) => [d.date, d.views, d.readers, formatDuration(d.engagedSeconds)]);
  return (
    <ChartFigure
      title={`${label} per day`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex rounded-md border border-slate-300 text-sm">
            <legend className="sr-only">Figure shown</legend>
            {(Object.keys(METRICS) as Metric[]).map((m) => (
              <label
                key={m}
                className={`cursor-pointer px-3 py-1.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 has-[:focus-visible]:ring-offset-1 ${m === metric ? 'bg-sky-700 text-white' : 'text-slate-700'}`}
              >
                <input type="radio" name="metric" value={m} checked={m === metric} onChange={() => setMetric(m)} className="sr-only" />
                {METRICS[m].label}
              </label>
            ))}
          </fieldset>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              saveCsv(`${name}-days.csv`, [
                ['Day', 'Pages read', 'Readers', 'Engaged seconds'],
                ...days.map((d) => [d.date, d.views, d.readers, d.engagedSeconds]),
              ])
            }
          >
            Download CSV
          </Button>
        </div>
      }
      chart={<TrendChart data={days.map((d) => ({ date: d.date, value: pick(d) }))} label={label} format={format} />}
      table={
        <SmallTable
          caption="Reading per day"
          head={['Day', 'Pages read', 'Readers', 'Engaged time']}
          rows={rows.map((r) => [shortDay(String(r[0])), ...r.slice(1)])}
        />
      }
    />
  );
}

/** The articles read in the range: sortable, searchable, paged, exported. */
function ArticlesTable({ range, open }: { range: ReportRange; open(id: string): void }) {
  const [params, change] = useAddressFilters();
  const sort = (REPORT_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ReportSort) : 'views';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const offset = Math.min((page - 1) * REPORT_PAGE_SIZE, REPORT_LIMITS.articlesOffsetMax);
  const table: ArticleTableQuery = { ...range, q, sort, order };
  const reports = useArticleReports(table, offset);
  const exportTable = useExportArticleReports();
  const toast = useToast();
  const [text, setText] = useState(q);
  const search = useCallback((value: string) => change({ q: value }, { drop: ['page'] }), [change]);
  useEffect(() => setText((typed) => (typed.trim() === q ? typed : q)), [q]);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => search(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, q, search]);
  const total = reports.data?.pagination.total ?? 0;

  const columns: Column<ArticleReportRow>[] = [
    {
      header: 'Article',
      sort: 'title',
      cell: (r) => (
        <button type="button" onClick={() => open(r.id)} className="text-left font-medium text-sky-800 underline-offset-2 hover:underline">
          {r.title}
        </button>
      ),
    },
    { header: 'Pages read', sort: 'views', className: 'text-right tabular-nums', cell: (r) => formatNumber(r.views) },
    { header: 'Readers', sort: 'readers', hideBelow: 'md', className: 'text-right tabular-nums', cell: (r) => formatNumber(r.readers) },
    { header: 'Avg. engaged', sort: 'engaged', className: 'text-right tabular-nums', cell: (r) => formatDuration(r.averageEngagedSeconds) },
    { header: 'To the end', sort: 'completion', className: 'text-right tabular-nums', cell: (r) => percent(r.completionRate) },
    { header: 'Depth', hideBelow: 'lg', cell: (r) => <DepthBar depth={r.depth} /> },
  ];
  const onSort = (by: string) => {
    const next = by as ReportSort;
    change({ sort: next, order: next === sort && order === 'desc' ? 'asc' : 'desc' }, { drop: ['page'] });
  };

  return (
    <Panel label="Articles">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Articles</h2>
        <div className="flex flex-wrap items-end gap-2">
          <div role="search" aria-label="Search the articles">
            <label className={`${filterLabelClass} w-64`}>
              Search titles
              <input type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} className={filterFieldClass} />
            </label>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={exportTable.isPending}
            onClick={() =>
              exportTable.mutate(table, {
                onSuccess: (name) => toast.success(`The table was saved as ${name}.`),
                onError: (error) => toast.error(errorMessage(error, 'The table could not be exported. Please try again.')),
              })
            }
          >
            {exportTable.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="mb-2 text-sm text-slate-600">
        {reports.data ? `${formatNumber(total)} ${total === 1 ? 'article' : 'articles'} read in these days` : ''}
      </p>
      <DataTable
        caption="Articles by reading"
        rows={reports.data?.data}
        columns={columns}
        rowKey={(r) => r.id}
        loading={reports.isPending}
        error={reports.error ? errorMessage(reports.error, 'The articles could not be loaded.') : null}
        empty={q ? 'No article read in these days matches this search.' : 'No article was read in these days.'}
        sorted={{ by: sort, desc: order === 'desc' }}
        onSort={onSort}
      />
      <ListPager
        offset={offset}
        pageSize={REPORT_PAGE_SIZE}
        total={total}
        onPrevious={() => change({ page: page > 2 ? String(page - 1) : undefined }, { replace: false })}
        onNext={() => change({ page: String(page + 1) }, { replace: false })}
      />
    </Panel>
  );
}

function Breakdown<K extends string>({
  title,
  name,
  keys,
  labels,
  counts,
}: {
  title: string;
  name: string;
  keys: readonly K[];
  labels: Record<K, string>;
  counts: { key: K; pages: number }[];
}) {
  const all = counts.reduce((n, c) => n + c.pages, 0);
  const rows = keys.map((k) => {
    const pages = counts.find((c) => c.key === k)?.pages ?? 0;
    return [labels[k], formatNumber(pages), all ? percent(pages / all) : '—'];
  });
  return (
    <Panel label={title}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            saveCsv(`${name}.csv`, [['', 'Pages read'], ...keys.map((k) => [labels[k], counts.find((c) => c.key === k)?.pages ?? 0])])
          }
        >
          Download CSV
        </Button>
      </div>
      <SmallTable caption={title} head={['', 'Pages read', 'Share']} rows={rows} />
    </Panel>
  );
}

/** One article's report: its funnel, engaged time, where its readers came from, what they read on, its days. */
function ArticleReportView({ id, range, back }: { id: string; range: ReportRange; back(): void }) {
  const report = useArticleReport(id, range);
  if (report.error)
    return (
      <Panel>
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(report.error, 'This article’s report could not be loaded.')}
        </p>
        <Button variant="secondary" size="sm" onClick={back} className="mt-3">
          All articles
        </Button>
      </Panel>
    );
  const r: ArticleReport | undefined = report.data;
  const name = `article-${id.slice(0, 8)}`;
  const funnel = r?.funnel.map((f) => ({ label: f.key === 0 ? 'Opened' : f.key === 100 ? 'The end' : `${f.key}%`, value: f.pages })) ?? [];
  const opened = r?.funnel[0]?.pages ?? 0;
  const bands = r?.engaged.map((b, i) => ({ label: ENGAGED_BAND_LABELS[i] ?? String(b.key), value: b.pages })) ?? [];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={back}>
          ← All articles
        </Button>
        {r && (
          <h2 className="text-xl font-semibold text-slate-900">
            {r.article.title}{' '}
            <Link to={paths.article(r.article.id)} className="text-sm font-normal text-sky-800 underline" target="_blank" rel="noreferrer">
              Open the article
            </Link>
          </h2>
        )}
      </div>
      <Totals totals={r?.totals} />
      {r && (
        <div className="grid gap-0 xl:grid-cols-2 xl:gap-6">
          <Panel label="How far readers read">
            <ChartFigure
              title="How far readers read"
              tableOpen
              actions={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => saveCsv(`${name}-depth.csv`, [['Mark', 'Pages'], ...funnel.map((f) => [f.label, f.value])])}
                >
                  Download CSV
                </Button>
              }
              chart={<BarsChart data={funnel} format={formatNumber} />}
              table={
                <SmallTable
                  caption="Pages that reached each mark"
                  head={['Reached', 'Pages', 'Of opened']}
                  rows={funnel.map((f) => [f.label, formatNumber(f.value), opened ? percent(f.value / opened) : '—'])}
                />
              }
            />
          </Panel>
          <Panel label="Engaged time">
            <ChartFigure
              title="Engaged time per page"
              tableOpen
              actions={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => saveCsv(`${name}-engaged.csv`, [['Engaged', 'Pages'], ...bands.map((b) => [b.label, b.value])])}
                >
                  Download CSV
                </Button>
              }
              chart={<BarsChart data={bands} format={formatNumber} />}
              table={
                <SmallTable
                  caption="Pages by engaged time"
                  head={['Engaged', 'Pages']}
                  rows={bands.map((b) => [b.label, formatNumber(b.value)])}
                />
              }
            />
          </Panel>
          <Breakdown<ReferrerClass>
            title="Where readers came from"
            name={`${name}-referrers`}
            keys={REFERRER_CLASSES}
            labels={REFERRER_LABELS}
            counts={r.referrers}
          />
          <Breakdown<DeviceClass>
            title="What they read on"
            name={`${name}-devices`}
            keys={DEVICE_CLASSES}
            labels={DEVICE_LABELS}
            counts={r.devices}
          />
        </div>
      )}
      <Panel label="Reading per day">
        <Trend days={r?.days} name={name} />
      </Panel>
    </>
  );
}

/**
 * Reports (docs/decisions/068-reports.md): what readers read — pages read, readers, engaged time, how far they got —
 * for the whole site and each article, over any range of days. Editors and admins see every article, authors their own.
 */
export function ReportsPage() {
  const [params, change] = useAddressFilters();
  const { user } = useDashboardUser();
  const range: ReportRange = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const article = params.get('article') ?? '';
  const site = useSiteReport(range);
  const own = user.role === 'author';
  const setRange = (changes: Partial<ReportRange>) => change(changes, { drop: ['page'] });
  const shown = site.data ? `${shortDay(site.data.from)} – ${shortDay(site.data.to)} ${site.data.to.slice(0, 4)}` : '';

  return (
    <>
      <PageHeader
        title="Reports"
        description={
          own
            ? 'How your articles are read: pages read, readers, engaged time and how far readers got.'
            : 'What readers read: pages read, readers, engaged time and how far they got, for the site and each article.'
        }
      />
      <RangeBar range={range} set={setRange} />
      {article ? (
        <ArticleReportView id={article} range={range} back={() => change({ article: undefined }, { replace: false })} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {shown && `${own ? 'Your articles' : 'The whole site'}, ${shown}`}
          </p>
          {site.error ? (
            <p role="alert" className="mb-6 rounded-xl bg-white p-5 text-sm text-red-700 shadow-sm">
              {errorMessage(site.error, 'The report could not be loaded.')}
            </p>
          ) : (
            <>
              {/* An author's readers are counted per article: one reader of two of their articles is two. */}
              <Totals totals={site.data?.totals} readers={own ? 'Readers, per article' : 'Readers'} />
              <Panel label="Reading per day">
                <Trend days={site.data?.days} name="site" />
              </Panel>
            </>
          )}
          <ArticlesTable range={range} open={(id) => change({ article: id }, { replace: false })} />
        </>
      )}
    </>
  );
}

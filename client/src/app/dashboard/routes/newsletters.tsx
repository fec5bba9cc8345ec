import { useState } from 'react';
import { holds } from '#shared/permissions';
import type { NewsletterIssue, NewsletterOverview, Subscriber } from '#shared/types';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { filterFieldClass, filterLabelClass } from '#client/components/ui/list-filters';
import { ProgressBar } from '#client/components/ui/progress-bar';
import { DataTable, type Column } from '#client/components/ui/table';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useToast } from '#client/components/ui/toast';
import {
  SUBSCRIBERS_PAGE_SIZE,
  useDeleteNewsletter,
  useExportSubscribers,
  useNewsletterOverview,
  useRemoveSubscriber,
  useSubscribers,
  useSuppression,
} from '#client/features/newsletters/api/dashboard';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { errorMessage } from '#client/lib/errors';
import { errorText } from '#client/lib/error-text';
import { formatNumber } from '#client/lib/format';
import { EditionPanel } from '#client/features/newsletters/components/edition-panel';
import { NewsletterForm } from '#client/features/newsletters/components/newsletter-form';
import { SubscriberImportDialog } from '#client/features/newsletters/components/subscriber-import';
import { PageHeader } from '../dashboard-layout';

/**
 * Newsletters (docs/decisions/069-newsletters.md): each newsletter with its subscribers over the last 30 days, the newest
 * issues with their recipients by state (a live bar while one sends), and for admins the subscribers: search, the
 * suppression list, CSV export, removal with everything kept about them.
 */

const KIND_LABELS = { daily: 'Daily digest', weekly: 'Weekly digest', category: 'Category digest', breaking: 'Breaking alerts' } as const;

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
/** Consent may be years old (an import): its date has the year. */
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The subscribers of the last 30 days as a line, its numbers said to screen readers. */
function Growth({ values, name }: { values: number[]; name: string }) {
  const max = Math.max(1, ...values);
  const points = values.map((v, i) => `${(i / Math.max(1, values.length - 1)) * 100},${28 - (v / max) * 26}`).join(' ');
  return (
    <svg
      viewBox="0 0 100 30"
      className="h-8 w-28"
      role="img"
      aria-label={`${name}: ${formatNumber(values[0] ?? 0)} subscribers 30 days ago, ${formatNumber(values.at(-1) ?? 0)} today`}
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" stroke="#b91c1c" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

type Newsletter = NewsletterOverview['newsletters'][number];

function NewsletterTable({ overview, canEdit }: { overview: NewsletterOverview | undefined; canEdit: boolean }) {
  const [editing, setEditing] = useState<Newsletter | 'new' | null>(null);
  const remove = useDeleteNewsletter();
  const confirmAction = useConfirmAction();
  const askDelete = (n: Newsletter) =>
    confirmAction({
      title: 'Delete Newsletter',
      message: `Delete ${n.name}? Its ${formatNumber(n.subscribers)} subscriptions and its issues are deleted for good; the subscribers keep their other newsletters.`,
      confirmLabel: 'Delete',
      action: () => remove.mutateAsync(n.id),
      success: 'Newsletter deleted.',
      failure: 'Failed to delete the newsletter.',
    });
  const columns: Column<NewsletterOverview['newsletters'][number]>[] = [
    {
      header: 'Newsletter',
      cell: (n) => (
        <span>
          <span className="font-medium text-slate-900">{n.name}</span>
          {!n.active && (
            <span className="ml-2">
              <Badge tone="slate">Paused</Badge>
            </span>
          )}
        </span>
      ),
    },
    { header: 'Kind', cell: (n) => KIND_LABELS[n.kind], hideBelow: 'md' },
    { header: 'Subscribers', cell: (n) => formatNumber(n.subscribers) },
    { header: 'Last 30 days', cell: (n) => <Growth values={n.growth} name={n.name} />, hideBelow: 'sm' },
    ...(canEdit
      ? [
          {
            header: 'Actions',
            cell: (n: Newsletter) => (
              <div className="flex justify-end gap-2">
                <Button size="xs" variant="secondary" onClick={() => setEditing(n)} aria-label={`Edit ${n.name}`}>
                  Edit
                </Button>
                {(n.kind === 'daily' || n.kind === 'weekly') && (
                  <Button size="xs" variant="danger" onClick={() => void askDelete(n)} aria-label={`Delete ${n.name}`}>
                    Delete
                  </Button>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {canEdit && overview && (
        <div className="mb-3 flex justify-end">
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            New newsletter
          </Button>
        </div>
      )}
      <DataTable
        caption="Newsletters"
        rows={overview?.newsletters}
        columns={columns}
        rowKey={(n) => n.id}
        loading={!overview}
        empty="No newsletters."
      />
      {editing === 'new' && <NewsletterForm onClose={() => setEditing(null)} />}
      {editing && editing !== 'new' && <NewsletterForm key={editing.id} newsletter={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function IssueProgress({ issue }: { issue: NewsletterIssue }) {
  const { sent, failed, suppressed } = issue.counts;
  const done = sent + failed + suppressed;
  if (issue.status === 'sent')
    return (
      <span className="text-sm text-slate-700">
        {formatNumber(sent)} sent
        {failed > 0 && <span className="text-red-700"> · {formatNumber(failed)} failed</span>}
        {suppressed > 0 && <> · {formatNumber(suppressed)} suppressed</>}
      </span>
    );
  return (
    <div className="min-w-40">
      <ProgressBar
        value={issue.recipients ? done / issue.recipients : 0}
        label={
          issue.status === 'queued'
            ? issue.sendAt
              ? `Scheduled for ${when.format(Date.parse(issue.sendAt))}`
              : 'Queued'
            : `Sending: ${formatNumber(done)} of ${formatNumber(issue.recipients)}`
        }
      />
    </div>
  );
}

function IssueTable({ overview, error }: { overview: NewsletterOverview | undefined; error: string | null }) {
  const names = new Map(overview?.newsletters.map((n) => [n.id, n.name]));
  const columns: Column<NewsletterIssue>[] = [
    {
      header: 'Issue',
      cell: (i) => (
        <span>
          <span className="block font-medium text-slate-900">{i.subject}</span>
          <span className="block text-xs text-slate-600">{names.get(i.newsletterId)}</span>
        </span>
      ),
    },
    { header: 'Recipients', cell: (i) => formatNumber(i.recipients), hideBelow: 'md' },
    { header: 'Sending', cell: (i) => <IssueProgress issue={i} /> },
    { header: 'Made', cell: (i) => when.format(Date.parse(i.createdAt)), hideBelow: 'sm' },
  ];
  return (
    <DataTable
      caption="Newest issues"
      rows={overview?.issues}
      columns={columns}
      rowKey={(i) => i.id}
      loading={!overview && !error}
      error={error}
      empty="No issue sent yet: the digests go out at their hour, alerts when an editor sends one."
    />
  );
}

function Subscribers({ newsletters }: { newsletters: Newsletter[] }) {
  const [importing, setImporting] = useState(false);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [suppressed, setSuppressed] = useState(false);
  const [offset, setOffset] = useState(0);
  const list = useSubscribers({ q: search, suppressed }, offset);
  const remove = useRemoveSubscriber();
  const suppression = useSuppression();
  const exporting = useExportSubscribers();
  const confirmAction = useConfirmAction();
  const toast = useToast();
  const total = list.data?.pagination.total ?? 0;

  const askRemove = (s: Subscriber) =>
    confirmAction({
      title: 'Remove Subscriber',
      message: `Remove ${s.email}? Their subscriptions and what was sent to them are deleted for good.`,
      confirmLabel: 'Remove',
      action: () => remove.mutateAsync(s.id),
      success: 'Subscriber removed.',
      failure: 'Failed to remove the subscriber.',
    });
  const toggleSuppression = (s: Subscriber) =>
    suppression.mutateAsync({ id: s.id, reason: s.suppressedAt ? null : 'Suppressed by an admin' }).then(
      () => toast.success(s.suppressedAt ? 'Sending to this address again.' : 'Nothing more is sent to this address.'),
      (error: unknown) => toast.error(errorText(error, 'Failed to change the suppression.')),
    );

  const columns: Column<Subscriber>[] = [
    {
      header: 'Address',
      cell: (s) => (
        <span className="break-all">
          {s.email}
          {s.suppressedAt && (
            <span className="ml-2">
              <Badge tone="red">Suppressed</Badge>
            </span>
          )}
        </span>
      ),
    },
    { header: 'Newsletters', cell: (s) => s.newsletters.join(', ') || '—', hideBelow: 'md' },
    { header: 'Consented', cell: (s) => `${day.format(Date.parse(s.consentedAt))} (${s.source})`, hideBelow: 'lg' },
    {
      header: 'Actions',
      cell: (s) => (
        <div className="flex justify-end gap-2">
          <Button
            size="xs"
            variant="secondary"
            onClick={() => void toggleSuppression(s)}
            aria-label={`${s.suppressedAt ? 'Unsuppress' : 'Suppress'} ${s.email}`}
          >
            {s.suppressedAt ? 'Unsuppress' : 'Suppress'}
          </Button>
          <Button size="xs" variant="danger" onClick={() => void askRemove(s)} aria-label={`Remove ${s.email}`}>
            Remove
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="subscribers-heading" className="mt-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="subscribers-heading" className="text-lg font-semibold text-slate-900">
          Subscribers
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={exporting.isPending}
            onClick={() => exporting.mutateAsync().catch((error: unknown) => toast.error(errorText(error, 'The export failed.')))}
          >
            {exporting.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      {importing && <SubscriberImportDialog newsletters={newsletters} onClose={() => setImporting(false)} />}
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setOffset(0);
          setSearch(q.trim());
        }}
      >
        <div>
          <label htmlFor="subscriber-search" className={filterLabelClass}>
            Address contains
          </label>
          <input id="subscriber-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} className={filterFieldClass} />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={suppressed}
            onChange={(e) => {
              setOffset(0);
              setSuppressed(e.target.checked);
            }}
          />
          Suppressed only
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>
      <DataTable
        caption={`Subscribers (${formatNumber(total)})`}
        rows={list.data?.data}
        columns={columns}
        rowKey={(s) => s.id}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error, 'Failed to load the subscribers') : null}
        empty={search || suppressed ? 'No subscriber matches.' : 'No subscriber yet.'}
      />
      {total > SUBSCRIBERS_PAGE_SIZE && (
        <div className="mt-3 flex items-center justify-between text-sm text-slate-700">
          <Button
            size="sm"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - SUBSCRIBERS_PAGE_SIZE))}
          >
            Previous
          </Button>
          <span>
            {formatNumber(offset + 1)}–{formatNumber(Math.min(total, offset + SUBSCRIBERS_PAGE_SIZE))} of {formatNumber(total)}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={offset + SUBSCRIBERS_PAGE_SIZE >= total}
            onClick={() => setOffset(offset + SUBSCRIBERS_PAGE_SIZE)}
          >
            Next
          </Button>
        </div>
      )}
    </section>
  );
}

export function NewslettersPage() {
  const { user } = useDashboardUser();
  const overview = useNewsletterOverview();
  const [editing, setEditing] = useState(false);
  const error = overview.isError ? errorMessage(overview.error, 'Failed to load the newsletters') : null;
  return (
    <div>
      <PageHeader
        actions={
          overview.data &&
          !editing && (
            <Button size="sm" onClick={() => setEditing(true)}>
              New special edition
            </Button>
          )
        }
        title="Newsletters"
        description={
          overview.data
            ? `${formatNumber(overview.data.subscribers)} subscribers, ${formatNumber(overview.data.suppressed)} suppressed. Digests go out at their hour; an editor sends breaking-news alerts when publishing a headline.`
            : 'What readers receive by e-mail, and how each issue is sending.'
        }
      />
      {editing && overview.data && <EditionPanel newsletters={overview.data.newsletters} onDone={() => setEditing(false)} />}
      <NewsletterTable overview={overview.data} canEdit={holds(user.role, 'newsletters:manage')} />
      <section aria-labelledby="issues-heading" className="mt-10">
        <h2 id="issues-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Issues
        </h2>
        <IssueTable overview={overview.data} error={error} />
      </section>
      {holds(user.role, 'newsletters:manage') && <Subscribers newsletters={overview.data?.newsletters ?? []} />}
    </div>
  );
}

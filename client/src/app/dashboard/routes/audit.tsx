import { AUDIT_ACTIONS, SYSTEM_ACTOR, type AuditAction } from '#shared/audit';
import { LIMITS } from '#shared/constants';
import type { AuditEntry } from '#shared/types';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { DataTable, type Column } from '#client/components/ui/table';
import { DayRange, filterFieldClass, filterLabelClass, ListPager, useAddressFilters } from '#client/components/ui/list-filters';
import { useToast } from '#client/components/ui/toast';
import {
  AUDIT_FILTERS,
  AUDIT_PAGE_SIZE,
  useAuditActors,
  useAuditLog,
  useExportAuditLog,
  type AuditFilters,
} from '#client/features/audit/api/audit-log';
import { errorMessage } from '#client/lib/errors';
import { useSite } from '#client/lib/site-settings';
import { roleLabel } from '#client/lib/staff-roles';
import { PageHeader } from '../dashboard-layout';

/** The groups of the action filter, by what was acted on. */
const ACTION_GROUPS: { label: string; prefix: string }[] = [
  { label: 'Articles', prefix: 'article.' },
  { label: 'Breaking news', prefix: 'breaking-news.' },
  { label: 'Categories', prefix: 'category.' },
  { label: 'Pages', prefix: 'page.' },
  { label: 'Accounts', prefix: 'user.' },
  { label: 'Comments', prefix: 'comment' },
  { label: 'Settings', prefix: 'settings.' },
];

const TARGET_LABELS: Record<string, string> = {
  article: 'Article',
  'breaking-news': 'Headline',
  category: 'Category',
  page: 'Page',
  user: 'Account',
  comment: 'Comment',
  commenter: 'Reader',
  settings: 'Settings',
};

const fieldClass = filterFieldClass;
const labelClass = filterLabelClass;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Times in the newsroom's time zone, the one its day filters use ('27 Nov 2026, 17:50'). */
function timeFormat(timeZone: string): Intl.DateTimeFormat {
  const options = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
}

/** 'publishedAt' → 'published at'. */
const fieldName = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A value before or after a change, as a person reads it. */
function shown(value: unknown, when: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return ISO_TIME.test(value) ? when.format(Date.parse(value)) : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}

/** A long value (a deleted comment's text) opens on demand, by keyboard or touch as well as by mouse. */
function Value({ value, when }: { value: unknown; when: Intl.DateTimeFormat }) {
  const text = shown(value, when);
  if (text.length <= 120) return <>{text}</>;
  return (
    <details className="inline">
      <summary className="inline cursor-pointer">{`${text.slice(0, 79)}…`}</summary>
      <span className="block whitespace-pre-wrap">{text}</span>
    </details>
  );
}

function Changes({ entry, when }: { entry: AuditEntry; when: Intl.DateTimeFormat }) {
  if (!entry.changes.length) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {entry.changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium text-slate-700">{fieldName(c.field)}</span>: <Value value={c.before} when={when} />{' '}
          <span aria-hidden="true">→</span> <span className="sr-only">changed to</span> <Value value={c.after} when={when} />
        </li>
      ))}
    </ul>
  );
}

/** The filters: who, what and which days; the address keeps them, so a view of the log can be shared. */
function Filters({ values, set }: { values: AuditFilters; set(changes: Partial<AuditFilters>): void }) {
  const actors = useAuditActors();
  return (
    <div
      role="search"
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <label className={labelClass}>
        Person
        <select value={values.actor} onChange={(e) => set({ actor: e.target.value })} className={fieldClass}>
          <option value="">Anyone</option>
          <option value={SYSTEM_ACTOR}>The schedule</option>
          {actors.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Action
        <select value={values.action} onChange={(e) => set({ action: e.target.value })} className={fieldClass}>
          <option value="">Any action</option>
          {ACTION_GROUPS.map((group) => (
            <optgroup key={group.prefix} label={group.label}>
              {(Object.keys(AUDIT_ACTIONS) as AuditAction[])
                .filter((action) => action.startsWith(group.prefix))
                .map((action) => (
                  <option key={action} value={action}>
                    {AUDIT_ACTIONS[action]}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <DayRange from={values.from} to={values.to} onChange={set} />
    </div>
  );
}

/**
 * The audit log (docs/decisions/067-audit-log.md), for admins: every staff action on content, people and settings,
 * newest first, with who, from where and what changed; filtered by person, action and days, and exported as CSV.
 */
export function AuditLogPage() {
  const [params, change] = useAddressFilters();
  const when = timeFormat(useSite().data?.timeZone ?? 'UTC');
  // The page is in the address too: any change of the filters (or a link to the bare page) starts again at the first.
  const pages = Math.floor(LIMITS.auditOffsetMax / AUDIT_PAGE_SIZE) + 1;
  const page = Math.min(Math.max(1, Math.floor(Number(params.get('page'))) || 1), pages);
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  const [actor, action, from, to] = AUDIT_FILTERS.map((k) => params.get(k) ?? '') as [string, string, string, string];
  const values: AuditFilters = { actor, action, from, to };
  const targetId = params.get('targetId') ?? '';
  const filters = { ...values, ...(targetId ? { targetId } : {}) };
  const update = (changes: Record<string, string | undefined>) => change(changes, { drop: ['page'] });
  // Another page is a step the browser’s Back undoes.
  const goTo = (n: number) => change({ page: n > 1 ? String(n) : undefined }, { replace: false });
  const log = useAuditLog(filters, offset);
  const exportLog = useExportAuditLog();
  const toast = useToast();
  const total = log.data?.pagination.total ?? 0;
  // The server counts as deep as a page can be asked for: past that, "100,000+".
  const totalText = total > LIMITS.auditOffsetMax ? `${LIMITS.auditOffsetMax.toLocaleString('en')}+` : total.toLocaleString('en');
  const hasNext = offset + AUDIT_PAGE_SIZE < total && page < pages;
  const filtered = AUDIT_FILTERS.some((k) => values[k]) || !!targetId;
  const historyOf = (entry: AuditEntry) => entry.target.id && update({ targetId: entry.target.id });

  const columns: Column<AuditEntry>[] = [
    {
      header: 'When',
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.at}>{when.format(Date.parse(e.at))}</time>,
    },
    {
      header: 'Who',
      cell: (e) =>
        e.actor ? (
          <>
            <span className="font-medium text-slate-900">{e.actor.name}</span>
            <span className="block text-xs text-slate-500">{roleLabel(e.actor.role)}</span>
          </>
        ) : (
          <span className="text-slate-600">The schedule</span>
        ),
    },
    { header: 'Action', cell: (e) => AUDIT_ACTIONS[e.action] },
    {
      header: 'What',
      cell: (e) => (
        <>
          <Badge tone="slate">{TARGET_LABELS[e.target.type] ?? e.target.type}</Badge>{' '}
          {e.target.id && !targetId ? (
            <button
              type="button"
              onClick={() => historyOf(e)}
              className="text-left text-sky-700 underline-offset-2 hover:underline"
              title="Show only this record’s history"
            >
              {e.target.label}
            </button>
          ) : (
            <span>{e.target.label}</span>
          )}
        </>
      ),
    },
    { header: 'Changes', className: 'min-w-64 text-xs text-slate-600', cell: (e) => <Changes entry={e} when={when} /> },
    { header: 'From', hideBelow: 'lg', className: 'font-mono text-xs text-slate-600', cell: (e) => e.ip ?? '—' },
  ];

  const download = () =>
    exportLog.mutate(filters, {
      onSuccess: (name) => toast.success(`The audit log was saved as ${name}.`),
      onError: (error) => toast.error(errorMessage(error, 'The audit log could not be exported. Please try again.')),
    });

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change staff made to articles, headlines, categories, pages, accounts, comments and settings: who, when, from where, and what changed. Entries are never edited or deleted."
        actions={
          <Button variant="secondary" onClick={download} disabled={exportLog.isPending}>
            {exportLog.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <Filters values={values} set={update} />
      {filtered && (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {targetId && (
            <Button variant="secondary" size="xs" onClick={() => update({ targetId: undefined })}>
              Showing one record’s history — show all
            </Button>
          )}
          <Button variant="secondary" size="xs" onClick={() => update({ actor: '', action: '', from: '', to: '', targetId: '' })}>
            Clear filters
          </Button>
        </div>
      )}
      <p aria-live="polite" className="mb-2 text-sm text-slate-600">
        {log.data ? `${totalText} ${total === 1 ? 'entry' : 'entries'}` : ''}
      </p>
      <DataTable
        caption="Audit log"
        rows={log.data?.data}
        columns={columns}
        rowKey={(e) => e.id}
        loading={log.isPending}
        error={log.error ? errorMessage(log.error, 'The audit log could not be loaded.') : null}
        empty={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
      />
      <ListPager
        offset={offset}
        pageSize={AUDIT_PAGE_SIZE}
        total={total}
        totalText={totalText}
        hasNext={hasNext}
        onPrevious={() => goTo(page - 1)}
        onNext={() => goTo(page + 1)}
      />
    </>
  );
}

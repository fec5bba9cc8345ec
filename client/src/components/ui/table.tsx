import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { Skeleton } from './skeleton';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  className?: string;
  /** Hidden below this width to keep a phone's table readable. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  /** What the table sorts by when its header is pressed (with the table's `onSort`). */
  sort?: string;
}

const HIDE = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell' } as const;

export interface DataTableProps<T> {
  caption: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  loading?: boolean;
  error?: string | null;
  empty: string;
  /** The order shown, and what a sortable header's press asks for (the first press ascending, the next descending). */
  sorted?: { by: string; desc: boolean };
  onSort?(by: string): void;
}

/**
 * A list screen's table with its loading, error (red) and empty states. On a phone each row becomes a
 * card listing every column, its actions (the column headed 'Actions') last.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const narrow = useMediaQuery('(max-width: 639px)');
  return narrow ? <CardList {...props} /> : <Table {...props} />;
}

/** The list's error, in red, announced; `className` fits it to the table or the cards. */
function ListError({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`${className} bg-red-50 px-4 py-3 text-sm text-red-700`}>
      {message}
    </p>
  );
}

function CardList<T>({ caption, rows, columns, rowKey, loading, error, empty }: DataTableProps<T>) {
  const actions = columns.find((c) => c.header === 'Actions');
  const fields = columns.filter((c) => c !== actions);
  return (
    <div className="space-y-3">
      <ListError message={error} className="rounded-xl" />
      {loading && !rows && <Skeleton className="h-24 rounded-xl bg-white" />}
      {!loading && !error && rows?.length === 0 && (
        <p className="rounded-xl bg-white px-4 py-10 text-center text-slate-500 shadow-sm">{empty}</p>
      )}
      <ul aria-label={caption} className="space-y-3">
        {rows?.map((row) => (
          <li key={rowKey(row)} className="rounded-xl bg-white p-4 text-sm shadow-sm">
            <dl className="space-y-2">
              {fields.map((c) => (
                <div key={c.header} className="grid grid-cols-[6rem_1fr] gap-2">
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{c.header}</dt>
                  <dd className="min-w-0">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions && (
              <div className="mt-3 border-t border-slate-100 pt-3 [&>div]:flex-wrap [&>div]:justify-start">{actions.cell(row)}</div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A header that sorts: a button in the cell, which says the order by aria-sort (the button's name stays the column's). */
function SortHeader({ label, active, desc, onSort }: { label: string; active: boolean; desc: boolean; onSort(): void }) {
  return (
    <button type="button" onClick={onSort} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
      {label}
      <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
        {active ? (desc ? '↓' : '↑') : '↕'}
      </span>
    </button>
  );
}

function Table<T>({ caption, rows, columns, rowKey, loading, error, empty, sorted, onSort }: DataTableProps<T>) {
  const cellClass = (c: Column<T>) => `px-4 py-3 ${c.hideBelow ? HIDE[c.hideBelow] : ''} ${c.className ?? ''}`;
  const ariaSort = (c: Column<T>) =>
    !c.sort || !onSort ? undefined : sorted?.by !== c.sort ? 'none' : sorted.desc ? 'descending' : 'ascending';
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm">
      <ListError message={error} className="border-b border-red-100" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={cellClass(c)} aria-sort={ariaSort(c)}>
                  {c.sort && onSort ? (
                    <SortHeader label={c.header} active={sorted?.by === c.sort} desc={!!sorted?.desc} onSort={() => onSort(c.sort!)} />
                  ) : (
                    c.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loading && !rows
              ? [0, 1, 2].map((i) => (
                  <tr key={i}>
                    <td colSpan={columns.length} className="px-4 py-3">
                      <Skeleton className="h-5 bg-slate-100" />
                    </td>
                  </tr>
                ))
              : rows?.map((row) => (
                  <tr key={rowKey(row)} className="align-top hover:bg-slate-50/60">
                    {columns.map((c) => (
                      <td key={c.header} className={cellClass(c)}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
            {!loading && !error && rows && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

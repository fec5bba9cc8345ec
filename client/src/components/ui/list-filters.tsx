import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from './button';

/**
 * The pieces a dashboard list's filter bar and pages share (the articles table, the audit log): the fields' look, a
 * range of days, the address's filters, and the Previous / Next of a long list.
 */
export const filterFieldClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
export const filterLabelClass = 'block text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** From and To, each a day (YYYY-MM-DD); each limits the other. */
export function DayRange({ from, to, onChange }: { from: string; to: string; onChange(changes: { from?: string; to?: string }): void }) {
  return (
    <>
      <label className={filterLabelClass}>
        From
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
          className={filterFieldClass}
        />
      </label>
      <label className={filterLabelClass}>
        To
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          className={filterFieldClass}
        />
      </label>
    </>
  );
}

/**
 * The address's query, and a change of it: `changes` applied (an empty value removes its parameter), `drop` removed.
 * Each change starts from the address as it is when it runs, not as the render that made it saw it (react-router's
 * updater gets the latter): a search box's change that waits for a pause in typing and a click on a tab in that
 * pause both land.
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const change = (
    changes: Record<string, string | undefined>,
    { drop = [], replace = true }: { drop?: string[]; replace?: boolean } = {},
  ) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        for (const name of drop) next.delete(name);
        for (const [k, v] of Object.entries(changes))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace },
    );
  return [params, change] as const;
}

/** "26–50 of 120" and Previous / Next under a list. */
export function ListPager({
  offset,
  pageSize,
  total,
  totalText = String(total),
  hasNext = offset + pageSize < total,
  onPrevious,
  onNext,
}: {
  offset: number;
  pageSize: number;
  total: number;
  totalText?: ReactNode;
  hasNext?: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  if (total <= pageSize && offset === 0) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span>
        {offset + 1}–{Math.min(offset + pageSize, total)} of {totalText}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" size="xs" disabled={offset === 0} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="secondary" size="xs" disabled={!hasNext} onClick={onNext}>
          Next
        </Button>
      </span>
    </nav>
  );
}

import { useId, type ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The Reports' charts (docs/decisions/068-reports.md), drawn by Recharts. A chart is a picture of the table that goes
 * with it: the chart is hidden from screen readers, and its data table (always in the page) is what they read.
 */

const ACCENT = '#0369a1';
const GRID = '#e2e8f0';
const TICK = { fill: '#475569', fontSize: 12 };

/** '2026-11-27' → '27 Nov', for an axis. */
export const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));

/** A chart with its title, a picture for the eye, and its data table for everyone (in a disclosure when asked). */
export function ChartFigure({
  title,
  chart,
  table,
  tableOpen = false,
  actions,
}: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  tableOpen?: boolean;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="m-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <figcaption id={id} className="text-base font-semibold text-slate-900">
          {title}
        </figcaption>
        {actions}
      </div>
      <div aria-hidden="true">{chart}</div>
      {tableOpen ? (
        <div className="mt-3">{table}</div>
      ) : (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-sky-800">Show the data as a table</summary>
          <div className="mt-2">{table}</div>
        </details>
      )}
    </figure>
  );
}

/** A day-by-day area chart of one figure. */
export function TrendChart({ data, label, format }: { data: { date: string; value: number }[]; label: string; format(n: number): string }) {
  return (
    <div className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={TICK} minTickGap={24} />
          <YAxis tickFormatter={format} tick={TICK} width={56} allowDecimals={false} />
          <Tooltip formatter={(v) => [format(Number(v)), label]} labelFormatter={(d) => shortDay(String(d))} />
          <Area type="monotone" dataKey="value" stroke={ACCENT} fill="#bae6fd" strokeWidth={2} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Horizontal bars, one per row (the depth funnel, engaged time's bands). */
export function BarsChart({ data, format }: { data: { label: string; value: number }[]; format(n: number): string }) {
  return (
    <div className="w-full" style={{ height: 36 * data.length + 24 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} horizontal={false} />
          <XAxis type="number" tickFormatter={format} tick={TICK} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={TICK} width={104} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Bar dataKey="value" fill={ACCENT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The four marks' shares as a small bar each, for a table's row; read out as text. */
export function DepthBar({ depth }: { depth: number[] }) {
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  return (
    <span className="inline-flex items-center gap-1" title={depth.map((d, i) => `${(i + 1) * 25}%: ${percent(d)}`).join(', ')}>
      <span aria-hidden="true" className="flex h-4 items-end gap-0.5">
        {depth.map((d, i) => (
          <span key={i} className="w-2 rounded-sm bg-sky-700" style={{ height: `${Math.max(8, d * 100)}%`, opacity: 0.45 + i * 0.18 }} />
        ))}
      </span>
      <span className="sr-only">{`Reached 25%: ${percent(depth[0] ?? 0)}, 50%: ${percent(depth[1] ?? 0)}, 75%: ${percent(depth[2] ?? 0)}, the end: ${percent(depth[3] ?? 0)}`}</span>
    </span>
  );
}

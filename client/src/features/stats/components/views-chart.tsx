import { useId } from 'react';
import { formatNumber } from '#client/lib/format';

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function label(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Pages read per day as bars (an SVG, scaled to its container), with the same numbers in a visually hidden
 * table for screen readers: the overview's 30 days, from the Reports' daily sums (docs/decisions/068-reports.md).
 */
export function ViewsChart({ data }: { data: { date: string; views: number }[] }) {
  const titleId = useId();
  const max = Math.max(1, ...data.map((d) => d.views));
  const total = data.reduce((sum, d) => sum + d.views, 0);
  const width = 600;
  const height = 180;
  const gap = 2;
  const barWidth = data.length ? width / data.length - gap : 0;
  const first = data[0];
  const last = data[data.length - 1];
  return (
    <figure>
      <figcaption id={titleId} className="mb-3 text-sm text-slate-600">
        {formatNumber(total)} pages read in the last {data.length} days
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} x1={0} x2={width} y1={height - height * f} y2={height - height * f} stroke="#e2e8f0" strokeWidth={1} />
        ))}
        {data.map((d, i) => {
          const h = (d.views / max) * (height - 8);
          return (
            <rect
              key={d.date}
              x={i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={Math.max(h, d.views ? 2 : 0)}
              rx={2}
              className="fill-red-700"
            >
              <title>{`${label(d.date)}: ${formatNumber(d.views)} pages read`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} stroke="#94a3b8" strokeWidth={1} />
      </svg>
      {first && last && (
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{label(first.date)}</span>
          <span>Peak {formatNumber(max === 1 && total === 0 ? 0 : max)} / day</span>
          <span>{label(last.date)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>Pages read per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Pages read</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}>
              <td>{label(d.date)}</td>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

import { Icon, type IconName } from './icon';

export function StatCard({
  label,
  value,
  icon,
  tone = 'slate',
}: {
  label: string;
  value: string | number | undefined;
  icon: IconName;
  tone?: 'slate' | 'red' | 'emerald' | 'amber' | 'sky';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    red: 'bg-red-100 text-red-700',
    emerald: 'bg-emerald-100 text-emerald-700',
    amber: 'bg-amber-100 text-amber-700',
    sky: 'bg-sky-100 text-sky-700',
  } as const;
  return (
    <div className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm" role="group" aria-label={label}>
      <span className={`rounded-lg p-3 ${tones[tone]}`}>
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900" data-testid="stat-value">
          {value ?? <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-200" aria-label="Loading" />}
        </p>
      </div>
    </div>
  );
}

import { contrast, formatContrast, isHexColor, MIN_CONTRAST } from '#shared/colors';
import { Field } from '#client/components/ui/field';

/** The accent colour's check, as the save will do it: its contrast with white, and a sample of where it shows. */
function AccentPreview({ color, name }: { color: string; name: string }) {
  if (!isHexColor(color)) return null;
  const ratio = contrast(color, '#ffffff');
  const passes = ratio >= MIN_CONTRAST;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
      <span className="rounded px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase" style={{ backgroundColor: color }}>
        Category
      </span>
      <span className="font-serif text-lg font-bold text-slate-900">
        {name.split(' ').slice(0, -1).join(' ')} <span style={{ color }}>{name.split(' ').at(-1)}</span>
      </span>
      <span className={passes ? 'text-emerald-800' : 'text-red-700'}>
        {`Contrast with white: ${formatContrast(ratio)} — ${passes ? 'passes' : `needs at least ${MIN_CONTRAST}:1`}`}
      </span>
    </div>
  );
}

/** The accent colour: a picker and a hex field, what it colours, and a live sample with its contrast (Settings and the first-run setup). */
export function AccentField({
  value,
  name,
  error,
  onChange,
}: {
  value: string;
  name: string;
  error?: string;
  onChange(color: string): void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          <span className="mb-1 block">Pick</span>
          <input
            type="color"
            value={isHexColor(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-10 w-14 cursor-pointer rounded border border-slate-300 bg-white"
            aria-label="Pick the accent colour"
          />
        </label>
        <div className="w-40">
          <Field label="Accent colour" value={value} onChange={(e) => onChange(e.target.value)} error={error} spellCheck={false} />
        </div>
      </div>
      <p className="text-sm text-slate-600">The last word of the name, active links and category labels. White text must read on it.</p>
      <AccentPreview color={value} name={name || 'Site Name'} />
    </div>
  );
}

import { useId, useState } from 'react';
import type { NavItem } from '#shared/schemas/settings';
import { Button } from '#client/components/ui/button';
import { Select } from '#client/components/ui/field';

/** What a menu may link: every category and page, with the name the editor shows. */
export interface MenuChoice {
  item: NavItem;
  label: string;
  /** Why readers will not see it yet ('draft'), if so. */
  note?: string;
}

const keyOf = (item: NavItem) => `${item.kind}:${item.id}`;

/**
 * One menu of the site (header or footer): its default, or links chosen and ordered by hand. Buttons move a link up
 * or down (keyboard and screen readers alike; no dragging needed), remove it, or add one from the list.
 */
export function MenuEditor({
  label,
  defaultLabel,
  value,
  choices,
  max,
  error,
  onChange,
}: {
  label: string;
  /** What the default is ('Every category, by name'). */
  defaultLabel: string;
  value: NavItem[] | null;
  choices: MenuChoice[];
  max: number;
  error?: string;
  onChange(value: NavItem[] | null): void;
}) {
  const id = useId();
  const [adding, setAdding] = useState('');
  const byKey = new Map(choices.map((c) => [keyOf(c.item), c]));
  const items = value ?? [];
  const left = choices.filter((c) => !items.some((i) => keyOf(i) === keyOf(c.item)));
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={value === null} onChange={() => onChange(null)} />
          {defaultLabel}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={value !== null} onChange={() => onChange(items)} />
          Choose the links
        </label>
      </div>
      {value !== null && (
        <div className="space-y-3 rounded-md border border-slate-200 p-3">
          {items.length === 0 ? (
            <p className="text-sm text-slate-600">No links: the menu is empty.</p>
          ) : (
            <ol className="space-y-2">
              {items.map((item, index) => {
                const choice = byKey.get(keyOf(item));
                const name = choice?.label ?? 'A deleted link';
                return (
                  <li key={keyOf(item)} className="flex flex-wrap items-center gap-2 rounded bg-slate-50 px-3 py-2 text-sm">
                    <span className="min-w-0 flex-1 truncate">
                      <span className="font-medium text-slate-900">{name}</span>{' '}
                      <span className="text-slate-600">
                        ({item.kind === 'category' ? 'category' : 'page'}
                        {choice?.note ? `, ${choice.note}` : ''})
                      </span>
                    </span>
                    <Button
                      size="xs"
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={`Move ${name} up`}
                    >
                      Up
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={`Move ${name} down`}
                    >
                      Down
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => onChange(items.filter((_, i) => i !== index))}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-48 flex-1">
              <Select
                label={`Add a link to the ${label.toLowerCase()}`}
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
                disabled={items.length >= max}
              >
                <option value="">Choose a category or page…</option>
                {left.map((c) => (
                  <option key={keyOf(c.item)} value={keyOf(c.item)}>
                    {`${c.item.kind === 'category' ? 'Category' : 'Page'}: ${c.label}${c.note ? ` (${c.note})` : ''}`}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="secondary"
              disabled={!adding || items.length >= max}
              onClick={() => {
                const choice = byKey.get(adding);
                if (choice) onChange([...items, choice.item]);
                setAdding('');
              }}
            >
              Add link
            </Button>
          </div>
          <p className="text-xs text-slate-600">{`${items.length}/${max} links.`}</p>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

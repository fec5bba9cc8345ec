import { useId, useRef, useState } from 'react';
import { LIMITS } from '#shared/constants';
import { Button } from '#client/components/ui/button';
import { controlClass } from '#client/components/ui/field';
import { useStaff } from '../api/get-staff';

export interface CoAuthorsFieldProps {
  value: string[];
  onChange(ids: string[]): void;
  /** Who the byline names first (the article's author, or whoever writes a new one): never their own co-author. */
  authorId: string;
  /** Co-authors named already, for their names (one may have left the staff list since). */
  named: readonly { id: string; name: string }[];
  error?: string;
  disabled?: boolean;
}

/**
 * The co-authors of an article (docs/decisions/064-co-authors.md): each named one with a button to remove them, and a
 * list of the staff to add one from. A native select and an Add button: nothing is added while the keyboard walks
 * the list.
 */
export function CoAuthorsField({ value, onChange, authorId, named, error, disabled }: CoAuthorsFieldProps) {
  const staff = useStaff();
  const [choice, setChoice] = useState('');
  // What the last Add or Remove did, said to a screen reader.
  const [said, setSaid] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const names = new Map([...named, ...(staff.data ?? [])].map((person) => [person.id, person.name]));
  const choices = (staff.data ?? []).filter((person) => person.id !== authorId && !value.includes(person.id));
  const full = value.length >= LIMITS.coAuthorsMax;

  const add = () => {
    if (!choice) return;
    onChange([...value, choice]);
    setChoice('');
    setSaid(`${names.get(choice) ?? 'A member of staff'} added as a co-author.`);
    // The select stays for the next one; with the last place taken it goes, and the new name's Remove takes the focus.
    if (value.length + 1 >= LIMITS.coAuthorsMax)
      requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>('li:last-child button')?.focus());
    else select.current?.focus();
  };
  const remove = (gone: string) => {
    onChange(value.filter((person) => person !== gone));
    setSaid(`${names.get(gone) ?? 'A former member of staff'} removed from the co-authors.`);
    // The select takes the focus of the button that went with them.
    requestAnimationFrame(() => select.current?.focus());
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-slate-800">Co-authors</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Named in the byline after its author; they may edit the article as their own.
      </p>
      {value.length > 0 && (
        <ul ref={list} aria-label="Co-authors" className="flex flex-wrap gap-2">
          {value.map((person) => {
            const name = names.get(person) ?? 'A former member of staff';
            return (
              <li key={person} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800">
                {name}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => remove(person)}
                  aria-label={`Remove ${name} from the co-authors`}
                  className="grid h-6 w-6 place-items-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus:ring-2 focus:ring-slate-400 focus:outline-none"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {full ? (
        <p className="text-xs text-slate-600">An article has at most {LIMITS.coAuthorsMax} co-authors.</p>
      ) : (
        <div className="flex gap-2">
          <select
            ref={select}
            aria-label="Member of staff to add as a co-author"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            disabled={disabled || !staff.data}
            className={controlClass}
          >
            <option value="">
              {staff.isPending ? 'Loading the staff…' : staff.isError ? 'The staff list could not be loaded' : 'Choose a member of staff'}
            </option>
            {choices.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={add} disabled={disabled || !choice}>
            Add
          </Button>
        </div>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

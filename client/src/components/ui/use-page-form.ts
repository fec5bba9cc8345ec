import { useState, type FormEvent } from 'react';
import type { z, ZodType } from 'zod';
import { ApiError } from '../../lib/api-client';
import { problemFrom } from '../../lib/errors';

/** What went wrong with a save: the message and details to show, and whether someone else's change refused it. */
export interface PageFormProblem {
  message: string;
  details: string[];
  stale: boolean;
}

export interface PageFormOptions<R extends { version: number }, V, S extends ZodType> {
  /** The record as loaded: the form is filled from it, and a save names its version. */
  record: R;
  /** The form's values for a stored record. */
  valuesOf(record: R): V;
  /** The shared request schema the values are checked with on submit (docs/spec/SPEC.md §5). */
  schema: S;
  /** Saves what the schema outputs on top of `version`; answers the record as stored. */
  save(input: z.output<S>, version: number): Promise<R>;
  /** The message of a failure that says nothing better. */
  failure: string;
  /** The record as stored now, to refill the form after someone else's change. */
  latest(): Promise<R>;
}

/**
 * A versioned record's form on a page of its own (the Profile and Settings pages; dialogs use useRecordForm): the values,
 * the schema's messages by field (`a` or `a.b` for a nested one), a save naming the version the form was filled from,
 * so it never overwrites someone else's change (docs/decisions/020), and, when it was refused for that, a reload that
 * refills the form with the stored values.
 */
export function usePageForm<R extends { version: number }, V, S extends ZodType>({
  record,
  valuesOf,
  schema,
  save,
  failure,
  latest,
}: PageFormOptions<R, V, S>) {
  const [values, setValues] = useState<V>(() => valuesOf(record));
  const [version, setVersion] = useState(record.version);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<PageFormProblem | null>(null);
  const [saved, setSaved] = useState(false);

  const fill = (stored: R) => {
    setValues(valuesOf(stored));
    setVersion(stored.version);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setProblem(null);
    const checked = schema.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.slice(0, 2).join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      fill(await save(checked.data, version));
      setSaved(true);
    } catch (err) {
      const stale = err instanceof ApiError && (err.status === 412 || err.status === 409);
      setProblem({ ...problemFrom(err, failure), stale });
    }
  };

  const reload = async () => {
    fill(await latest());
    setProblem(null);
  };

  /** Changes one value; a "saved" notice, and the value's own error, no longer apply. */
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };

  return { values, set, setValues, errors, setErrors, problem, setProblem, saved, submit, reload };
}

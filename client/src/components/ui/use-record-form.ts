import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import type { z, ZodType } from 'zod';
import { FORM_OPTIONS } from '../../lib/form-options';
import { useFormSubmit } from './use-form-submit';

/** A record a dashboard form edits: its id, and the version the save names (docs/decisions/020). */
interface Versioned {
  id: string;
  version: number;
}

export interface RecordFormOptions<R extends Versioned, V extends FieldValues, S extends ZodType<unknown, V>> {
  /** The record being edited, or null to add one. */
  record: R | null;
  /** The shared request schema the form checks with (docs/spec/SPEC.md §5: on submit); the save gets what it outputs. */
  schema: S;
  /** The form's values for a record, or for a new one. */
  values(record: R | null): V;
  /** What the record is called in the "changed meanwhile" message. */
  what: string;
  create(values: z.output<S>): Promise<unknown>;
  update(record: R, values: z.output<S>, version: number): Promise<unknown>;
  pending: boolean;
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  /** The record as stored now, to refill the form after someone else's change. */
  latest(id: string): Promise<R>;
  /** After a reload: refresh the lists that show the record. */
  reloaded?(): void;
  onClose(): void;
}

/**
 * A versioned record's form in a dialog (the category, breaking-news and user forms): react-hook-form on the
 * shared schema, the save naming the version the form was filled from so it never overwrites someone else's
 * change, and, when it did change meanwhile, a reload that refills the form with the stored values. Returns
 * the form, the props of its fields (`field(name)`) and those of its FormDialog.
 */
export function useRecordForm<R extends Versioned, V extends FieldValues, S extends ZodType<unknown, V>>(options: RecordFormOptions<R, V, S>) {
  const { record, schema, values, what, create, update, pending, messages, latest, reloaded, onClose } = options;
  const form = useForm<V, unknown, z.output<S>>({
    ...FORM_OPTIONS,
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>,
    defaultValues: values(record) as DefaultValues<V>,
  });
  const [version, setVersion] = useState(record?.version ?? 0);
  const { formError, stale, clearError, succeeded, save } = useFormSubmit(onClose, what);

  const onSubmit: (event?: FormEvent) => Promise<void> = form.handleSubmit(async (value) => {
    await save(
      () => (record ? update(record, value, version) : create(value)),
      record ? messages.updated : messages.created,
      record ? messages.updateFailed : messages.createFailed,
    );
  });

  const reload = async () => {
    if (!record) return;
    const stored = await latest(record.id);
    for (const [name, value] of Object.entries(values(stored))) form.setValue(name as Path<V>, value as PathValue<V, Path<V>>);
    setVersion(stored.version);
    clearError();
    reloaded?.();
  };

  /** The props that bind a Field, TextArea or Select to `name`: its registration and its error. */
  const field = (name: Path<V>) => ({ ...form.register(name), error: (get(form.formState.errors, name) as FieldError | undefined)?.message });

  return {
    form,
    field,
    dialog: { onClose, onSubmit, busy: { pending, succeeded }, formError, onReload: stale ? reload : undefined },
  };
}

import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface LabelledProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The look of every text control; red when its field holds an error. */
export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-slate-900 focus:ring-2 focus:ring-slate-300 focus:outline-none aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

/**
 * A labelled control with its hint and its error beneath, wired up for assistive technology: the control
 * is described by both and marked invalid while there is an error. `children` draws the control.
 */
export function FieldShell({
  label,
  error,
  hint,
  className,
  children,
}: LabelledProps & {
  className?: string;
  children(ids: { id: string; describedBy: string | undefined; invalid: true | undefined }): ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled input. Takes every input prop, `ref` included, so `{...register('email')}` of react-hook-form
 * fits; `className` goes to the wrapper.
 */
export function Field({ label, error, hint, className, ...input }: LabelledProps & ComponentProps<'input'>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input id={id} aria-invalid={invalid} aria-describedby={describedBy} className={controlClass} {...input} />
      )}
    </FieldShell>
  );
}

export function TextArea({ label, error, hint, className, ...textarea }: LabelledProps & ComponentProps<'textarea'>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} aria-invalid={invalid} aria-describedby={describedBy} className={controlClass} {...textarea} />
      )}
    </FieldShell>
  );
}

export function Select({ label, error, hint, className, children, ...select }: LabelledProps & ComponentProps<'select'>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-invalid={invalid} aria-describedby={describedBy} className={controlClass} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A form's error above its fields, in red, announced. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

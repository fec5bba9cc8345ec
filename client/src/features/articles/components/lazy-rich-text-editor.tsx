import { lazy, Suspense, useId } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

/** TipTap is large: it loads in its own chunk when a form with article text first opens. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function RichTextField({
  label,
  error,
  ...props
}: Omit<RichTextEditorProps, 'labelId' | 'describedBy' | 'invalid'> & { label: string; error?: string }) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <Suspense
        fallback={<div className="h-64 animate-pulse rounded-md border border-slate-200 bg-slate-50" aria-label="Loading editor" />}
      >
        <RichTextEditor {...props} labelId={labelId} describedBy={error ? errorId : undefined} invalid={!!error} />
      </Suspense>
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

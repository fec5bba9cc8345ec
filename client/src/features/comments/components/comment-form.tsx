import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '#shared/constants';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { useHydrated } from '#client/lib/use-hydrated';
import { validateComment } from '../lib/comment-tree';

interface CommentFormProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  busyLabel: string;
  initial?: string;
  /** Guests see 'Login to Comment'; submitting sends them to /auth (docs/spec/SPEC.md §2). */
  onGuestSubmit?: () => void;
  /** Resolves when saved; throws a message to show in the red box. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
  autoFocus?: boolean;
  rows?: number;
}

/**
 * A comment, reply or edit box: 'Comment cannot be empty', submit disabled while the box is empty once trimmed (spaces
 * only, or characters that show nothing), for a new comment and an edit alike (docs/spec/SPEC.md §5).
 */
export function CommentForm({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  initial = '',
  onGuestSubmit,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancel',
  autoFocus,
  rows = 3,
}: CommentFormProps) {
  const id = useId();
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guest = !!onGuestSubmit;
  // A box rendered by the server takes typing before React has hydrated it, and React would then drop
  // what was typed: it stays disabled until then (a moment, with the comments' chunk).
  const hydrated = useHydrated();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (onGuestSubmit) {
      onGuestSubmit();
      return;
    }
    const invalid = validateComment(content);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(content.trim());
      setContent('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      {error && <ErrorBox>{error}</ErrorBox>}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          if (error) setError(null);
        }}
        rows={rows}
        maxLength={LIMITS.commentMax}
        placeholder={placeholder}
        autoFocus={autoFocus}
        disabled={!hydrated}
        className="block w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-slate-900"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!hydrated || busy || (!guest && validateComment(content) !== null)}>
          {guest ? 'Login to Comment' : busy ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
        )}
      </div>
    </form>
  );
}

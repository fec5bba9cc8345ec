import { useEffect, useId, useRef, useState } from 'react';
import { COMMENT_REPORT_LABELS, COMMENT_REPORT_REASONS, type CommentReportReason } from '#shared/schemas/comments';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/errors';

/** Why a reader reports a comment (docs/decisions/066-comment-moderation.md): one reason of a short list, then Send. */
export function ReportForm({ onSubmit, onCancel }: { onSubmit(reason: CommentReportReason): Promise<void>; onCancel(): void }) {
  const [reason, setReason] = useState<CommentReportReason | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const name = useId();
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!reason) return setError('Choose why you are reporting this comment.');
        setBusy(true);
        setError(null);
        try {
          await onSubmit(reason);
        } catch (err) {
          setError(errorMessage(err, 'The report could not be sent. Please try again.'));
          setBusy(false);
        }
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Why are you reporting this comment?</legend>
        <div className="mt-2 space-y-1">
          {COMMENT_REPORT_REASONS.map((r, i) => (
            <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                ref={i === 0 ? first : undefined}
                type="radio"
                name={name}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {COMMENT_REPORT_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      {error && <ErrorBox className="mt-3">{error}</ErrorBox>}
      <div className="mt-3 flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Sending...' : 'Send Report'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

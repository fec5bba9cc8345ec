import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';
import { FormError } from './field';
import { ReloadLatest } from './reload-latest';

/**
 * A dialog holding one form that edits one record: its error, the reload offered when someone else changed
 * the record meanwhile (docs/decisions/020), the fields, and Cancel and save. The save's label says where the
 * save is: "Saving…", then "Saved!" before the dialog closes.
 */
export function FormDialog({
  title,
  size,
  onClose,
  onSubmit,
  busy,
  formError,
  onReload,
  submitLabel,
  canSubmit = true,
  children,
}: {
  title: string;
  size?: DialogProps['size'];
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Saving or saved: nothing may be changed or closed meanwhile. */
  busy: { pending: boolean; succeeded: boolean };
  formError: string | null;
  /** Offered when the save was refused as stale. */
  onReload?: () => Promise<void>;
  /** The save button's label while idle ("Add Category", "Save Changes"). */
  submitLabel: string;
  canSubmit?: boolean;
  children: ReactNode;
}) {
  const locked = busy.pending || busy.succeeded;
  return (
    <Dialog open title={title} onClose={onClose} busy={locked} size={size}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={formError} />
        {onReload && <ReloadLatest onReload={onReload} />}
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={locked}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={locked || !canSubmit}>
            {busy.succeeded ? 'Saved!' : busy.pending ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';
import { FormError } from './field';
import { ReloadLatest } from './reload-latest';

export interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel(): void;
  /** Saving or saved: nothing may be changed or closed meanwhile. */
  busy: { pending: boolean; succeeded: boolean };
  formError: string | null;
  /** Offered when the save was refused as stale. */
  onReload?: () => Promise<void>;
  /** The save button's label while idle ("Add Category", "Save Changes"). */
  submitLabel: string;
  /** Its label while pending ("Saving…" unless the save says what it does, "Uploading media…"). */
  pendingLabel?: string;
  canSubmit?: boolean;
  /** The save is over but its form stays to say what went wrong: Close instead of Cancel and save. */
  finished?: boolean;
  children: ReactNode;
}

/**
 * The form of a dialog that edits one record: its error, the reload offered when someone else changed the record
 * meanwhile (docs/decisions/020), the fields, and Cancel and save. The save's label says where the save is:
 * "Saving…", then "Saved!" before the dialog closes.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  busy,
  formError,
  onReload,
  submitLabel,
  pendingLabel = 'Saving…',
  canSubmit = true,
  finished = false,
  children,
}: DialogFormProps) {
  const locked = busy.pending || busy.succeeded;
  // The save button had the focus and is gone: Close takes it, not the page behind the dialog.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (finished) close.current?.focus();
  }, [finished]);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={formError} />
      {onReload && <ReloadLatest onReload={onReload} />}
      {children}
      <div className="flex justify-end gap-2">
        {finished ? (
          <Button variant="primary" onClick={onCancel} ref={close}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={locked}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={locked || !canSubmit}>
              {busy.succeeded ? 'Saved!' : busy.pending ? pendingLabel : submitLabel}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

/** A dialog holding one DialogForm; closing the dialog and its Cancel are the same. */
export function FormDialog({
  title,
  size,
  onClose,
  ...form
}: { title: string; size?: DialogProps['size']; onClose(): void } & Omit<DialogFormProps, 'onCancel'>) {
  return (
    <Dialog open title={title} onClose={onClose} busy={form.busy.pending || form.busy.succeeded} size={size}>
      <DialogForm onCancel={onClose} {...form} />
    </Dialog>
  );
}

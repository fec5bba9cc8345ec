import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../../lib/error-text';
import { Button } from './button';
import { Dialog } from './dialog';
import { useToast } from './toast';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  tone?: 'danger' | 'primary';
  /** Runs while the dialog shows a busy state; the dialog closes when it settles. */
  onConfirm?: () => Promise<unknown>;
}

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending extends ConfirmOptions {
  resolve(value: boolean): void;
}

/** One confirmation dialog for the screens under it, asked for with `await confirm({...})` (useConfirm). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = { ...options, resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = useCallback((value: boolean) => {
    current.current?.resolve(value);
    current.current = null;
    setPending(null);
    setBusy(false);
  }, []);

  const accept = async () => {
    if (!pending) return;
    if (!pending.onConfirm) return settle(true);
    setBusy(true);
    try {
      await pending.onConfirm();
      settle(true);
    } catch {
      // The caller reports the failure (toast); the dialog just closes.
      settle(false);
    }
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={!!pending}
        title={pending?.title ?? ''}
        onClose={() => settle(false)}
        busy={busy}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => settle(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant={pending?.tone === 'danger' ? 'danger' : 'primary'} onClick={accept} disabled={busy} data-autofocus>
              {busy ? 'Working…' : (pending?.confirmLabel ?? 'Confirm')}
            </Button>
          </>
        }
      >
        <div className="text-sm text-slate-700">{pending?.message}</div>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}

export interface ConfirmActionOptions extends Omit<ConfirmOptions, 'onConfirm'> {
  /** The request, run once confirmed while the dialog shows its busy state. */
  action(): Promise<unknown>;
  /** Toasted when it worked. */
  success: string;
  /** Toasted when it failed, unless the server said why (docs/spec/SPEC.md §8). */
  failure: string;
}

/** Asks before a dashboard action, runs it once confirmed, and toasts how it went. */
export function useConfirmAction(): (options: ConfirmActionOptions) => Promise<boolean> {
  const confirm = useConfirm();
  const toast = useToast();
  return ({ action, success, failure, ...options }) =>
    confirm({
      ...options,
      onConfirm: () =>
        action().then(
          () => toast.success(success),
          (error: unknown) => toast.error(errorText(error, failure)),
        ),
    });
}

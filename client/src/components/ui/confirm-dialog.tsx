import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

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

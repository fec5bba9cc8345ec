import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** One notification at a time (SPEC.md §9): a new toast replaces the one on screen. */
export interface Toast {
  title: string;
  description?: string;
  variant?: 'success' | 'error' | 'info';
}

interface ToastContextValue {
  toast(t: Toast): void;
  success(description: string): void;
  error(description: string): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);
const DURATION_MS = 4_000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const toast = useCallback((t: Toast) => setCurrent({ ...t, key: Date.now() }), []);
  const value = useMemo<ToastContextValue>(
    () => ({
      toast,
      success: (description) => toast({ title: 'Success', description, variant: 'success' }),
      error: (description) => toast({ title: 'Error', description, variant: 'error' }),
    }),
    [toast],
  );
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  const tone =
    current?.variant === 'error'
      ? 'border-red-300 bg-red-50 text-red-900'
      : current?.variant === 'success'
        ? 'border-green-300 bg-green-50 text-green-900'
        : 'border-slate-300 bg-white text-slate-900';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex justify-center px-4">
        {current && (
          <div key={current.key} className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${tone}`}>
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold">{current.title}</p>
                {current.description && <p className="mt-1 text-sm">{current.description}</p>}
              </div>
              <button
                type="button"
                onClick={() => setCurrent(null)}
                className="rounded px-1 text-lg leading-none"
                aria-label="Dismiss notification"
              >
                ×
              </button>
            </div>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error' | 'info';
}

const DURATION_MS = 4_000;

/**
 * One toast at a time (docs/spec/SPEC.md §9): a new toast takes the place of the one on screen, under its sonner id,
 * which sonner updates in place. Except once that one is leaving (its time up, or dismissed): sonner takes it away
 * 200 ms later, and a toast put in its place then went with it, unseen (CI lost "Email Verified! ✅" so, four seconds
 * after "Verification Email Sent! 📧"). A toast shown while the last one leaves gets an id of its own, and the one
 * leaving is no longer a status nor read out while it goes.
 */
let current = 1;
const leaving = new Set<number>();
const leavingListeners = new Set<() => void>();
const subscribeLeaving = (listener: () => void) => {
  leavingListeners.add(listener);
  return () => leavingListeners.delete(listener);
};
function leave(id: number) {
  leaving.add(id);
  leavingListeners.forEach((listener) => listener());
}

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-slate-300 bg-white text-slate-900',
} as const;

export function present(message: ToastMessage) {
  if (leaving.has(current)) {
    // Only the one leaving now is still on screen; those before it are gone.
    for (const id of leaving) if (id < current) leaving.delete(id);
    current += 1;
  }
  const id = current;
  sonner.custom(() => <Toast id={id} {...message} />, {
    id,
    duration: DURATION_MS,
    onAutoClose: () => leave(id),
    onDismiss: () => leave(id),
  });
}

function Toast({ id, title, description, variant = 'info' }: ToastMessage & { id: number }) {
  const gone = useSyncExternalStore(
    subscribeLeaving,
    () => leaving.has(id),
    () => false,
  );
  return (
    <div
      role={gone ? undefined : 'status'}
      aria-hidden={gone || undefined}
      className={`w-[var(--width)] max-w-[calc(100vw-2rem)] rounded-lg border p-4 shadow-lg ${TONES[variant]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold">{title}</p>
          {description && <p className="mt-1 text-sm">{description}</p>}
        </div>
        <button
          type="button"
          onClick={() => sonner.dismiss(id)}
          className="rounded px-1 text-lg leading-none"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      </div>
    </div>
  );
}

/** sonner's live region; `onMounted` once it listens (the kit's toast.tsx waits for it). */
export default function ToasterView({ onMounted, onUnmounted }: { onMounted(): void; onUnmounted(): void }) {
  useEffect(() => {
    onMounted();
    return () => {
      // sonner keeps its toasts beyond its live region: a region shown again starts with none, and a new id.
      sonner.dismiss();
      leave(current);
      onUnmounted();
    };
  }, [onMounted, onUnmounted]);
  return <Sonner position="bottom-center" visibleToasts={1} containerAriaLabel="Notifications" />;
}

import { useEffect } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error' | 'info';
}

const DURATION_MS = 4_000;
/** Every toast has this id, so a new one takes the place of the one on screen. */
const ID = 'app';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-slate-300 bg-white text-slate-900',
} as const;

export function present({ title, description, variant = 'info' }: ToastMessage) {
  sonner.custom(
    (id) => (
      <div role="status" className={`w-[var(--width)] max-w-[calc(100vw-2rem)] rounded-lg border p-4 shadow-lg ${TONES[variant]}`}>
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
    ),
    { id: ID, duration: DURATION_MS },
  );
}

/** sonner's live region; `onMounted` once it listens (the kit's toast.tsx waits for it). */
export default function ToasterView({ onMounted, onUnmounted }: { onMounted(): void; onUnmounted(): void }) {
  useEffect(() => {
    onMounted();
    return onUnmounted;
  }, [onMounted, onUnmounted]);
  return <Sonner position="bottom-center" visibleToasts={1} containerAriaLabel="Notifications" />;
}

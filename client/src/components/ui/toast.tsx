import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The app's notifications, shown by sonner (docs: sonner.emilkowal.ski). One at a time (docs/spec/SPEC.md §9): a new
 * toast replaces the one on screen. sonner is loaded the first time something is announced, so a reader
 * who never sees a toast never downloads it.
 */
import type { ToastMessage } from './toaster-view';

export type { ToastMessage };

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Settles once the live region is on the page, so that what is put into it is announced. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
let ready = deferred();
const onMounted = () => ready.resolve();
const onUnmounted = () => {
  ready = deferred();
};

const view = () => import('./toaster-view');

function show(message: ToastMessage) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void Promise.all([view(), ready.promise]).then(([{ present }]) => present(message));
}

export const toast = {
  show,
  success: (description: string) => show({ title: 'Success', description, variant: 'success' }),
  error: (description: string) => show({ title: 'Error', description, variant: 'error' }),
};

export type Toasts = typeof toast;

export function useToast(): Toasts {
  return toast;
}

const ToasterView = lazy(view);

/** Where toasts appear; rendered once by the app. Nothing on the server nor before the first toast. */
export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView onMounted={onMounted} onUnmounted={onUnmounted} />
    </Suspense>
  );
}

/** The app's children with the toaster after them (the dashboard's screens and their tests). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

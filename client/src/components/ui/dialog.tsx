import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Open dialogs; the page stops scrolling while there is one. */
let openCount = 0;
let bodyOverflow = '';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** While true (a request is running) Escape and an outside click do nothing (docs/spec/SPEC.md §2). */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser puts it in the top layer,
 * makes the rest of the page inert (focus cannot leave it) and gives it the dialog role. It is named by its
 * title. Escape closes the innermost dialog only, and a click outside the panel closes it, unless busy.
 * The first control marked `data-autofocus`, else the first focusable one, takes the focus; closing gives
 * it back to where it was.
 */
export function Dialog({ open, title, onClose, busy = false, size = 'md', description, children, footer }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  // Before paint, so that the dialog never shows outside the top layer.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    (element.querySelector<HTMLElement>('[data-autofocus]') ?? element.querySelector<HTMLElement>(FOCUSABLE) ?? element).focus();
    if (openCount++ === 0) {
      bodyOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    return () => {
      element.close();
      if (--openCount === 0) document.body.style.overflow = bodyOverflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });
  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Ours to handle: the browser would close the dialog without asking, busy or not. A dialog opened
    // from inside another one is its React child: stopping here leaves the outer one open.
    event.preventDefault();
    event.stopPropagation();
    requestClose();
  };

  if (!open) return null;
  return createPortal(
    <dialog
      ref={dialog}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={busy || undefined}
      data-testid="modal-backdrop"
      onKeyDown={onKeyDown}
      // Any other close request (a phone's back gesture): the same rule as Escape.
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none items-start justify-center overflow-y-auto bg-transparent p-4 outline-none backdrop:bg-slate-900/50 open:flex sm:items-center"
    >
      <div className={`my-8 flex max-h-[calc(100vh-4rem)] w-full ${WIDTHS[size]} flex-col rounded-xl bg-white shadow-2xl`}>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Close"
            className="rounded p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
          >
            ×
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}

import { useEffect, useId, useRef, useState } from 'react';

/**
 * A menu that its button opens and closes: it closes on a pointer press outside `panel` and the button too, and on
 * Escape, which gives the focus back to the button. `id` names the menu for the button's aria-controls.
 */
export function useMenu<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panel = useRef<T>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, panel, button, id };
}

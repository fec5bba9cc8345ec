import { paths } from '../config/paths';

/** Where a typed `/` is text, not the shortcut. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * The search shortcut (docs/decisions/065-search.md): `/`, pressed anywhere but in a field, puts the focus in the page's
 * search box (/search's own first, else the header's), or opens /search where none is shown (a phone's header).
 */
export function onSearchShortcut(event: KeyboardEvent): void {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (event.target instanceof Element && event.target.closest(EDITABLE)) return;
  event.preventDefault();
  const shown = [...document.querySelectorAll<HTMLInputElement>('input[data-search-input]')].filter(
    (input) => input.getClientRects().length > 0,
  );
  const box = shown.find((input) => !input.closest('[data-header]')) ?? shown[0];
  if (!box) return window.location.assign(paths.search);
  box.focus();
  box.select();
}

import { paths } from '../config/paths';

/** Where a typed `/` is text, not the shortcut. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * The search shortcut (docs/decisions/065-search.md): `/`, pressed anywhere but in a field, puts the focus in the page's
 * search box (/search's own first, else the header's), or opens /search where none is shown (a phone's header).
 */
export function onSearchShortcut(event: KeyboardEvent): void {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || !shortcutOn()) return;
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

/** Where a reader's choice is kept: the shortcut is on unless they turned it off (WCAG 2.1.4: a one-key shortcut can be). */
const STORAGE_KEY = 'chronicle:search-shortcut';

export function shortcutOn(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setShortcutOn(on: boolean): void {
  try {
    if (on) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // Storage refused (private mode): the choice lasts the page.
  }
}

/** The /search page's switch for the shortcut (`data-search-shortcut-toggle`), on a page that is not hydrated. */
export function startShortcutToggle(): void {
  document.querySelectorAll<HTMLInputElement>('input[data-search-shortcut-toggle]').forEach((box) => {
    box.checked = shortcutOn();
    box.addEventListener('change', () => setShortcutOn(box.checked));
  });
}

import { HEADER_FADE_OUT_MS, nextHeaderMode, type HeaderMode } from '#client/components/layout/header-state';
import { endSession } from '#client/lib/end-session';
import { storedSession } from '#client/lib/stored-session';
import { isStaff } from '#client/lib/staff-roles';
import { paths } from '#client/config/paths';
import { onSearchShortcut, startShortcutToggle } from '#client/lib/search-shortcut';

/**
 * The header's island (components/layout/site-header.tsx renders its markup): the scroll mode, the menus, and the
 * account entry of the signed-in reader, on a page that is not hydrated.
 */
export function startHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-header]');
  if (!header) return;
  followScroll(header);
  header.querySelectorAll<HTMLButtonElement>('[data-menu-button]').forEach(menu);
  showAccount(header);
  document.addEventListener('keydown', onSearchShortcut);
  startShortcutToggle();
}

/** Past 150 px of scroll the header slides in under the ticker; back above 100 px it fades out (header-state.ts). */
function followScroll(header: HTMLElement): void {
  let mode: HeaderMode = 'static';
  let frame = 0;
  let fade: ReturnType<typeof setTimeout> | undefined;
  const set = (next: HeaderMode) => {
    if (next === mode) return;
    mode = next;
    header.dataset.mode = next;
    clearTimeout(fade);
    if (next === 'leaving') fade = setTimeout(() => set('static'), HEADER_FADE_OUT_MS);
  };
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      set(nextHeaderMode(mode, window.scrollY));
    });
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });
}

/**
 * A button that opens and closes the panel its aria-controls names: it closes on a press outside both, on a link
 * followed in it, and on Escape, which gives the focus back to the button (as components/layout/use-menu.ts).
 */
function menu(button: HTMLButtonElement): void {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) return;
  const [openLabel, closeLabel] = button.dataset.labels?.split('|') ?? [];
  const set = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (openLabel && closeLabel) button.setAttribute('aria-label', open ? closeLabel : openLabel);
    if (open) {
      document.addEventListener('pointerdown', onPointer);
      document.addEventListener('keydown', onKey);
    } else {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    }
  };
  const onPointer = (e: PointerEvent) => {
    const target = e.target as Node;
    if (!panel.contains(target) && !button.contains(target)) set(false);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    set(false);
    button.focus();
  };
  button.addEventListener('click', () => set(panel.hidden));
  panel.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) set(false);
  });
}

/** The server renders every account entry, the guest's shown: this shows the signed-in reader's, and signs them out. */
function showAccount(header: HTMLElement): void {
  const user = storedSession()?.user;
  if (!user) return;
  const account = isStaff(user.role) ? 'staff' : 'reader';
  header.querySelectorAll<HTMLElement>('[data-account]').forEach((entry) => {
    entry.hidden = !entry.dataset.account!.split(' ').includes(account);
  });
  header.querySelectorAll<HTMLElement>('[data-account-name]').forEach((name) => (name.textContent = user.name));
  header.querySelectorAll<HTMLButtonElement>('[data-logout]').forEach((button) =>
    button.addEventListener('click', async () => {
      await endSession();
      window.location.assign(paths.home);
    }),
  );
}

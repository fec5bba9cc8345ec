import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Link, NavLink } from '#client/components/ui/link';
import { LIMITS } from '#shared/constants';
import type { NavLink as MenuLink, Site } from '#shared/types';
import { SiteBrand } from './site-brand';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { onSearchShortcut } from '../../lib/search-shortcut';
import { isStaffRole, useSession } from '../../lib/session';
import { buttonClasses } from '../ui/button';
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from '../ui/icons';
import { useMenu } from './use-menu';
import { useHeaderMode } from './use-header-mode';

export const HEADER_HEIGHT = '4rem';

function UserMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  const { open, setOpen, panel, button, id: menuId } = useMenu<HTMLDivElement>();
  // The menu is in the HTML, hidden, so that the page's islands can open it before React has loaded (islands/header.ts).
  return (
    <div ref={panel} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        data-menu-button=""
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses('secondary', 'md')}
      >
        <span className="max-w-40 truncate" data-account-name="">
          {name}
        </span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-48 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        <li>
          <Link to={paths.dashboard} className="block px-4 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
            Dashboard
          </Link>
        </li>
        <li>
          <button type="button" data-logout="" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100" onClick={onLogout}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The height the header gives a logo. */
const LOGO_HEIGHT = 40;

/**
 * The site's logo in place of its name (the name is its text alternative): 40 px high, as wide as its proportions say
 * (sized in the HTML once known, so nothing moves when it arrives).
 */
function SiteLogo({ logo, name }: { logo: NonNullable<Site['logo']>; name: string }) {
  const width = logo.width && logo.height ? Math.round((logo.width * LOGO_HEIGHT) / logo.height) : undefined;
  return <img src={logo.url} alt={name} height={LOGO_HEIGHT} width={width} className="block h-10 w-auto max-w-full object-contain" />;
}

/**
 * For staff only, while the first-run setup is pending (docs/decisions/056-site-settings.md): readers see a fresh
 * install's name and sample contact, and nothing else says so. In every page's HTML, hidden; the header's island (or
 * React) shows it to a signed-in member of staff. It leads to the dashboard's overview, which offers admins the short
 * setup (and any member of staff may open).
 */
function SetUpReminder({ hidden, onClick }: { hidden: boolean; onClick?: () => void }) {
  return (
    <Link
      to={paths.dashboard}
      data-account="staff"
      hidden={hidden}
      onClick={onClick}
      title="Readers see a fresh install's name and sample contact until the settings are saved"
      className="rounded-full bg-amber-100 px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-amber-900 hover:bg-amber-200"
    >
      This site is not set up yet
    </Link>
  );
}

/**
 * The header's search box (docs/decisions/065-search.md), from 1024 px: a form that opens /search, with or without
 * JavaScript; `/` puts the focus in it (lib/search-shortcut.ts). Narrower, a link to /search stands in for it.
 */
function HeaderSearch() {
  return (
    <form role="search" action={paths.search} method="get" className="relative">
      <label htmlFor="header-search" className="sr-only">
        Search articles
      </label>
      <input
        id="header-search"
        type="search"
        name="q"
        required
        maxLength={LIMITS.searchQueryMax}
        enterKeyHint="search"
        placeholder="Search"
        aria-keyshortcuts="/"
        data-search-input=""
        className="w-44 rounded-md border border-slate-300 py-1.5 pr-9 pl-3 text-sm text-slate-900 placeholder:text-slate-600 focus:w-56 focus:transition-[width]"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-700 hover:text-slate-950"
        aria-label="Search"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </form>
  );
}

/** Who the header is for: a guest, a reader, or a member of staff. */
type Account = 'guest' | 'reader' | 'staff';

/**
 * The site header (docs/spec/SPEC.md §2): brand, the header menu's links (a link per category unless the site settings
 * choose others, docs/decisions/057-pages-and-navigation.md), and the account entry for the reader's role
 * (staff: a menu with Dashboard and Logout; a reader: Logout; a guest: Login). In the page flow at the
 * top; past 150 px of scroll it slides in under the ticker and stays until the page is back above 100 px.
 * Below 1024 px the links move into a menu that closes on a click outside it.
 *
 * Everything that changes is in the HTML and said by attributes (`data-mode`, `hidden`, `aria-expanded`): the
 * server renders every account entry, the guest's shown, and on a page that is not hydrated the header's island
 * (islands/header.ts) shows the reader's and works the menus and the scroll mode, as React does here.
 */
export function SiteHeader({
  links,
  siteName,
  logo = null,
  setUp = true,
}: {
  links: MenuLink[];
  siteName: string;
  logo?: Site['logo'];
  /** false until an admin saves the settings or skips the first-run setup: staff see a reminder. */
  setUp?: boolean;
}) {
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const mode = useHeaderMode();
  // `/` searches (the islands' header listens for it in islands/header.ts).
  useEffect(() => {
    document.addEventListener('keydown', onSearchShortcut);
    return () => document.removeEventListener('keydown', onSearchShortcut);
  }, []);
  // Below 1024 px: the category links and the account entry in a menu under the header.
  const { open: menuOpen, setOpen: setMenuOpen, panel: headerRef, button: menuButtonRef, id: menuId } = useMenu<HTMLElement>();

  const user = session?.user;
  const account: Account = user ? (isStaffRole(user.role) ? 'staff' : 'reader') : 'guest';
  const logout = async () => {
    setMenuOpen(false);
    await signOut();
    navigate(paths.home);
  };
  const closeMenu = () => setMenuOpen(false);
  const categoryLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded px-2 py-1 text-sm font-medium whitespace-nowrap hover:bg-slate-100 hover:text-slate-900',
      isActive ? 'text-brand' : 'text-slate-700',
    );
  const logoutButton = (
    <button type="button" data-logout="" onClick={logout} className={buttonClasses('secondary')}>
      Logout
    </button>
  );

  return (
    <div style={{ height: HEADER_HEIGHT }}>
      <header
        ref={headerRef}
        data-mode={mode}
        data-header=""
        className={cn(
          'relative z-40 border-b border-slate-200 bg-white',
          'floating:fixed floating:inset-x-0 floating:top-(--ticker-h) floating:shadow-md',
          'data-[mode=pinned]:animate-header-in',
          'data-[mode=leaving]:pointer-events-none data-[mode=leaving]:opacity-0 data-[mode=leaving]:transition-opacity data-[mode=leaving]:duration-500',
        )}
      >
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4" style={{ height: HEADER_HEIGHT }}>
          <Link
            to={paths.home}
            className="max-w-[calc(100%-3.5rem)] shrink-0 truncate font-serif text-2xl font-bold tracking-tight text-slate-900 lg:max-w-xs"
            aria-label={siteName ? undefined : 'Home'}
            onClick={closeMenu}
          >
            {logo ? <SiteLogo logo={logo} name={siteName} /> : <SiteBrand name={siteName} accent="text-brand" />}
          </Link>
          <nav aria-label="Categories" className="hidden min-w-0 flex-1 lg:block">
            <ul className="flex items-center gap-1 overflow-x-auto">
              {links.map((l) => (
                <li key={`${l.kind}:${l.id}`}>
                  <NavLink to={l.path} className={categoryLink}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto hidden shrink-0 items-center gap-2 lg:flex">
            <HeaderSearch />
            {!setUp && <SetUpReminder hidden={account !== 'staff'} />}
            <div data-account="staff" hidden={account !== 'staff'}>
              <UserMenu name={user?.name ?? ''} onLogout={logout} />
            </div>
            <div data-account="reader" hidden={account !== 'reader'}>
              {logoutButton}
            </div>
            <div data-account="guest" hidden={account !== 'guest'}>
              <Link to={paths.auth} className={buttonClasses('primary')}>
                Login
              </Link>
            </div>
          </div>
          {/* The menu opens with JavaScript only; without it the button gives way to a link to the footer's categories. */}
          <Link to={paths.search} aria-label="Search" className="ml-auto rounded-md p-2 text-slate-800 hover:bg-slate-100 lg:hidden">
            <SearchIcon width={22} height={22} />
          </Link>
          <noscript className="lg:hidden">
            <a href="#footer-categories" className="rounded-md px-2 py-1 text-sm font-medium text-slate-800 underline">
              Categories
            </a>
          </noscript>
          <button
            ref={menuButtonRef}
            type="button"
            className="group rounded-md p-2 text-slate-800 hover:bg-slate-100 noscript:hidden lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? MENU_LABELS.close : MENU_LABELS.open}
            data-menu-button=""
            data-labels={`${MENU_LABELS.open}|${MENU_LABELS.close}`}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <MenuIcon width={24} height={24} className="group-aria-expanded:hidden" />
            <CloseIcon width={24} height={24} className="hidden group-aria-expanded:block" />
          </button>
        </div>
        <div
          id={menuId}
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full max-h-[calc(100vh-7rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg lg:hidden"
          data-testid="mobile-menu"
        >
          <nav aria-label="Categories (menu)" className="mx-auto max-w-7xl px-4 py-3">
            <ul className="grid grid-cols-2 gap-1">
              {links.map((l) => (
                <li key={`${l.kind}:${l.id}`}>
                  <NavLink to={l.path} className={(s) => cn(categoryLink(s), 'block py-2')} onClick={closeMenu}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
              {!setUp && <SetUpReminder hidden={account !== 'staff'} onClick={closeMenu} />}
              <Link
                to={paths.dashboard}
                data-account="staff"
                hidden={account !== 'staff'}
                className={buttonClasses('secondary')}
                onClick={closeMenu}
              >
                Dashboard
              </Link>
              <div data-account="staff reader" hidden={account === 'guest'} className="flex flex-col">
                {logoutButton}
              </div>
              <Link
                to={paths.auth}
                data-account="guest"
                hidden={account !== 'guest'}
                className={buttonClasses('primary')}
                onClick={closeMenu}
              >
                Login
              </Link>
            </div>
          </nav>
        </div>
      </header>
    </div>
  );
}

/** The mobile menu button's name, closed and open. */
const MENU_LABELS = { open: 'Open menu', close: 'Close menu' } as const;

import type { CSSProperties } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import type { Category } from '#shared/types';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { isStaffRole, useSession } from '../../lib/session';
import { buttonClasses } from '../ui/button';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../ui/icons';
import { useMenu } from './use-menu';
import { useHeaderMode } from './use-header-mode';

export const HEADER_HEIGHT = '4rem';

function UserMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  const { open, setOpen, panel, button, id: menuId } = useMenu<HTMLDivElement>();
  return (
    <div ref={panel} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses('secondary', 'md')}
      >
        <span className="max-w-40 truncate">{name}</span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open && (
        <ul id={menuId} className="absolute right-0 mt-2 w-48 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          <li>
            <Link to={paths.dashboard} className="block px-4 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
              Dashboard
            </Link>
          </li>
          <li>
            <button type="button" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100" onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * The site header (docs/spec/SPEC.md §2): brand, a link per category, and the account entry for the reader's role
 * (staff: a menu with Dashboard and Logout; a reader: Logout; a guest: Login). In the page flow at the
 * top; past 150 px of scroll it slides in under the ticker and stays until the page is back above 100 px.
 * Below 1024 px the links move into a menu that closes on a click outside it.
 */
export function SiteHeader({ categories }: { categories: Category[] }) {
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const mode = useHeaderMode();
  // Below 1024 px: the category links and the account entry in a menu under the header.
  const { open: menuOpen, setOpen: setMenuOpen, panel: headerRef, button: menuButtonRef, id: menuId } = useMenu<HTMLElement>();

  const user = session?.user;
  const staff = isStaffRole(user?.role);
  const logout = async () => {
    setMenuOpen(false);
    await signOut();
    navigate(paths.home);
  };

  const floating = mode !== 'static';
  const style: CSSProperties = floating ? { top: 'var(--ticker-h, 0px)' } : {};
  const categoryLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded px-2 py-1 text-sm font-medium whitespace-nowrap hover:bg-slate-100 hover:text-slate-900',
      isActive ? 'text-red-700' : 'text-slate-700',
    );

  return (
    <div style={{ height: HEADER_HEIGHT }}>
      <header
        ref={headerRef}
        style={style}
        data-mode={mode}
        className={cn(
          'z-40 border-b border-slate-200 bg-white',
          floating ? 'fixed inset-x-0 shadow-md' : 'relative',
          mode === 'pinned' && 'animate-header-in',
          mode === 'leaving' && 'pointer-events-none opacity-0 transition-opacity duration-500',
        )}
      >
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4" style={{ height: HEADER_HEIGHT }}>
          <Link
            to={paths.home}
            className="shrink-0 font-serif text-2xl font-bold tracking-tight text-slate-900"
            onClick={() => setMenuOpen(false)}
          >
            Chronicle <span className="text-red-700">News</span>
          </Link>
          <nav aria-label="Categories" className="hidden min-w-0 flex-1 lg:block">
            <ul className="flex items-center gap-1 overflow-x-auto">
              {categories.map((c) => (
                <li key={c.id}>
                  <NavLink to={paths.category(c.slug)} className={categoryLink}>
                    {c.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto hidden shrink-0 items-center gap-2 lg:flex">
            {user && staff ? (
              <UserMenu name={user.name} onLogout={logout} />
            ) : user ? (
              <button type="button" onClick={logout} className={buttonClasses('secondary')}>
                Logout
              </button>
            ) : (
              <Link to={paths.auth} className={buttonClasses('primary')}>
                Login
              </Link>
            )}
          </div>
          {/* The menu opens with JavaScript only; without it the button gives way to a link to the footer's categories. */}
          <noscript className="ml-auto lg:hidden">
            <a href="#footer-categories" className="rounded-md px-2 py-1 text-sm font-medium text-slate-800 underline">
              Categories
            </a>
          </noscript>
          <button
            ref={menuButtonRef}
            type="button"
            className="ml-auto rounded-md p-2 text-slate-800 hover:bg-slate-100 noscript:hidden lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon width={24} height={24} /> : <MenuIcon width={24} height={24} />}
          </button>
        </div>
        {menuOpen && (
          <div
            id={menuId}
            className="absolute inset-x-0 top-full max-h-[calc(100vh-7rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg lg:hidden"
            data-testid="mobile-menu"
          >
            <nav aria-label="Categories (menu)" className="mx-auto max-w-7xl px-4 py-3">
              <ul className="grid grid-cols-2 gap-1">
                {categories.map((c) => (
                  <li key={c.id}>
                    <NavLink
                      to={paths.category(c.slug)}
                      className={(s) => cn(categoryLink(s), 'block py-2')}
                      onClick={() => setMenuOpen(false)}
                    >
                      {c.name}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
                {user && staff && (
                  <Link to={paths.dashboard} className={buttonClasses('secondary')} onClick={() => setMenuOpen(false)}>
                    Dashboard
                  </Link>
                )}
                {user ? (
                  <button type="button" onClick={logout} className={buttonClasses('secondary')}>
                    Logout
                  </button>
                ) : (
                  <Link to={paths.auth} className={buttonClasses('primary')} onClick={() => setMenuOpen(false)}>
                    Login
                  </Link>
                )}
              </div>
            </nav>
          </div>
        )}
      </header>
    </div>
  );
}

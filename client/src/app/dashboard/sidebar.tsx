import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { roleLabel, type StaffRole } from '../../lib/staff-roles';
import type { DashboardPage } from '../../config/paths';
import { menuFor } from './pages';
import { Icon } from '../../components/ui/icon';
import { useMenu } from '../../components/layout/use-menu';

export const CMS_TITLE = 'Chronicle CMS';

interface SidebarProps {
  role: StaffRole;
  name: string;
  onLogout(): void;
}

function Menu({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  return (
    <nav aria-label="Dashboard">
      <ul className="space-y-1">
        {menuFor(role).map((item) => (
          <li key={item.page}>
            <NavLink
              to={item.to}
              end={item.page === 'home'}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'}`
              }
            >
              <Icon name={item.page satisfies DashboardPage} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Footer({ role, name, onLogout }: SidebarProps) {
  return (
    <div className="border-t border-white/10 pt-4">
      <p className="truncate px-3 text-sm font-medium text-white">{name}</p>
      <p className="px-3 text-xs text-slate-400">{roleLabel(role)}</p>
      <button
        type="button"
        onClick={onLogout}
        className="mt-3 flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white"
      >
        <Icon name="logout" />
        Logout
      </button>
    </div>
  );
}

/**
 * The CMS sidebar (docs/spec/SPEC.md §2): the role's menu and a logout button. Below 1024 px it collapses into a
 * top bar with a menu button; the drawer closes on navigation, Escape or a click outside it.
 */
export function Sidebar(props: SidebarProps) {
  const { open, setOpen, panel: drawer, button: toggle } = useMenu<HTMLDivElement>();
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  return (
    <>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col bg-slate-900 p-4 lg:flex">
        <p className="mb-6 px-3 font-serif text-xl font-bold text-white">{CMS_TITLE}</p>
        <div className="flex-1 overflow-y-auto">
          <Menu role={props.role} />
        </div>
        <Footer {...props} />
      </aside>

      <div className="sticky top-0 z-40 lg:hidden">
        <div className="flex items-center justify-between bg-slate-900 px-4 py-3">
          <p className="font-serif text-lg font-bold text-white">{CMS_TITLE}</p>
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls="dashboard-mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
            className="rounded-md p-2 text-slate-200 hover:bg-white/10"
          >
            <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
          </button>
        </div>
        {open && (
          <div
            ref={drawer}
            id="dashboard-mobile-menu"
            className="absolute inset-x-0 top-full flex flex-col gap-4 bg-slate-900 p-4 shadow-xl"
          >
            <Menu role={props.role} onNavigate={() => setOpen(false)} />
            <Footer {...props} />
          </div>
        )}
      </div>
    </>
  );
}

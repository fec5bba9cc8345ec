import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { StaffRole } from '../../lib/staff-roles';
import { Button } from '../../components/ui/button';
import { ScreenErrorBoundary } from '../../components/ui/error-boundary';
import { Icon } from '../../components/ui/icon';
import { Sidebar } from './sidebar';

export function DashboardLayout({
  role,
  name,
  onLogout,
  children,
}: {
  role: StaffRole;
  name: string;
  onLogout(): void;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <Sidebar role={role} name={name} onLogout={onLogout} />
      <main id="dashboard-main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<p className="text-slate-500">Loading…</p>}>{children}</Suspense>
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The page's button that opens its form for a new record ('Add Category'), among its header's actions. */
export function AddButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button variant="primary" onClick={onClick}>
      <Icon name="plus" className="h-4 w-4" />
      {children}
    </Button>
  );
}

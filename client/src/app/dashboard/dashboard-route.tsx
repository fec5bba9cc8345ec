import '../../index.css';
import '../../lib/zod-config';
import { DashboardApp } from './dashboard-app';

/** Entry of the dashboard chunk (docs/spec/SPEC.md §2, /dashboard/*). */
export function DashboardRoute() {
  return <DashboardApp />;
}

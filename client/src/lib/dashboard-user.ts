import { createContext, useContext } from 'react';
import type { PublicUser } from '#shared/types';
import type { Capabilities, StaffRole } from './staff-roles';

export interface DashboardUser {
  user: PublicUser & { role: StaffRole };
  can: Capabilities;
  signOut(): Promise<void>;
}

export const DashboardUserContext = createContext<DashboardUser | null>(null);

/** The signed-in staff member and what their role may do; only used below the dashboard's role gate. */
export function useDashboardUser(): DashboardUser {
  const value = useContext(DashboardUserContext);
  if (!value) throw new Error('useDashboardUser must be used inside the dashboard');
  return value;
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { STAFF_ROLES, type Role } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/types';
import { TOKEN_KEY, USER_KEY, api } from './api-client';

/** The session of SPEC.md §4: token and user in localStorage (`token`, `user`), restored on start. */
export interface Session {
  token: string;
  user: PublicUser;
}

function readStoredSession(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    if (!token || !raw) return null;
    const user = JSON.parse(raw) as PublicUser;
    return user && typeof user.role === 'string' ? { token, user } : null;
  } catch {
    return null;
  }
}

interface SessionContextValue {
  session: Session | null;
  signIn(session: Session): void;
  /** Clears the session whether or not the server call works; a failure is only logged. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(readStoredSession);
  const signIn = useCallback((next: Session) => {
    localStorage.setItem(TOKEN_KEY, next.token);
    localStorage.setItem(USER_KEY, JSON.stringify(next.user));
    setSession(next);
  }, []);
  const signOut = useCallback(async () => {
    try {
      await api.post('/api/auth/logout');
    } catch (err) {
      console.warn('Logout failed', err);
    } finally {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
      setSession(null);
    }
  }, []);
  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

export const isStaffRole = (role: string | undefined): role is (typeof STAFF_ROLES)[number] =>
  !!role && (STAFF_ROLES as readonly string[]).includes(role);

export type { Role };

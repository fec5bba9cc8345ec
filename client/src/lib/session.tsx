import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { STAFF_ROLES, type Role } from '#shared/constants';
import { TOKEN_KEY, USER_KEY } from './api-client';
import { endSession } from './end-session';
import { parseSession, storedStrings, type Session } from './stored-session';

export type { Session };

/**
 * localStorage as an external store. The server renders every reader page signed out, and hydration
 * starts from that same snapshot (getServerSnapshot) before React switches to the stored session: a
 * signed-in reader gets no hydration mismatch, only a re-render of the header.
 */
const listeners = new Set<() => void>();
let cached: { token: string | null; raw: string | null; session: Session | null } = { token: null, raw: null, session: null };

function readStoredSession(): Session | null {
  const stored = storedStrings();
  if (!stored) return null;
  const { token, raw } = stored;
  // The same stored strings give the same object: useSyncExternalStore needs a stable snapshot.
  if (token === cached.token && raw === cached.raw) return cached.session;
  cached = { token, raw, session: parseSession(token, raw) };
  return cached.session;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab signing in or out.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const notify = () => listeners.forEach((listener) => listener());

interface SessionActions {
  signIn(session: Session): void;
  /** Clears the session whether or not the server call works; a failure is only logged. `keepEdits`: lib/end-session.ts. */
  signOut(options?: { keepEdits?: boolean }): Promise<void>;
}

interface SessionContextValue extends SessionActions {
  session: Session | null;
}

const SessionContext = createContext<SessionActions | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const signIn = useCallback((next: Session) => {
    localStorage.setItem(TOKEN_KEY, next.token);
    localStorage.setItem(USER_KEY, JSON.stringify(next.user));
    notify();
  }, []);
  const signOut = useCallback(async (options?: { keepEdits?: boolean }) => {
    await endSession(options);
    notify();
  }, []);
  const value = useMemo(() => ({ signIn, signOut }), [signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session, read by each component from the store itself rather than from a context: a part of the
 * page that hydrates late (the comments, once their chunk is loaded) still starts from the server's
 * signed-out snapshot, like the markup it hydrates.
 */
export function useSession(): SessionContextValue {
  const actions = useContext(SessionContext);
  if (!actions) throw new Error('useSession must be used inside <SessionProvider>');
  const session = useSyncExternalStore(subscribe, readStoredSession, () => null);
  return useMemo(() => ({ session, ...actions }), [session, actions]);
}

export const isStaffRole = (role: string | undefined): role is (typeof STAFF_ROLES)[number] =>
  !!role && (STAFF_ROLES as readonly string[]).includes(role);

export type { Role };

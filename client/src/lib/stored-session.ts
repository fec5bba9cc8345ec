import type { PublicUser } from '#shared/types';
import { TOKEN_KEY, USER_KEY } from './api-client';

/** The session of docs/spec/SPEC.md §4: token and user in localStorage (`token`, `user`), restored on start. */
export interface Session {
  token: string;
  user: PublicUser;
}

/** The stored token and user, as stored; null where localStorage is refused. */
export function storedStrings(): { token: string | null; raw: string | null } | null {
  try {
    return { token: localStorage.getItem(TOKEN_KEY), raw: localStorage.getItem(USER_KEY) };
  } catch {
    return null;
  }
}

/** A session from the stored strings: both there, the user a JSON object with a role. */
export function parseSession(token: string | null, raw: string | null): Session | null {
  if (!token || !raw) return null;
  try {
    const user = JSON.parse(raw) as PublicUser;
    return user && typeof user.role === 'string' ? { token, user } : null;
  } catch {
    return null;
  }
}

/** The stored session, read afresh (lib/session.tsx keeps it for React; the header's island reads it once). */
export function storedSession(): Session | null {
  const stored = storedStrings();
  return stored && parseSession(stored.token, stored.raw);
}

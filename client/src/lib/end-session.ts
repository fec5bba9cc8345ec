import { TOKEN_KEY, USER_KEY, api } from './api-client';
import * as apiPaths from '../config/api-paths';
import { clearAllLocalCopies } from './local-copy';

/**
 * Signs out: tells the server, and forgets the stored session whether or not that call works (a failure is only
 * logged), and the edits kept on this device unless `keepEdits` (a session that expired). Used by the session's provider (lib/session.tsx) and by the header's island (islands/header.ts).
 */
export async function endSession({ keepEdits = false }: { keepEdits?: boolean } = {}): Promise<void> {
  try {
    await api.post(apiPaths.auth.logout);
  } catch (err) {
    console.warn('Logout failed', err);
  } finally {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    // Unsaved article text kept on this device is the signed-out person's, not the next one's; a session that merely
    // expired keeps it, for its owner to sign in again and save it.
    if (!keepEdits) clearAllLocalCopies();
  }
}

/**
 * An editor's changes kept on this device until the server takes them (docs/decisions/063-autosave-presence-conflicts.md):
 * in localStorage, one entry per record, with the version they were made on. They survive a reload, a closed tab and a
 * time offline; they are removed once saved, when the editor discards them, and at sign-out (lib/end-session.ts).
 */
export interface LocalCopy<V> {
  values: V;
  /** The record's version the changes were made on. */
  version: number;
  savedAt: number;
}

const PREFIX = 'chronicle:edit:';

/** The changes kept under `key`, when `isValues` accepts them; null for none, unreadable ones, or storage refused. */
export function readLocalCopy<V>(key: string, isValues: (values: unknown) => values is V): LocalCopy<V> | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as Partial<LocalCopy<unknown>> | null;
    if (!parsed || !Number.isInteger(parsed.version) || typeof parsed.savedAt !== 'number' || !isValues(parsed.values)) return null;
    return parsed as LocalCopy<V>;
  } catch {
    return null;
  }
}

export function writeLocalCopy<V>(key: string, copy: LocalCopy<V>): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(copy));
  } catch {
    // Storage full or refused (a private window): the open form is all there is.
  }
}

export function clearLocalCopy(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing was kept.
  }
}

/** Every kept copy: at sign-out, so that the next person on this device does not find someone's unsaved text. */
export function clearAllLocalCopies(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

import { ApiError } from './api-client';

/**
 * docs/spec/SPEC.md §8: the server's error or message text takes priority over the generic text when present.
 * A response without the JSON envelope (a proxy's error page) has none; "cannot reach the server" is
 * worth more than the generic text.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  const fromServer = error.error !== 'Error';
  return fromServer || error.status === 0 ? error.message : fallback;
}

/** Someone else saved the item after this form was filled: the server refused our If-Match (412). */
export const isStaleVersion = (error: unknown): boolean => error instanceof ApiError && error.status === 412;

export const staleVersionText = (what: string) =>
  `Someone else changed this ${what} since you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.`;

import { ApiError } from './api-client';

/**
 * SPEC.md §8: the server's message takes priority over the generic text. A network failure or a
 * programming error shows the generic text.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0 && err.message) return err.message;
  return fallback;
}

/** The `details` list of a validation failure, if any. */
export function errorDetails(err: unknown): string[] {
  return err instanceof ApiError ? err.details : [];
}

import { ApiError } from './api-client';

/**
 * docs/spec/SPEC.md §8: the server's message takes priority over the generic text. A network failure or a
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

/**
 * A failure as a form shows it: a validation failure as 'Validation failed' (or the server's error
 * title) above its list of details, anything else as its message.
 */
export function problemFrom(err: unknown, fallback: string): { message: string; details: string[] } {
  const details = errorDetails(err);
  if (details.length > 0) {
    const title = err instanceof ApiError && err.error && err.error !== 'Error' ? err.error : 'Validation failed';
    return { message: title, details };
  }
  return { message: errorMessage(err, fallback), details };
}

/** A read whose failure the page shows as `fallback`: the error is only logged, under `what` (docs/spec/SPEC.md §8). */
export async function orFallback<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    console.warn(what, err);
    return fallback;
  }
}

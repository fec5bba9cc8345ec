import { z } from 'zod';

/**
 * A whole number read from a query string, from `min` to `max`, `fallback` when absent; every message names the
 * parameter ('limit must be at most 100').
 */
export const queryCount = (name: string, min: number, max: number, fallback: number, belowMin = `${name} must be at least ${min}`) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, belowMin)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** `limit` (1 to `maxLimit`, `defaultLimit` when absent) and `offset` (0 to `maxOffset`, 0 when absent) of a page. */
export const limitOffsetQuery = (defaultLimit: number, maxLimit: number, maxOffset: number, offsetBelowZero?: string) => ({
  limit: queryCount('limit', 1, maxLimit, defaultLimit),
  offset: queryCount('offset', 0, maxOffset, 0, offsetBelowZero),
});

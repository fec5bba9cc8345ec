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

/** A day, 2026-11-27: the date filters' form (a day of the site's time zone). */
export const dayQuery = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-11-27` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-11-27`)
    .refine((s) => {
      const date = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s) && s >= '1900-01-01' && s <= '9999-12-31';
    }, `${name} must be a real date like 2026-11-27`);

import { z } from 'zod';

/** An instant on the wire, with its offset (`2026-12-01T09:00:00Z`, `2026-12-01T10:00:00+01:00`), as a Date. */
export const instantSchema = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time with its offset, like 2026-12-01T09:00:00Z` })
    .transform((s) => new Date(s));

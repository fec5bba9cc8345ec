import { z } from 'zod';
import { limitOffsetQuery, queryCount } from './query';

/**
 * How far in the future a client clock may put `viewedAt` (clock skew; stored as now), how far in the past it
 * is believed (older is stored as now), how long one client's repeated views of an article count once, and
 * how long a duration may be reported.
 */
export const VIEW_LIMITS = {
  futureSkewMs: 5 * 60_000,
  pastWindowMs: 24 * 3_600_000,
  dedupWindowMinutes: 30,
  durationMaxSeconds: 86_400,
  durationWindowHours: 24,
  listDefault: 50,
  listMax: 200,
  topDefault: 5,
  topMax: 50,
  dailyDefault: 30,
  dailyMax: 90,
} as const;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).default(false);

/** The read-depth payload the article page sends once per visit (docs/spec/SPEC.md §3 "View log payload"). */
export const logViewInputSchema = z.object({
  viewedAt: z.iso
    .datetime({ offset: true, error: 'viewedAt must be an ISO 8601 date-time' })
    .refine((v) => Date.parse(v) <= Date.now() + VIEW_LIMITS.futureSkewMs, 'viewedAt cannot be more than 5 minutes in the future')
    .optional(),
  percentViewed: z
    .number({ error: 'percentViewed must be a number' })
    .min(0, 'percentViewed must be between 0 and 100')
    .max(100, 'percentViewed must be between 0 and 100')
    .default(0),
  fullyViewed: flag('fullyViewed'),
  middleViewed: flag('middleViewed'),
  topViewed: flag('topViewed'),
  bottomViewed: flag('bottomViewed'),
});
export type LogViewInput = z.input<typeof logViewInputSchema>;

export const viewDurationInputSchema = z.object({
  /** The `token` returned with the view: only the client that logged a view may time it. */
  token: z.string({ error: 'token must be the token returned with the view' }).max(200, 'token is too long').optional(),
  duration: z
    .number({ error: 'duration must be a number of seconds' })
    .int('duration must be a whole number of seconds')
    .min(0, 'duration cannot be negative')
    .max(VIEW_LIMITS.durationMaxSeconds, `duration must be at most ${VIEW_LIMITS.durationMaxSeconds} seconds`),
});
export type ViewDurationInput = z.input<typeof viewDurationInputSchema>;

export const listViewsQuerySchema = z.object(limitOffsetQuery(VIEW_LIMITS.listDefault, VIEW_LIMITS.listMax, 1_000_000));

export const topArticlesQuerySchema = z.object({ limit: queryCount('limit', 1, VIEW_LIMITS.topMax, VIEW_LIMITS.topDefault) });

export const dailyViewsQuerySchema = z.object({ days: queryCount('days', 1, VIEW_LIMITS.dailyMax, VIEW_LIMITS.dailyDefault) });

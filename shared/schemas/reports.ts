import { z } from 'zod';
import { DEPTH_MARKS, REFERRER_CLASSES } from '../reports';
import { dayQuery, limitOffsetQuery } from './query';

/** Reports' limits (docs/decisions/068-reports.md). */
export const REPORT_LIMITS = {
  /** Events one beacon may carry: a page's own, and any that an earlier send could not deliver. */
  beaconEvents: 10,
  /** How long after its opening a page may still report (older reports are dropped). */
  pageLifeMs: 24 * 3_600_000,
  /** Engaged seconds one page may report: four hours. */
  engagedMax: 4 * 3_600,
  /** The longest range of days one report covers. */
  rangeDaysMax: 400,
  rangeDaysDefault: 30,
  articlesPage: 50,
  articlesPageMax: 200,
  articlesOffsetMax: 100_000,
  exportMax: 100_000,
  /** Raw events are kept this many days by default (a setting, 2 to 400). */
  eventDaysDefault: 30,
} as const;

const DEPTH_MESSAGE = `depth must be one of ${DEPTH_MARKS.join(', ')} or 0`;

/** One reading event: how far one page load of an article has got so far. */
export const readEventSchema = z.object({
  /** The article's id. */
  article: z.uuid({ error: 'article must be an article id' }).toLowerCase(),
  /** The page load's own random id: later reports of the same page replace its earlier ones. */
  page: z.uuid({ error: 'page must be a random id' }).toLowerCase(),
  /** Milliseconds since the page was opened (the page's monotonic clock, so a wrong clock cannot move the day). */
  elapsed: z
    .number({ error: 'elapsed must be a number of milliseconds' })
    .int('elapsed must be a whole number of milliseconds')
    .min(0, 'elapsed cannot be negative')
    .max(REPORT_LIMITS.pageLifeMs * 30, 'elapsed is too large'),
  engaged: z
    .number({ error: 'engaged must be a number of seconds' })
    .int('engaged must be a whole number of seconds')
    .min(0, 'engaged cannot be negative')
    .max(REPORT_LIMITS.engagedMax, `engaged must be at most ${REPORT_LIMITS.engagedMax} seconds`),
  depth: z.union(
    [0, ...DEPTH_MARKS].map((d) => z.literal(d)),
    { error: DEPTH_MESSAGE },
  ),
  referrer: z.enum(REFERRER_CLASSES, { error: `referrer must be one of ${REFERRER_CLASSES.join(', ')}` }),
});
export type ReadEventInput = z.output<typeof readEventSchema>;

/** POST /api/view/read: a beacon of reading events. */
export const readBeaconSchema = z.strictObject({
  events: z
    .array(readEventSchema, { error: 'events must be a list of reading events' })
    .min(1, 'events must hold at least one event')
    .max(REPORT_LIMITS.beaconEvents, `events must hold at most ${REPORT_LIMITS.beaconEvents} events`),
});
export type ReadBeacon = z.output<typeof readBeaconSchema>;

const fromBeforeTo = { message: 'from must be on or before to', path: ['from'] };
const withinRange = {
  message: `A report covers at most ${REPORT_LIMITS.rangeDaysMax} days`,
  path: ['from'],
};
/** A range's length: `to` defaults to today, and `from` alone to 30 days before it (server/src/reports resolveRange). */
const days = (q: { from?: string; to?: string }) => {
  if (!q.from) return true;
  const to = q.to ?? new Date().toISOString().slice(0, 10);
  return to < q.from || (Date.parse(to) - Date.parse(q.from)) / 86_400_000 < REPORT_LIMITS.rangeDaysMax;
};

/** A report's days (UTC), `from` and `to` included; the last 30 days by default. */
const range = { from: dayQuery('from').optional(), to: dayQuery('to').optional() };

export const reportRangeSchema = z
  .object(range)
  .refine((q) => !q.from || !q.to || q.from <= q.to, fromBeforeTo)
  .refine(days, withinRange);
export type ReportRange = z.output<typeof reportRangeSchema>;

export const REPORT_SORTS = ['views', 'readers', 'engaged', 'completion', 'published', 'title'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

const IDS_MESSAGE = `ids must be at most ${200} article ids, separated by commas`;

const articleFilters = {
  ...range,
  /** Only these articles (the dashboard's article list asks for the rows it shows). */
  ids: z
    .string({ error: IDS_MESSAGE })
    .max(200 * 37, IDS_MESSAGE)
    .transform((s) => s.split(',').map((id) => id.trim().toLowerCase()))
    .refine((ids) => ids.length <= 200 && ids.every((id) => z.uuid().safeParse(id).success), IDS_MESSAGE)
    .optional(),
  /** Words of the title. */
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
  sort: z.enum(REPORT_SORTS, { error: `sort must be one of ${REPORT_SORTS.join(', ')}` }).default('views'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
};

/** GET /api/reports/articles: the articles read in the range, with their figures. */
export const reportArticlesQuerySchema = z
  .object({
    ...articleFilters,
    ...limitOffsetQuery(REPORT_LIMITS.articlesPage, REPORT_LIMITS.articlesPageMax, REPORT_LIMITS.articlesOffsetMax),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, fromBeforeTo)
  .refine(days, withinRange);
export type ReportArticlesQuery = z.output<typeof reportArticlesQuerySchema>;

/** GET /api/reports/articles/export: the same rows as CSV. */
export const reportArticlesExportSchema = z
  .object(articleFilters)
  .refine((q) => !q.from || !q.to || q.from <= q.to, fromBeforeTo)
  .refine(days, withinRange);
export type ReportArticlesFilters = z.output<typeof reportArticlesExportSchema>;

export const readEventDaysSchema = z
  .number({ error: 'Days of reading events must be a number' })
  .int('Days of reading events must be a whole number')
  .min(2, 'Reading events must be kept at least 2 days')
  .max(REPORT_LIMITS.rangeDaysMax, `Reading events can be kept at most ${REPORT_LIMITS.rangeDaysMax} days`);

import { z } from 'zod';
import { DEPTH_MARKS, DEVICE_CLASSES, REFERRER_CLASSES } from '../../reports';
import { paginationSchema, wireId, wireTime } from './common';

const day = z.string().describe('A UTC day, YYYY-MM-DD');

const figures = {
  views: z.number().int().describe('Pages read: page loads that showed a sign of reading'),
  readers: z.number().int().describe('Distinct readers of each day, added up over the days'),
  engagedSeconds: z.number().int().describe('Engaged seconds, all pages together'),
  averageEngagedSeconds: z.number().describe('Engaged seconds per page read'),
  completionRate: z.number().describe('Share of pages read to the end of the body (0 to 1)'),
};

export const reportTotalsSchema = z.object(figures).describe('The range’s figures');

export const reportDaySchema = z.object({
  date: day,
  views: z.number().int(),
  readers: z.number().int(),
  engagedSeconds: z.number().int(),
});

export const siteReportSchema = z
  .object({
    from: day,
    to: day,
    totals: reportTotalsSchema,
    days: z.array(reportDaySchema).describe('Every day of the range, oldest first'),
  })
  .meta({ id: 'SiteReport', description: 'The site’s reading over a range of days (docs/decisions/068-reports.md)' });

export const articleReportRowSchema = z
  .object({
    id: wireId,
    title: z.string(),
    publishedAt: wireTime.nullable(),
    ...figures,
    depth: z.array(z.number()).describe(`Share of pages that reached ${DEPTH_MARKS.join(', ')} % of the body`),
  })
  .meta({ id: 'ArticleReportRow', description: 'One article’s reading over the range' });

export const articleReportsSchema = z.object({
  from: day,
  to: day,
  data: z.array(articleReportRowSchema),
  pagination: paginationSchema,
});

const counted = <T extends z.ZodType>(key: T) => z.array(z.object({ key, pages: z.number().int() }));

export const articleReportSchema = z
  .object({
    from: day,
    to: day,
    article: z.object({ id: wireId, title: z.string(), publishedAt: wireTime.nullable() }),
    totals: reportTotalsSchema,
    funnel: counted(z.number().int()).describe('Pages that reached each mark: 0 (opened) then 25, 50, 75 and 100 %'),
    engaged: counted(z.number().int()).describe('Pages by engaged time, by each band’s lower bound in seconds'),
    referrers: counted(z.enum(REFERRER_CLASSES)).describe('Pages by where the reader came from'),
    devices: counted(z.enum(DEVICE_CLASSES)).describe('Pages by what they were read on'),
    days: z.array(reportDaySchema),
  })
  .meta({ id: 'ArticleReport', description: 'One article’s reading over a range of days' });

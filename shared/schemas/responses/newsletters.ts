import { z } from 'zod';
import { NEWSLETTER_KINDS } from '../../constants';
import { wireId, wireInt, wireTime } from './common';

/** A newsletter as readers see it. */
export const newsletterSchema = z
  .object({
    id: wireId,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(NEWSLETTER_KINDS),
    subscribers: wireInt.optional().describe('Confirmed subscribers (staff only)'),
  })
  .meta({ id: 'Newsletter', description: 'A newsletter readers may subscribe to' });

/** GET /api/newsletters. */
export const newsletterListSchema = z
  .object({ newsletters: z.array(newsletterSchema) })
  .describe("The active newsletters, in the newsroom's order");

/** GET /api/newsletters/preferences. */
export const preferencesSchema = z
  .object({
    email: z.string(),
    subscribed: z.array(z.string()).describe('The slugs of the newsletters the address receives'),
    newsletters: z.array(newsletterSchema),
  })
  .describe("A subscriber's address and choices");

/** What an issue's sending has come to (staff). */
export const newsletterIssueSchema = z
  .object({
    id: wireId,
    newsletterId: wireId,
    subject: z.string(),
    status: z.enum(['queued', 'sending', 'sent']),
    recipients: wireInt,
    counts: z.object({ queued: wireInt, sending: wireInt, sent: wireInt, failed: wireInt, suppressed: wireInt }),
    createdAt: wireTime,
    sendAt: wireTime.nullable().describe('When a special edition sent at a time starts sending; null: at once'),
    startedAt: wireTime.nullable(),
    finishedAt: wireTime.nullable(),
  })
  .meta({ id: 'NewsletterIssue', description: 'An issue of a newsletter, with its recipients by state' });

/** GET /api/newsletters/overview: the dashboard's Newsletters screen. */
export const newsletterOverviewSchema = z
  .object({
    days: z.array(z.string()).describe('The days of `growth`, oldest first (UTC, YYYY-MM-DD)'),
    subscribers: wireInt.describe('Confirmed addresses, suppressed ones included'),
    suppressed: wireInt,
    newsletters: z.array(
      z.object({
        id: wireId,
        slug: z.string(),
        name: z.string(),
        description: z.string(),
        kind: z.enum(NEWSLETTER_KINDS),
        active: z.boolean(),
        senderName: z.string(),
        sendHour: wireInt.describe("A digest's hour in the newsroom's time zone"),
        weekday: wireInt.describe("A weekly digest's day, 1 (Monday) to 7"),
        articleCount: wireInt,
        order: z.enum(['newsroom', 'reads']),
        subscribers: wireInt,
        growth: z.array(wireInt).describe("Each day's subscribers (today's among them, by the day they joined)"),
      }),
    ),
    issues: z.array(newsletterIssueSchema).describe('The newest 20 issues'),
  })
  .describe('Every newsletter with its subscribers, and the newest issues with their sending');

/** A subscriber as admins see them. */
export const subscriberSchema = z
  .object({
    id: wireId,
    email: z.string(),
    consentedAt: wireTime,
    source: z.string().describe('link (double opt-in), account (a signed-in reader) or import'),
    suppressedAt: wireTime.nullable(),
    suppressedReason: z.string().nullable(),
    newsletters: z.array(z.string()).describe('The slugs of what they receive'),
  })
  .meta({ id: 'Subscriber', description: 'A confirmed newsletter subscriber' });

export const subscriberImportResultSchema = z
  .object({
    rows: wireInt.describe('Addresses in the file (an address twice counts once)'),
    created: wireInt.describe('New subscribers'),
    existing: wireInt.describe('Addresses that were subscribers already (they keep their consent date)'),
    subscriptions: wireInt.describe('Subscriptions added'),
    suppressed: wireInt.describe('Addresses put on the suppression list by the file'),
    skipped: wireInt.describe('New addresses whose row names no newsletter (people who left): not kept'),
  })
  .meta({ id: 'SubscriberImport', description: 'What an import of subscribers did' });

export const subscriberListSchema = z.object({
  data: z.array(subscriberSchema),
  pagination: z.object({ total: wireInt, limit: wireInt, offset: wireInt }),
});

/** POST /api/newsletters/:id/preview: the message as a reader gets it. */
export const editionPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() }).describe('The message');

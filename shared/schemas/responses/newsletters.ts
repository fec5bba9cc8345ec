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
    startedAt: wireTime.nullable(),
    finishedAt: wireTime.nullable(),
  })
  .meta({ id: 'NewsletterIssue', description: 'An issue of a newsletter, with its recipients by state' });

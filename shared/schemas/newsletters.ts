import { z } from 'zod';
import { emailSchema } from './auth';

/** Newsletters (docs/decisions/069-newsletters.md): what readers and editors send. */

/** A newsletter's slug, as GET /api/newsletters lists them. */
const slugSchema = z.string({ error: 'A newsletter is named by its slug' }).min(1).max(80);

const newsletterSlugs = z
  .array(slugSchema, { error: 'newsletters must be a list of newsletter slugs' })
  .min(1, 'Choose at least one newsletter')
  .max(50, 'At most 50 newsletters')
  .transform((slugs) => [...new Set(slugs)]);

/** POST /api/newsletters/subscribe. */
export const subscribeInputSchema = z.object({ email: emailSchema, newsletters: newsletterSlugs });
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** The signed token of a confirmation link, or of a subscriber's preferences link. */
export const newsletterTokenSchema = z
  .string({ error: 'token is required: the one in the link of the e-mail' })
  .min(1, 'token is required: the one in the link of the e-mail')
  .max(2000, 'token is too long');

/** POST /api/newsletters/confirm. */
export const confirmInputSchema = z.object({ token: newsletterTokenSchema });

/** GET /api/newsletters/preferences and the one-click unsubscribe: the token in the query. */
export const tokenQuerySchema = z.object({ token: newsletterTokenSchema });

/** PUT /api/newsletters/preferences: the newsletters to receive, none to leave them all. */
export const preferencesInputSchema = z.object({
  token: newsletterTokenSchema,
  newsletters: z
    .array(slugSchema, { error: 'newsletters must be a list of newsletter slugs' })
    .max(50, 'At most 50 newsletters')
    .transform((slugs) => [...new Set(slugs)]),
});
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;

/** GET /api/newsletters/subscribers (admins). */
export const subscriberListQuerySchema = z.object({
  q: z.string().trim().max(254, 'q must be at most 254 characters').optional(),
  suppressed: z
    .enum(['true', 'false'], { error: 'suppressed must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});

/** POST /api/newsletters/subscribers/:id/suppression: a reason puts the address on the list, null takes it off. */
export const suppressionInputSchema = z.object({
  reason: z.string({ error: 'reason is required: why nothing is sent to this address, or null' }).trim().min(1).max(200).nullable(),
});

/** PUT /api/newsletters/:id (admins): what a newsletter is called, who sends it, when and what it holds. */
export const newsletterEditSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  description: z.string({ error: 'description is required (may be empty)' }).trim().max(300, 'Description must be at most 300 characters'),
  senderName: z.string({ error: 'senderName is required (may be empty)' }).trim().max(80, 'Sender name must be at most 80 characters'),
  sendHour: z
    .int({ error: 'sendHour must be an hour, 0 to 23' })
    .min(0, 'sendHour must be an hour, 0 to 23')
    .max(23, 'sendHour must be an hour, 0 to 23'),
  weekday: z
    .int({ error: 'weekday must be 1 (Monday) to 7 (Sunday)' })
    .min(1, 'weekday must be 1 (Monday) to 7 (Sunday)')
    .max(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
  articleCount: z
    .int({ error: 'articleCount must be 1 to 30' })
    .min(1, 'articleCount must be 1 to 30')
    .max(30, 'articleCount must be 1 to 30'),
  order: z.enum(['newsroom', 'reads'], { error: 'order must be newsroom or reads' }),
  active: z.boolean({ error: 'active must be true or false' }),
});
export type NewsletterEdit = z.infer<typeof newsletterEditSchema>;

/** POST /api/newsletters (admins): a new digest, daily or weekly (a category's digest comes with its category). */
export const newsletterCreateSchema = newsletterEditSchema.extend({
  kind: z.enum(['daily', 'weekly'], { error: 'kind must be daily or weekly' }),
});
export type NewsletterCreate = z.infer<typeof newsletterCreateSchema>;

/** POST /api/newsletters/subscribers/import: the multipart fields beside the file. */
export const subscriberImportSchema = z.object({
  newsletters: z
    .string({ error: 'newsletters must be slugs separated by spaces' })
    .max(4000)
    .default('')
    .transform((text) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))]),
});

/** A special edition (editors): its subject, an intro, and the published articles it holds, in order. */
export const editionSchema = z.object({
  subject: z
    .string({ error: 'subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  intro: z.string({ error: 'intro must be text' }).trim().max(2000, 'Intro must be at most 2000 characters').default(''),
  articleIds: z
    .array(z.uuid({ error: 'articleIds must be article ids' }), { error: 'articleIds must be a list of article ids' })
    .max(30, 'At most 30 articles')
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type Edition = z.infer<typeof editionSchema>;

/** POST /api/newsletters/:id/issues: the edition, sent now or at `sendAt` (within a year). */
export const editionSendSchema = editionSchema.extend({
  sendAt: z.iso
    .datetime({ offset: true, error: 'sendAt must be a date and time with its offset, like 2026-12-01T09:00:00Z' })
    .transform((s) => new Date(s))
    .optional(),
});

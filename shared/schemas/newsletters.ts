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

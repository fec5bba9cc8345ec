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

import { z } from 'zod';
import { hasVisibleText } from './text';
import { versionSchema } from './version';

/**
 * The site settings an admin edits (PUT /api/settings, the dashboard's Settings screen; docs/decisions/056-site-settings.md):
 * the newsroom's identity, contact, social accounts and indexing. One schema for the server's validation and the form.
 */

export const SETTINGS_LIMITS = { name: 60, tagline: 200, description: 300, address: 200, email: 254, phone: 40, url: 300 } as const;

/** The networks the footer, the Organization's `sameAs` and the share metadata know, in the footer's order. */
export const SOCIAL_NETWORKS = [
  { key: 'facebook', name: 'Facebook', home: 'https://www.facebook.com/', hosts: ['facebook.com', 'fb.com'] },
  { key: 'twitter', name: 'Twitter', home: 'https://twitter.com/', hosts: ['twitter.com', 'x.com'] },
  { key: 'instagram', name: 'Instagram', home: 'https://www.instagram.com/', hosts: ['instagram.com'] },
  { key: 'linkedin', name: 'LinkedIn', home: 'https://www.linkedin.com/', hosts: ['linkedin.com'] },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['key'];

/** Whether `host` is `domain` or one of its subdomains (`www.facebook.com`, `m.facebook.com`). */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Whether a text holds a control character (a line break, a tab, NUL…): a setting is one line. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A plain-text field: trimmed, one line, at most `max` characters; `required` refuses a blank one. */
const line = (label: string, max: number, required = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((s) => !hasControl(s), `${label} must be one line of text`)
    .refine((s) => !required || hasVisibleText(s), `${label} is required`)
    .refine((s) => s.length <= max, `${label} must be at most ${max} characters`);

/**
 * A network's account: an https address on that network (no port, no credentials), or '' for none. Kept as the URL
 * parser writes it (`https:facebook.com/x` becomes `https://facebook.com/x`), so the footer and `sameAs` link one form.
 */
const account = (network: (typeof SOCIAL_NETWORKS)[number]) =>
  z
    .string({ error: `${network.name} must be a web address` })
    .trim()
    .max(SETTINGS_LIMITS.url, `${network.name} must be at most ${SETTINGS_LIMITS.url} characters`)
    .refine((s) => {
      if (s === '') return true;
      if (hasControl(s) || !/^https:\/\//i.test(s) || !URL.canParse(s)) return false;
      const url = new URL(s);
      return !url.port && !url.username && !url.password && network.hosts.some((domain) => onDomain(url.hostname, domain));
    }, `${network.name} must be an https address on ${network.hosts[0]}, like ${network.home}yournewsroom`)
    .transform((s) => (s === '' ? '' : new URL(s).href));

const [facebook, twitter, instagram, linkedin] = SOCIAL_NETWORKS;

/** The accounts by network; a network left out or '' has none. */
export const socialSchema = z
  .object({
    facebook: account(facebook).optional(),
    twitter: account(twitter).optional(),
    instagram: account(instagram).optional(),
    linkedin: account(linkedin).optional(),
  })
  .strict();

export type Social = Partial<Record<SocialNetwork, string>>;

const email = z
  .string({ error: 'Contact e-mail must be text' })
  .trim()
  .toLowerCase()
  .max(SETTINGS_LIMITS.email, `Contact e-mail must be at most ${SETTINGS_LIMITS.email} characters`)
  .pipe(z.union([z.literal(''), z.email('Contact e-mail must be an e-mail address, or empty')]));

const phone = line('Phone', SETTINGS_LIMITS.phone).refine(
  (s) => /^[+\d\s().\-/]*$/.test(s),
  'Phone may hold digits, spaces, +, (, ), -, . and / only',
);

/** Every setting, as the form edits them all. */
export const siteSettingsSchema = z.object({
  name: line('Site name', SETTINGS_LIMITS.name, true),
  tagline: line('Tagline', SETTINGS_LIMITS.tagline),
  description: line('Description', SETTINGS_LIMITS.description),
  address: line('Address', SETTINGS_LIMITS.address),
  email,
  phone,
  social: socialSchema,
  noindex: z.boolean({ error: 'noindex must be true or false' }),
});
export type SiteSettingsValues = z.infer<typeof siteSettingsSchema>;

/**
 * PUT /api/settings: any of the settings (those left out keep their value), and the version the edit is based on.
 * `setUp: true` alone ends the first-run setup without changing anything (its Skip); any save ends it too.
 */
export const updateSiteSettingsSchema = siteSettingsSchema
  .partial()
  .extend({ setUp: z.literal(true, { error: 'setUp may only be true' }).optional(), version: versionSchema.optional() })
  .strict();
export type UpdateSiteSettings = z.infer<typeof updateSiteSettingsSchema>;

/**
 * The site's name as its brand shows it: the last word apart, in the accent colour (as "Chronicle **News**" always
 * was); a one-word name has no accent. The header and footer (SiteBrand) and the server's shell (brandedShell) alike.
 */
export function brandParts(name: string): { lead: string; accent: string | null } {
  const cut = name.lastIndexOf(' ');
  return cut === -1 ? { lead: name, accent: null } : { lead: name.slice(0, cut), accent: name.slice(cut + 1) };
}

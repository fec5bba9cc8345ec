import { z } from 'zod';
import { readEventDaysSchema } from './reports';
import { contrast, formatContrast, isHexColor, MIN_CONTRAST } from '../colors';
import { LIMITS } from '../constants';
import { hasVariantUrls } from '../images';
import { UPLOAD_PATH } from './articles';
import { hasControl, hasVisibleText } from './text';
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

/**
 * The languages a site's dates and numbers may be written in (the interface's words stay those of docs/spec/SPEC.md):
 * BCP 47 tags every browser and Node's full ICU know.
 */
export const LOCALES = [
  { tag: 'en-US', name: 'English (United States)' },
  { tag: 'en-GB', name: 'English (United Kingdom)' },
  { tag: 'en-AU', name: 'English (Australia)' },
  { tag: 'en-IE', name: 'English (Ireland)' },
  { tag: 'de-DE', name: 'Deutsch (Deutschland)' },
  { tag: 'es-ES', name: 'Español (España)' },
  { tag: 'fr-FR', name: 'Français (France)' },
  { tag: 'it-IT', name: 'Italiano (Italia)' },
  { tag: 'nl-NL', name: 'Nederlands (Nederland)' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'pt-PT', name: 'Português (Portugal)' },
  { tag: 'sv-SE', name: 'Svenska (Sverige)' },
] as const;

export type Locale = (typeof LOCALES)[number]['tag'];

const LOCALE_TAGS = LOCALES.map((l) => l.tag) as [Locale, ...Locale[]];

/** Whether Intl knows `zone` as an IANA time zone ('Europe/London', 'UTC'); aliases ('Europe/Kiev') included. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const accentColor = z
  .string({ error: 'Accent colour must be a colour like #b91c1c' })
  .trim()
  .refine(isHexColor, 'Accent colour must be a colour like #b91c1c')
  .transform((s) => s.toLowerCase())
  .superRefine((s, ctx) => {
    const ratio = contrast(s, '#ffffff');
    if (ratio < MIN_CONTRAST)
      ctx.addIssue({
        code: 'custom',
        message: `Accent colour must contrast at least ${MIN_CONTRAST}:1 with white (this one: ${formatContrast(ratio)}): choose a darker colour`,
      });
  });

/** The most links a menu holds: the header's fit one line at 1280 px; the footer's one column. */
export const MENU_LIMITS = { header: 12, footer: 20 } as const;

export const navItemSchema = z
  .object({
    kind: z.enum(['category', 'page'], { error: 'A menu link is a category or a page' }),
    id: z.uuid({ error: 'A menu link names its category or page by id' }),
  })
  .strict();
export type NavItem = z.infer<typeof navItemSchema>;

/** A menu: the links in order, or null for the default (the header: every category; the footer: every published page). */
const menu = (label: string, max: number) =>
  z
    .array(navItemSchema, { error: `The ${label} menu must be a list of links, or null` })
    .max(max, `The ${label} menu holds at most ${max} links`)
    .refine(
      (items) => new Set(items.map((i) => `${i.kind}:${i.id.toLowerCase()}`)).size === items.length,
      `The ${label} menu names a link twice`,
    )
    .nullable();

export const navigationSchema = z
  .object({ header: menu('header', MENU_LIMITS.header), footer: menu('footer', MENU_LIMITS.footer) })
  .strict();
export type Navigation = z.infer<typeof navigationSchema>;

/** An image uploaded to this site (`/uploads/<name>`, not one of its variants); '' and null: the built-in one. */
const siteImage = (label: string) =>
  z.union([
    z.literal('').transform(() => null),
    z.null(),
    z
      .string({ error: `${label} must be an image uploaded to this site` })
      .trim()
      .max(300, `${label} must be an image uploaded to this site`)
      .refine((s) => UPLOAD_PATH.test(s) && hasVariantUrls(s), `${label} must be an image uploaded to this site`),
  ]);

/**
 * How comments are moderated (docs/decisions/066-comment-moderation.md): pre-moderation of a reader's first comment,
 * the words that hold a comment for a moderator, and the posting limits per reader and per network (a minute).
 */
export const commentSettingsSchema = z.object({
  premoderated: z.boolean({ error: 'Pre-moderation must be on or off' }),
  blockedWords: z
    .array(
      z
        .string({ error: 'A blocked word must be text' })
        .trim()
        .min(1, 'A blocked word cannot be empty')
        .max(LIMITS.blockedWordMax, `A blocked word must be at most ${LIMITS.blockedWordMax} characters`)
        .refine((w) => !hasControl(w), 'A blocked word must be one line'),
      { error: 'Blocked words must be a list' },
    )
    .max(LIMITS.blockedWordsMax, `At most ${LIMITS.blockedWordsMax} blocked words`),
  perUserPerMinute: z
    .number({ error: 'Comments per reader must be a number' })
    .int('Comments per reader must be a whole number')
    .min(1, 'Comments per reader must be at least 1')
    .max(100, 'Comments per reader must be at most 100'),
  perNetworkPerMinute: z
    .number({ error: 'Comments per network must be a number' })
    .int('Comments per network must be a whole number')
    .min(1, 'Comments per network must be at least 1')
    .max(10_000, 'Comments per network must be at most 10000'),
});
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

/** Every setting, as the form edits them all. */
export const siteSettingsSchema = z.object({
  comments: commentSettingsSchema,
  name: line('Site name', SETTINGS_LIMITS.name, true),
  tagline: line('Tagline', SETTINGS_LIMITS.tagline),
  description: line('Description', SETTINGS_LIMITS.description),
  address: line('Address', SETTINGS_LIMITS.address),
  email,
  phone,
  social: socialSchema,
  noindex: z.boolean({ error: 'noindex must be true or false' }),
  accentColor,
  locale: z.enum(LOCALE_TAGS, { error: `Language must be one of ${LOCALE_TAGS.join(', ')}` }),
  timeZone: z
    .string({ error: 'Time zone must be a time zone like Europe/London' })
    .trim()
    .refine(isTimeZone, 'Time zone must be a time zone like Europe/London'),
  navigation: navigationSchema,
  logoUrl: siteImage('Logo'),
  iconUrl: siteImage('Icon'),
  shareImageUrl: siteImage('Share image'),
  /** Days the raw reading events are kept (docs/decisions/068-reports.md); their daily sums stay. */
  readEventDays: readEventDaysSchema,
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

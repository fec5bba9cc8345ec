import { z } from 'zod';
import { wireInt, wireTime, wireVersion } from './common';

const social = z
  .object({ facebook: z.string(), twitter: z.string(), instagram: z.string(), linkedin: z.string() })
  .partial()
  .describe("The newsroom's accounts by network (https addresses); a network left out has none");

const navLink = z
  .object({
    kind: z.enum(['category', 'page']),
    id: z.string(),
    label: z.string(),
    path: z.string().describe("The link's path, /category/<slug> or /<slug>"),
  })
  .meta({ id: 'NavLink' });

const siteImage = z
  .object({
    url: z.string().describe('/uploads/<name>'),
    width: z.int().describe('Intrinsic width in pixels; 0 while its variants are being made'),
    height: z.int(),
    crops: z.boolean().describe('Whether its 1:1 crop (/uploads/<name>-1x1.jpg) exists'),
  })
  .nullable()
  .meta({ id: 'SiteImage' });

const navItem = z.object({ kind: z.enum(['category', 'page']), id: z.string() });

/** What every page shows of the site: GET /api/site. */
export const siteSchema = z
  .object({
    name: z.string(),
    tagline: z.string(),
    description: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    social,
    setUp: z
      .boolean()
      .describe(
        "Whether an admin has saved the settings or skipped the first-run setup: until then staff see a reminder on the site's pages",
      ),
    noindex: z.boolean().describe('A staging site: every answer says noindex (X-Robots-Tag, and a meta tag on pages)'),
    accentColor: z.string().describe('The accent colour, #rrggbb (at least 4.5:1 against white)'),
    locale: z.string().describe("The language of the reader's dates and numbers (BCP 47)"),
    timeZone: z.string().describe("The newsroom's time zone (IANA)"),
    logo: siteImage.describe("The header's logo; null: the name in type"),
    icon: siteImage.describe('The square icon (favicons, home screens); null: the built-in one'),
    shareImage: siteImage.describe('The link preview of pages without an image of their own; null: the built-in one'),
    menus: z
      .object({ header: z.array(navLink), footer: z.array(navLink) })
      .describe('The links the header and the footer show, in order (deleted or unpublished ones left out)'),
    updatedAt: wireTime.describe('When the settings last changed: pages and feeds are no older'),
  })
  .meta({ id: 'Site', description: "The newsroom's identity, contact and social accounts, as every page shows them" });

/** The settings as an admin edits them: GET and PUT /api/settings. */
export const siteSettingsSchema = siteSchema
  .extend({
    navigation: z
      .object({ header: z.array(navItem).nullable(), footer: z.array(navItem).nullable() })
      .describe(
        'The menus as set: links by id, in order; null is the default (the header: every category; the footer: every published page)',
      ),
    setUpAt: wireTime.nullable().describe('When an admin first saved the settings or skipped the first-run setup; null until then'),
    comments: z
      .object({
        premoderated: z.boolean().describe("A reader's comment is held for a moderator while they have none shown"),
        blockedWords: z.array(z.string()).describe('A comment holding one of these (whole, any case, accents folded) is held'),
        perUserPerMinute: wireInt,
        perNetworkPerMinute: wireInt,
      })
      .describe('How comments are moderated (docs/decisions/066-comment-moderation.md); never public'),
    readEventDays: wireInt.describe('Days the raw reading events are kept; their daily sums stay (docs/decisions/068-reports.md)'),
    version: wireVersion,
  })
  .meta({ id: 'SiteSettings', description: 'The site settings, with the version an edit sends back' });

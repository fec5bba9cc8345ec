import { z } from 'zod';
import { wireTime, wireVersion } from './common';

const social = z
  .object({ facebook: z.string(), twitter: z.string(), instagram: z.string(), linkedin: z.string() })
  .partial()
  .describe("The newsroom's accounts by network (https addresses); a network left out has none");

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
    noindex: z.boolean().describe('A staging site: every answer says noindex (X-Robots-Tag, and a meta tag on pages)'),
    updatedAt: wireTime.describe('When the settings last changed: pages and feeds are no older'),
  })
  .meta({ id: 'Site', description: "The newsroom's identity, contact and social accounts, as every page shows them" });

/** The settings as an admin edits them: GET and PUT /api/settings. */
export const siteSettingsSchema = siteSchema
  .extend({
    setUpAt: wireTime.nullable().describe('When an admin first saved the settings or skipped the first-run setup; null until then'),
    version: wireVersion,
  })
  .meta({ id: 'SiteSettings', description: 'The site settings, with the version an edit sends back' });

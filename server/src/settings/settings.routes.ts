import { Router } from 'express';
import { updateSiteSettingsSchema } from '#shared/schemas/settings';
import { siteSchema, siteSettingsSchema } from '#shared/schemas/responses/settings';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { badRequest } from '../lib/errors';
import { publicRoute, requirePermission } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import { currentSite, readSettings, SITE_TAGS, updateSettings } from './settings.service';

/** Every page, head, feed, sitemap and share page shows the settings: a save drops everything the cache holds. */
const everything = () => [Tags.everything];

/** GET /api/site (anyone), GET and PUT /api/settings (admins): docs/decisions/056-site-settings.md. */
export function settingsRouter({ db, cache }: AppContext): Router {
  const { router, route } = resourceRouter('');
  const manage = requirePermission('settings:manage');

  route(
    {
      method: 'get',
      path: '/site',
      summary: "The site's name, tagline, description, contact, social accounts, accent colour, locale and menus, as every page shows them",
      guard: publicRoute,
      returns: siteSchema,
      cacheTags: () => SITE_TAGS,
    },
    async () => currentSite(db, cache),
  );

  route(
    {
      method: 'get',
      path: '/settings',
      summary: 'The site settings, with their version (admins)',
      guard: manage,
      returns: siteSettingsSchema,
    },
    async (_input, _req, res) => withVersionTag(res, await readSettings(db)),
  );

  route(
    {
      method: 'put',
      path: '/settings',
      summary: `Change any of the site settings; the others keep their value. ${VERSIONED_EDIT.summary}`,
      guard: manage,
      body: updateSiteSettingsSchema,
      returns: { schema: siteSettingsSchema, description: 'The settings, with their new ETag' },
      errors: { 409: '`version` is not the current one (the current version is in `details` and the ETag)', ...VERSIONED_EDIT.errors },
      purges: everything,
    },
    async ({ body, user }, req, res) => {
      const { version, ...changes } = body;
      if (Object.values(changes).every((value) => value === undefined)) throw badRequest('Send at least one setting to change');
      return withVersionTag(res, await updateSettings(db, user, changes, expectedVersion(req, version)));
    },
  );

  return router;
}

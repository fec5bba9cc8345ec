import type { SiteSettingsValues, UpdateSiteSettings } from '#shared/schemas/settings';
import type { Site, SiteSettings } from '#shared/types';
import type { ResponseCache } from '../cache';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { refuseCaching, Tags } from '../lib/cache-scope';
import { requireVersion, staleVersion, versionWhere, type ExpectedVersion } from '../lib/versions';
import type { Logger } from '../lib/logger';

/** The one row of SiteSettings (made by its migration). */
const ID = 1;

const select = {
  name: true,
  tagline: true,
  description: true,
  address: true,
  email: true,
  phone: true,
  social: true,
  noindex: true,
  setUpAt: true,
  updatedAt: true,
  version: true,
} satisfies Prisma.SiteSettingsSelect;

type Row = Prisma.SiteSettingsGetPayload<{ select: typeof select }>;

/** The stored accounts, as the schema allows them: strings only, blanks left out. */
function socialOf(value: unknown): Site['social'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

const toSettings = (row: Row): SiteSettings => ({ ...toSite(row), setUpAt: row.setUpAt?.toISOString() ?? null, version: row.version });

const toSite = (row: Omit<Row, 'setUpAt' | 'version'>): Site => ({
  name: row.name,
  tagline: row.tagline,
  description: row.description,
  address: row.address,
  email: row.email,
  phone: row.phone,
  social: socialOf(row.social),
  noindex: row.noindex,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * What pages show when the settings cannot be read (the database is away): a fresh install's, as its migration makes
 * them (settings.test.ts checks they are the same). Such a page is never stored.
 */
export const FALLBACK_SITE: Site = {
  name: 'Chronicle News',
  tagline: 'Independent local and world news, sport, business, technology and opinion, reported by people who live here.',
  description: 'Chronicle News: local and world news, sport, business, technology and opinion.',
  address: '1 Market Square, Riverside',
  email: 'newsdesk@chronicle.local',
  phone: '+44 20 7946 0000',
  social: {},
  noindex: false,
  updatedAt: new Date(0).toISOString(),
};

/** The stored row; made again with its defaults if someone deleted it by hand (two at once: one makes it). */
async function readRow(db: Db): Promise<Row> {
  const row = await db.siteSettings.findUnique({ where: { id: ID }, select });
  if (row) return row;
  await db.siteSettings.createMany({ data: [{ id: ID }], skipDuplicates: true });
  return db.siteSettings.findUniqueOrThrow({ where: { id: ID }, select });
}

/** The settings as stored, with their version. */
export async function readSettings(db: Db): Promise<SiteSettings> {
  return toSettings(await readRow(db));
}

/**
 * What every page shows of the site, read once per change: kept by the response cache (shared by the processes
 * sharing its store, dropped by the purge a save makes), so a page, a feed or an e-mail costs no read for it.
 */
export function currentSite(db: Db, cache: Pick<ResponseCache, 'remember'>): Promise<Site> {
  return cache.remember('site', [Tags.site], async () => toSite(await readRow(db)));
}

/** The settings, or a fresh install's when they cannot be read: the answer then is not stored (a page, robots.txt). */
export async function siteOrFallback(db: Db, cache: Pick<ResponseCache, 'remember'>, logger: Logger): Promise<Site> {
  try {
    return await currentSite(db, cache);
  } catch (err) {
    refuseCaching();
    logger.warn({ err }, 'the site settings could not be read: a fresh install’s are shown');
    return FALLBACK_SITE;
  }
}

/**
 * Saves the settings sent (the others keep their value) if `expected` names the current version: 409/412 otherwise.
 * Any save ends the first-run setup (`setUpAt`, kept from the first time).
 */
export async function updateSettings(db: Db, changes: Omit<UpdateSiteSettings, 'version'>, expected: ExpectedVersion | undefined): Promise<SiteSettings> {
  const { setUp, ...values } = changes;
  void setUp;
  const data: Partial<SiteSettingsValues> = { ...values };
  if (values.social) data.social = socialOf(values.social);
  const count = !expected
    ? 0
    : await db.$transaction(async (tx) => {
        const { count } = await tx.siteSettings.updateMany({ where: { id: ID, ...versionWhere(expected) }, data: { ...data, version: { increment: 1 } } });
        if (count) await tx.siteSettings.updateMany({ where: { id: ID, setUpAt: null }, data: { setUpAt: new Date() } });
        return count;
      });
  if (count === 0) {
    const { version } = await readRow(db);
    requireVersion('site settings', expected, version);
    // The version matches now but did not when the save ran (a save in between, or a row made again): nothing was saved.
    throw staleVersion('site settings', expected, version);
  }
  return readSettings(db);
}

import { DEFAULT_ACCENT } from '#shared/colors';
import { audit, changed, type Actor } from '../audit/audit.service';
import {
  navigationSchema,
  type Navigation,
  type NavItem,
  type SiteSettingsValues,
  type UpdateSiteSettings,
} from '#shared/schemas/settings';
import type { NavLink, Site, SiteSettings } from '#shared/types';
import type { ResponseCache } from '../cache';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { refuseCaching, Tags } from '../lib/cache-scope';
import { validationFailed } from '../lib/errors';
import { imageInfos } from '../media/image-variants';
import { publishedPages } from '../pages/pages.service';
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
  accentColor: true,
  locale: true,
  timeZone: true,
  navigation: true,
  logoUrl: true,
  iconUrl: true,
  shareImageUrl: true,
  setUpAt: true,
  commentsPremoderated: true,
  commentsBlockedWords: true,
  commentsPerUserPerMinute: true,
  commentsPerNetworkPerMinute: true,
  readEventDays: true,
  updatedAt: true,
  version: true,
} satisfies Prisma.SiteSettingsSelect;

type Row = Prisma.SiteSettingsGetPayload<{ select: typeof select }>;

/** The stored accounts, as the schema allows them: strings only, blanks left out. */
function socialOf(value: unknown): Site['social'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/** The menus as stored; anything the schema would refuse (a hand-edited row) reads as the defaults. */
function navigationOf(value: unknown): Navigation {
  const parsed = navigationSchema.partial().safeParse(value);
  return { header: parsed.success ? (parsed.data.header ?? null) : null, footer: parsed.success ? (parsed.data.footer ?? null) : null };
}

/** A category or a page, as a menu may link it. */
interface Linkable {
  categories: { id: string; name: string; slug: string }[];
  pages: { id: string; title: string; slug: string }[];
}

async function linkables(db: Db): Promise<Linkable> {
  const [categories, pages] = await Promise.all([
    db.category.findMany({ select: { id: true, name: true, slug: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    publishedPages(db),
  ]);
  return { categories, pages };
}

/** What the settings' rows are shown with: the menus' categories and pages, and the sizes of the site's images. */
interface Around extends Linkable {
  images: Map<string, { width: number; height: number; crops?: boolean }>;
}

async function around(db: Db, row: Pick<Row, 'logoUrl' | 'iconUrl' | 'shareImageUrl'>): Promise<Around> {
  const [found, images] = await Promise.all([linkables(db), imageInfos(db, [row.logoUrl, row.iconUrl, row.shareImageUrl])]);
  return { ...found, images };
}

/** An image of the settings with its size (0 × 0 while its variants are being made). */
function siteImage(url: string | null, images: Around['images']): Site['logo'] {
  if (!url) return null;
  const info = images.get(url);
  return { url, width: info?.width ?? 0, height: info?.height ?? 0, crops: info?.crops ?? false };
}

const categoryLink = (c: Linkable['categories'][number]): NavLink => ({
  kind: 'category',
  id: c.id,
  label: c.name,
  path: `/category/${encodeURIComponent(c.slug)}`,
});
const pageLink = (p: Linkable['pages'][number]): NavLink => ({ kind: 'page', id: p.id, label: p.title, path: `/${p.slug}` });

/**
 * The links the menus show: those set, in their order, less any category since deleted or page since deleted or
 * unpublished; a menu not set is the default (the header: every category by name; the footer: every published page).
 */
export function resolveMenus(navigation: Navigation, found: Linkable): Site['menus'] {
  const categories = new Map(found.categories.map((c) => [c.id, c]));
  const pages = new Map(found.pages.map((p) => [p.id, p]));
  const resolve = (items: NavItem[]) =>
    items.flatMap((item): NavLink[] => {
      const id = item.id.toLowerCase();
      const category = item.kind === 'category' ? categories.get(id) : undefined;
      const page = item.kind === 'page' ? pages.get(id) : undefined;
      return category ? [categoryLink(category)] : page ? [pageLink(page)] : [];
    });
  return {
    header: navigation.header ? resolve(navigation.header) : found.categories.map(categoryLink),
    footer: navigation.footer ? resolve(navigation.footer) : found.pages.map(pageLink),
  };
}

const toSettings = (row: Row, found: Around): SiteSettings => ({
  ...toSite(row, found),
  navigation: navigationOf(row.navigation),
  setUpAt: row.setUpAt?.toISOString() ?? null,
  comments: {
    premoderated: row.commentsPremoderated,
    blockedWords: row.commentsBlockedWords,
    perUserPerMinute: row.commentsPerUserPerMinute,
    perNetworkPerMinute: row.commentsPerNetworkPerMinute,
  },
  readEventDays: row.readEventDays,
  version: row.version,
});

const toSite = (row: Omit<Row, 'version'>, found: Around): Site => ({
  name: row.name,
  tagline: row.tagline,
  description: row.description,
  address: row.address,
  email: row.email,
  phone: row.phone,
  social: socialOf(row.social),
  setUp: row.setUpAt !== null,
  noindex: row.noindex,
  accentColor: row.accentColor,
  locale: row.locale,
  timeZone: row.timeZone,
  logo: siteImage(row.logoUrl, found.images),
  icon: siteImage(row.iconUrl, found.images),
  shareImage: siteImage(row.shareImageUrl, found.images),
  menus: resolveMenus(navigationOf(row.navigation), found),
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
  // Not known: no reminder while the database is away.
  setUp: true,
  noindex: false,
  accentColor: DEFAULT_ACCENT,
  locale: 'en-US',
  timeZone: 'UTC',
  logo: null,
  icon: null,
  shareImage: null,
  menus: { header: [], footer: [] },
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
  const row = await readRow(db);
  return toSettings(row, await around(db, row));
}

/** What the site's settings are made of: themselves, and the categories and pages their menus link. */
export const SITE_TAGS = [Tags.site, Tags.categories, Tags.pages];

/**
 * What every page shows of the site, read once per change: kept by the response cache (shared by the processes
 * sharing its store, dropped by the purge a save makes), so a page, a feed or an e-mail costs no read for it.
 */
export function currentSite(db: Db, cache: Pick<ResponseCache, 'remember'>): Promise<Site> {
  return cache.remember('site', SITE_TAGS, async () => {
    const row = await readRow(db);
    return toSite(row, await around(db, row));
  });
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
export async function updateSettings(
  db: Db,
  actor: Actor,
  changes: Omit<UpdateSiteSettings, 'version'>,
  expected: ExpectedVersion | undefined,
): Promise<SiteSettings> {
  const { setUp, comments, ...values } = changes;
  void setUp;
  const data: Partial<Omit<SiteSettingsValues, 'comments'>> & Prisma.SiteSettingsUpdateManyMutationInput = { ...values };
  if (comments) {
    // One word once: the list is kept as the admin wrote it otherwise.
    const words = [...new Map(comments.blockedWords.map((w) => [w.toLowerCase(), w])).values()];
    Object.assign(data, {
      commentsPremoderated: comments.premoderated,
      commentsBlockedWords: words,
      commentsPerUserPerMinute: comments.perUserPerMinute,
      commentsPerNetworkPerMinute: comments.perNetworkPerMinute,
    });
  }
  if (values.social) data.social = socialOf(values.social);
  if (values.navigation) data.navigation = await linkableMenus(db, values.navigation);
  const images = await requireUploadedImages(db, values);
  const count = !expected
    ? 0
    : await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM "SiteSettings" WHERE id = ${ID} FOR UPDATE`;
        const before = await tx.siteSettings.findUnique({ where: { id: ID } });
        const { count } = await tx.siteSettings.updateMany({
          where: { id: ID, ...versionWhere(expected) },
          data: { ...data, navigation: data.navigation as Prisma.InputJsonValue | undefined, version: { increment: 1 } },
        });
        if (count) await tx.siteSettings.updateMany({ where: { id: ID, setUpAt: null }, data: { setUpAt: new Date() } });
        // Chosen, so in use: the sweep of unused uploads never takes them (only once the save went through).
        if (count && images.length) await tx.upload.updateMany({ where: { fileUrl: { in: images } }, data: { referenced: true } });
        // The audit log's entry: the values this save changed (docs/decisions/067-audit-log.md).
        const after = count ? await tx.siteSettings.findUnique({ where: { id: ID } }) : null;
        if (before && after) {
          const saved = Object.fromEntries(Object.keys(data).map((field) => [field, after[field as keyof typeof after]]));
          await audit(tx, actor, 'settings.edit', { type: 'settings', label: after.name }, changed(before, saved));
        }
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

/**
 * The menus to store: a link must name a category or a page that exists (a draft may be linked: it shows once
 * published), or 400. A link the stored menus already had, whose category or page has since been deleted, is dropped
 * instead: a form filled before the deletion still saves.
 */
async function linkableMenus(db: Db, navigation: Navigation): Promise<Navigation> {
  const key = (i: NavItem) => `${i.kind}:${i.id.toLowerCase()}`;
  const items = [...(navigation.header ?? []), ...(navigation.footer ?? [])];
  const ids = (kind: NavItem['kind']) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.id.toLowerCase()))];
  const [categories, pages] = [ids('category'), ids('page')];
  const [foundCategories, foundPages, row] = await Promise.all([
    categories.length ? db.category.findMany({ where: { id: { in: categories } }, select: { id: true } }) : [],
    pages.length ? db.page.findMany({ where: { id: { in: pages } }, select: { id: true } }) : [],
    db.siteSettings.findUnique({ where: { id: ID }, select: { navigation: true } }),
  ]);
  const exists = new Set([...foundCategories.map((c) => `category:${c.id}`), ...foundPages.map((p) => `page:${p.id}`)]);
  const stored = navigationOf(row?.navigation);
  const had = new Set([...(stored.header ?? []), ...(stored.footer ?? [])].map(key));
  const gone = items.filter((i) => !exists.has(key(i)));
  const unknown = gone.find((i) => !had.has(key(i)));
  if (unknown) throw validationFailed([`navigation: a menu links a ${unknown.kind} that does not exist`]);
  const keep = (menu: NavItem[] | null) => menu && menu.filter((i) => exists.has(key(i)));
  return { header: keep(navigation.header), footer: keep(navigation.footer) };
}

const IMAGE_LABELS = { logoUrl: 'Logo', iconUrl: 'Icon', shareImageUrl: 'Share image' } as const;

/**
 * A logo, icon or share image must be an image uploaded to this site (an Upload row of an image: not a video, not a path
 * that names nothing), 400 otherwise. Answers the paths chosen, which the save marks in use.
 */
async function requireUploadedImages(db: Db, values: Partial<Record<keyof typeof IMAGE_LABELS, string | null>>): Promise<string[]> {
  const chosen: string[] = [];
  for (const field of Object.keys(IMAGE_LABELS) as (keyof typeof IMAGE_LABELS)[]) {
    const url = values[field];
    if (!url) continue;
    const upload = await db.upload.findFirst({ where: { fileUrl: url, type: 'image' }, select: { id: true } });
    if (!upload) throw validationFailed([`${field}: ${IMAGE_LABELS[field]} must be an image uploaded to this site`]);
    chosen.push(url);
  }
  return chosen;
}

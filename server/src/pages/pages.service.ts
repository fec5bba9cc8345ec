import slugify from 'slugify';
import { PAGE_LIMITS, RESERVED_SLUGS, type PageStatus } from '#shared/schemas/pages';
import type { PageListItem, PublicPage, StaticPage } from '#shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { Tags } from '../lib/cache-scope';
import { prismaCode } from '../lib/error-middleware';
import { conflict, notFound } from '../lib/errors';
import { cleanBody } from '../lib/sanitize';
import { requireVersion, staleVersion, versionWhere, type ExpectedVersion } from '../lib/versions';

/**
 * Static pages (docs/decisions/057-pages-and-navigation.md): editors and admins write them; readers see the published
 * ones at `/<slug>`. A handful per site, so lists are read whole (at most PAGE_LIMITS.pages).
 */

const listSelect = {
  id: true,
  slug: true,
  title: true,
  summary: true,
  status: true,
  publishedAt: true,
  updatedAt: true,
  version: true,
} satisfies Prisma.PageSelect;

const fullSelect = { ...listSelect, content: true } satisfies Prisma.PageSelect;

type ListRow = Prisma.PageGetPayload<{ select: typeof listSelect }>;
type FullRow = Prisma.PageGetPayload<{ select: typeof fullSelect }>;

const toListItem = (row: ListRow): PageListItem => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const toPage = (row: FullRow): StaticPage => ({ ...toListItem(row), content: row.content });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pageNotFound = () => notFound('Page not found');
const slugTaken = (slug: string) => conflict(`Another page has the address /${slug}: choose another.`);

/** Every page, drafts included, by title (staff). */
export async function listPages(db: Db): Promise<PageListItem[]> {
  const rows = await db.page.findMany({ select: listSelect, orderBy: [{ title: 'asc' }, { id: 'asc' }], take: PAGE_LIMITS.pages });
  return rows.map(toListItem);
}

/** The published pages, by title: the footer's default menu and the sitemap. */
export async function publishedPages(db: Db): Promise<{ id: string; slug: string; title: string; updatedAt: Date }[]> {
  return db.page.findMany({
    where: { status: 'published' },
    select: { id: true, slug: true, title: true, updatedAt: true },
    orderBy: [{ title: 'asc' }, { id: 'asc' }],
    take: PAGE_LIMITS.pages,
  });
}

export async function getPage(db: Db, id: string): Promise<StaticPage> {
  if (!UUID.test(id)) throw pageNotFound();
  const row = await db.page.findUnique({ where: { id }, select: fullSelect });
  if (!row) throw pageNotFound();
  return toPage(row);
}

/** A published page by its address, as readers see it; 404 for a draft or nothing. */
export async function findPublishedPage(db: Db, slug: string): Promise<PublicPage> {
  const row = await db.page.findFirst({ where: { slug: slug.toLowerCase(), status: 'published' }, select: fullSelect });
  if (!row) throw pageNotFound();
  const { status, version, ...page } = toPage(row);
  void status;
  void version;
  return page;
}

/** An address made from a title: `About us` → `about-us`; a reserved or empty one gets `-page` after it. */
export function slugFromTitle(title: string): string {
  const base = slugify(title.replace(/[<>]/g, ' '), { lower: true, strict: true, trim: true }).slice(0, PAGE_LIMITS.slug).replace(/-+$/, '');
  if (!base) return 'page';
  return (RESERVED_SLUGS as readonly string[]).includes(base) ? `${base}-page` : base;
}

interface PageWrite {
  title?: string;
  slug?: string;
  summary?: string;
  content?: string;
  status?: PageStatus;
}

/** What a write changed for readers: the page's old and new address, and the published list if it was or is on it. */
export function pageTags(before: { slug: string; status: string } | null, after: { slug: string; status: string } | null): string[] {
  const tags = new Set<string>();
  for (const p of [before, after]) if (p) tags.add(Tags.page(p.slug));
  if (before?.status === 'published' || after?.status === 'published') tags.add(Tags.pages);
  return [...tags];
}

export async function createPage(db: Db, input: Required<Omit<PageWrite, 'slug'>> & { slug?: string }): Promise<StaticPage> {
  const slug = input.slug ?? slugFromTitle(input.title);
  const content = cleanBody(input.content);
  if ((await db.page.count()) >= PAGE_LIMITS.pages) throw conflict(`A site holds at most ${PAGE_LIMITS.pages} pages: delete one first.`);
  try {
    const row = await db.page.create({
      data: { title: input.title, slug, summary: input.summary, content, status: input.status, publishedAt: input.status === 'published' ? new Date() : null },
      select: fullSelect,
    });
    return toPage(row);
  } catch (err) {
    throw prismaCode(err) === 'P2002' ? slugTaken(slug) : err;
  }
}

/**
 * A conditional write on the version the edit is based on; returns the page before and after, for the purge. The
 * first publish dates the page (`publishedAt`, kept through later unpublishing).
 */
export async function updatePage(
  db: Db,
  id: string,
  changes: PageWrite,
  expected: ExpectedVersion | undefined,
): Promise<{ before: ListRow; page: StaticPage }> {
  if (!UUID.test(id)) throw pageNotFound();
  const before = await db.page.findUnique({ where: { id }, select: listSelect });
  if (!before) throw pageNotFound();
  requireVersion('page', expected, before.version);
  const data: Prisma.PageUpdateManyMutationInput = { ...changes, version: { increment: 1 } };
  if (changes.content !== undefined) data.content = cleanBody(changes.content);
  if (changes.status === 'published' && !before.publishedAt) data.publishedAt = new Date();
  let count: number;
  try {
    ({ count } = await db.page.updateMany({ where: { id, ...versionWhere(expected) }, data }));
  } catch (err) {
    throw prismaCode(err) === 'P2002' ? slugTaken(changes.slug ?? before.slug) : err;
  }
  if (count === 0) {
    const now = await db.page.findUnique({ where: { id }, select: { version: true } });
    if (!now) throw pageNotFound();
    throw staleVersion('page', expected, now.version);
  }
  const row = await db.page.findUnique({ where: { id }, select: fullSelect });
  if (!row) throw pageNotFound();
  return { before, page: toPage(row) };
}

/** Deletes a page (a stale version is refused when one is named); returns it as it was, for the purge. */
export async function deletePage(db: Db, id: string, expected: ExpectedVersion | undefined): Promise<ListRow> {
  if (!UUID.test(id)) throw pageNotFound();
  const before = await db.page.findUnique({ where: { id }, select: listSelect });
  if (!before) throw pageNotFound();
  if (expected) requireVersion('page', expected, before.version);
  const { count } = await db.page.deleteMany({ where: { id, ...(expected ? versionWhere(expected) : {}) } });
  if (count === 0) {
    const now = await db.page.findUnique({ where: { id }, select: { version: true } });
    if (!now) throw pageNotFound();
    throw staleVersion('page', expected!, now.version);
  }
  return before;
}

/** Refuses a slug that another page has, before the write (the unique index backs it up). */
export async function assertSlugFree(db: Db, slug: string, exceptId?: string): Promise<void> {
  const taken = await db.page.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw slugTaken(slug);
}

import { randomBytes } from 'node:crypto';
import { audit, changed, type Actor, type Changes } from '../audit/audit.service';
import slugify from 'slugify';
import { PAGE_SLUG } from '#shared/page-slug';
import { firstFreeSlug } from '../lib/slug';
import { PAGE_LIMITS, RESERVED_SLUGS, type PageStatus } from '#shared/schemas/pages';
import type { PageListItem, PublicPage, StaticPage } from '#shared/types';
import type { Db, Tx } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { Tags } from '../lib/cache-scope';
import { prismaCode } from '../lib/error-middleware';
import { conflict, notFound } from '../lib/errors';
import { cleanBody } from '../lib/sanitize';
import { requireVersion, type ExpectedVersion } from '../lib/versions';

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
  formerSlugs: true,
} satisfies Prisma.PageSelect;

/** How many of a page's earlier addresses still move readers to it. */
const FORMER_SLUGS = 10;

const fullSelect = { ...listSelect, content: true } satisfies Prisma.PageSelect;

type ListRow = Prisma.PageGetPayload<{ select: typeof listSelect }>;
type FullRow = Prisma.PageGetPayload<{ select: typeof fullSelect }>;

const toListItem = (row: Omit<ListRow, 'formerSlugs'>): PageListItem => ({
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

/**
 * A published page by its address, as readers see it; 404 for a draft or nothing. Only the address as stored answers
 * (lower case): the reader's route moves other spellings there, and a path no page could have costs no read. An
 * earlier address of a published page, which no page has taken since, answers that page: its `slug` is where it
 * lives now, and the reader's route moves there (301).
 */
export async function findPublishedPage(db: Db, slug: string): Promise<PublicPage> {
  if (!PAGE_SLUG.test(slug) || slug.length > PAGE_LIMITS.slug) throw pageNotFound();
  const row =
    (await db.page.findFirst({ where: { slug, status: 'published' }, select: fullSelect })) ??
    // An address a published page had before it moved, and no page has now: that page, under its own address.
    (await db.page.findFirst({
      where: { formerSlugs: { has: slug }, status: 'published' },
      select: fullSelect,
      orderBy: { updatedAt: 'desc' },
    }));
  if (!row) throw pageNotFound();
  const { status, version, ...page } = toPage(row);
  void status;
  void version;
  return page;
}

/**
 * An address made from a title, free when made (`About us` → `about-us`, then `about-us-2`…). A reserved word gets
 * `-page` after it; a title with nothing slugify can spell (all in another script) gets `page-` and a random word.
 */
async function freeSlugFor(db: Db, title: string): Promise<string> {
  // Room for the longest ending it may get ('-' and six hex digits), within the address's limit.
  const made = slugify(title.replace(/[<>]/g, ' '), { lower: true, strict: true, trim: true })
    .slice(0, PAGE_LIMITS.slug - 7)
    .replace(/-+$/, '');
  const base = !made
    ? `page-${randomBytes(3).toString('hex')}`
    : (RESERVED_SLUGS as readonly string[]).includes(made)
      ? `${made}-page`
      : made;
  const taken = new Set(
    (await db.page.findMany({ where: { slug: { startsWith: base } }, select: { slug: true }, take: 1000 })).map((p) => p.slug),
  );
  return firstFreeSlug(base, taken) ?? `${base}-${randomBytes(3).toString('hex')}`;
}

interface PageWrite {
  title?: string;
  slug?: string;
  summary?: string;
  content?: string;
  status?: PageStatus;
}

type Seen = Pick<ListRow, 'slug' | 'status' | 'title'> & { formerSlugs?: string[] };

/**
 * What a write changed for readers: the page's old and new address, and the earlier ones that move to it; the published pages' list (menus, every reader
 * page) when a published page came, went, or changed its title or address; the sitemaps' dates when a published page
 * changed at all. An edit of a draft touches nothing readers see but its (missing) address.
 */
export function pageTags(before: Seen | null, after: Seen | null): string[] {
  const tags = new Set<string>();
  // Its earlier addresses answer it too (findPublishedPage).
  for (const p of [before, after]) for (const slug of p ? [p.slug, ...(p.formerSlugs ?? [])] : []) tags.add(Tags.page(slug));
  const shown = (p: Seen | null) => p?.status === 'published';
  if (shown(before) || shown(after)) tags.add(Tags.pageDates);
  if (shown(before) !== shown(after) || (shown(after) && (before!.title !== after!.title || before!.slug !== after!.slug)))
    tags.add(Tags.pages);
  return [...tags];
}

const lockPage = (tx: Tx, id: string) => tx.$executeRaw`SELECT 1 FROM "Page" WHERE id = ${id}::uuid FOR UPDATE`;

/** Refuses an address another page has (the unique index backs it up). */
async function assertSlugFree(db: Db | Tx, slug: string, exceptId?: string): Promise<void> {
  const taken = await db.page.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw slugTaken(slug);
}

export async function createPage(db: Db, actor: Actor, input: Required<Omit<PageWrite, 'slug'>> & { slug?: string }): Promise<StaticPage> {
  const content = cleanBody(input.content);
  if (input.slug) await assertSlugFree(db, input.slug);
  if ((await db.page.count()) >= PAGE_LIMITS.pages) throw conflict(`A site holds at most ${PAGE_LIMITS.pages} pages: delete one first.`);
  // An address made here and taken meanwhile by another page made from the same title: made again, a few times.
  for (let attempt = 1; ; attempt++) {
    const slug = input.slug ?? (await freeSlugFor(db, input.title));
    try {
      const row = await db.$transaction(async (tx) => {
        const created = await tx.page.create({
          data: {
            title: input.title,
            slug,
            summary: input.summary,
            content,
            status: input.status,
            publishedAt: input.status === 'published' ? new Date() : null,
          },
          select: fullSelect,
        });
        const shown = { title: created.title, slug, summary: created.summary, status: created.status };
        await audit(tx, actor, 'page.create', { type: 'page', id: created.id, label: created.title }, changed({}, shown));
        return created;
      });
      return toPage(row);
    } catch (err) {
      if (prismaCode(err) !== 'P2002') throw err;
      if (input.slug || attempt >= 3) throw slugTaken(slug);
    }
  }
}

/**
 * Changes a page under its row's lock, if `expected` names its version (404, then 428/409/412, then a taken address);
 * returns the page before and after, for the purge. The first publish dates the page (`publishedAt`, kept through
 * later unpublishing).
 */
export async function updatePage(
  db: Db,
  actor: Actor,
  id: string,
  changes: PageWrite,
  expected: ExpectedVersion | undefined,
): Promise<{ before: ListRow; page: StaticPage }> {
  if (!UUID.test(id)) throw pageNotFound();
  const content = changes.content === undefined ? undefined : cleanBody(changes.content);
  try {
    return await db.$transaction(async (tx) => {
      await lockPage(tx, id);
      const before = await tx.page.findUnique({ where: { id }, select: listSelect });
      if (!before) throw pageNotFound();
      requireVersion('page', expected, before.version);
      const moved = changes.slug !== undefined && changes.slug !== before.slug;
      if (moved) await assertSlugFree(tx, changes.slug!, id);
      const data: Prisma.PageUpdateInput = { ...changes, ...(content === undefined ? {} : { content }), version: { increment: 1 } };
      // The address it leaves keeps moving readers to it; one it comes back to is no longer an earlier one.
      if (moved) data.formerSlugs = [before.slug, ...before.formerSlugs.filter((s) => s !== changes.slug)].slice(0, FORMER_SLUGS);
      if (changes.status === 'published' && !before.publishedAt) data.publishedAt = new Date();
      const text = content === undefined ? null : await tx.page.findUnique({ where: { id }, select: { content: true } });
      const row = await tx.page.update({ where: { id }, data, select: fullSelect });
      // The audit log names the fields changed; of the text, only that it changed (docs/decisions/067-audit-log.md).
      const edits: Changes = changed(before, {
        title: changes.title,
        slug: changes.slug,
        summary: changes.summary,
        status: changes.status,
      });
      if (text && text.content !== content) edits.content = ['(earlier text)', '(new text)'];
      await audit(tx, actor, 'page.edit', { type: 'page', id, label: row.title }, edits);
      return { before, page: toPage(row) };
    });
  } catch (err) {
    throw prismaCode(err) === 'P2002' ? slugTaken(changes.slug ?? '') : err;
  }
}

/** Deletes a page under its row's lock (a stale version is refused when one is named); returns it as it was, for the purge. */
export async function deletePage(db: Db, actor: Actor, id: string, expected: ExpectedVersion | undefined): Promise<ListRow> {
  if (!UUID.test(id)) throw pageNotFound();
  return db.$transaction(async (tx) => {
    await lockPage(tx, id);
    const before = await tx.page.findUnique({ where: { id }, select: listSelect });
    if (!before) throw pageNotFound();
    if (expected) requireVersion('page', expected, before.version);
    await tx.page.delete({ where: { id }, select: { id: true } });
    await audit(
      tx,
      actor,
      'page.delete',
      { type: 'page', id, label: before.title },
      { slug: [before.slug, null], status: [before.status, null] },
    );
    return before;
  });
}

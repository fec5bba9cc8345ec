import type { AuditAction } from '#shared/audit';
import type { Db, Tx } from '../db/client';
import { audit, changed, nulls, type Actor } from '../audit/audit.service';
import type { Prisma } from '../generated/prisma/client';
import { conflict, forbidden, notFound } from '../lib/errors';
import type { AuthUser } from '../lib/policy';
import type { Grant } from '#shared/permissions';
import type { BreakingNewsStatus } from '#shared/constants';
import { requireFutureTime, scheduleAt, scheduleKeys } from '../scheduling/scheduling.service';
import { requireVersion, versionWhere, type ExpectedVersion } from '../lib/versions';
import { breakingNewsSelect, newestFirst, toBreakingNews } from './breaking-news.mapper';

const NOT_FOUND = 'Breaking news not found';

const AUDITED = { headline: true, status: true, scheduledAt: true, publishedAt: true } as const;
type Audited = { headline: string; status: string; scheduledAt: Date | null; publishedAt: Date | null } | null;

const auditedFields = (tx: Tx, id: string): Promise<Audited> => tx.breakingNews.findUnique({ where: { id }, select: AUDITED });

/** Locks the headline, then reads what the audit log compares with: nobody changes it between the read and the write. */
async function lockedFields(tx: Tx, id: string): Promise<Audited> {
  await tx.$executeRaw`SELECT 1 FROM "BreakingNews" WHERE id = ${id}::uuid FOR UPDATE`;
  return auditedFields(tx, id);
}

/** The audit log's entry of a change to headline `id` (docs/decisions/067-audit-log.md): what changed since `before`. */
async function auditHeadline(tx: Tx, actor: Actor, action: AuditAction, id: string, before: Audited): Promise<void> {
  const after = await auditedFields(tx, id);
  const label = (after ?? before)?.headline ?? id;
  await audit(tx, actor, action, { type: 'breaking-news', id, label }, changed(before ?? {}, after ?? nulls(before)));
}

/** Readers see published items; staff see every item, optionally filtered by status. */
export async function listBreakingNews(db: Db, staff: boolean, query: { status?: BreakingNewsStatus; limit: number }) {
  const where: Prisma.BreakingNewsWhereInput = staff ? (query.status ? { status: query.status } : {}) : { status: 'published' };
  const rows = await db.breakingNews.findMany({ where, orderBy: newestFirst, take: query.limit, select: breakingNewsSelect });
  return rows.map(toBreakingNews);
}

/** A new headline, as a draft authored by `author`. */
export async function createBreakingNews(db: Db, author: Actor, headline: string) {
  const row = await db.$transaction(async (tx) => {
    const created = await tx.breakingNews.create({ data: { headline, status: 'draft', authorId: author.id }, select: breakingNewsSelect });
    await auditHeadline(tx, author, 'breaking-news.create', created.id, null);
    return created;
  });
  return toBreakingNews(row);
}

/**
 * Edits a headline at version `expected` (authors holding an 'own' grant: only their own drafts). An edit
 * naming no version is never written: the read below says why (404, 403, then 428).
 */
export async function updateBreakingNews(
  db: Db,
  user: AuthUser,
  grant: Grant | undefined,
  id: string,
  headline: string,
  expected: ExpectedVersion | undefined,
) {
  // One conditional write: an author's edit lands only while the item is still their draft, so an
  // editor's publication between a check and the write cannot be overtaken (issue 9, item 11).
  const own: Prisma.BreakingNewsWhereInput = grant === 'own' ? { authorId: user.id, status: 'draft' } : {};
  const count = expected
    ? await db.$transaction(async (tx) => {
        const before = await lockedFields(tx, id);
        const edited = await tx.breakingNews.updateMany({
          where: { id, ...own, ...versionWhere(expected) },
          data: { headline, version: { increment: 1 } },
        });
        if (edited.count) await auditHeadline(tx, user, 'breaking-news.edit', id, before);
        return edited.count;
      })
    : 0;
  if (count === 0) {
    const current = await db.breakingNews.findUnique({
      where: { id },
      select: { authorId: true, status: true, version: true },
    });
    if (!current) throw notFound(NOT_FOUND);
    if (grant === 'own' && (current.authorId !== user.id || current.status !== 'draft')) {
      throw forbidden('Authors can edit only their own draft headlines');
    }
    requireVersion('headline', expected, current.version);
    // Nothing refuses the edit any more: the item changed back between the write and this read.
    throw conflict('The headline changed while you were saving it: please try again.');
  }
  const row = await db.breakingNews.findUniqueOrThrow({ where: { id }, select: breakingNewsSelect });
  return toBreakingNews(row);
}

export async function deleteBreakingNews(db: Db, actor: Actor, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await lockedFields(tx, id);
    const { count } = await tx.breakingNews.deleteMany({ where: { id } });
    if (count === 0) throw notFound(NOT_FOUND);
    await auditHeadline(tx, actor, 'breaking-news.delete', id, before);
  });
}

/** One transaction, so the answer shows the item exactly as this change left it. Either way, a schedule ends. */
export async function setBreakingNewsStatus(db: Db, actor: Actor, id: string, status: 'draft' | 'published') {
  const row = await db.$transaction(async (tx) => {
    const before = await lockedFields(tx, id);
    // updatedAt moves the item to the front of the ticker; the version tells an editor's open form it is stale.
    const { count } = await tx.breakingNews.updateMany({ where: { id }, data: { status, scheduledAt: null, version: { increment: 1 } } });
    if (count === 0) throw notFound(NOT_FOUND);
    await scheduleAt(tx, scheduleKeys.breakingPublish(id), null);
    // publishedAt records the first publication only.
    if (status === 'published') await tx.breakingNews.updateMany({ where: { id, publishedAt: null }, data: { publishedAt: new Date() } });
    await auditHeadline(tx, actor, status === 'published' ? 'breaking-news.publish' : 'breaking-news.unpublish', id, before);
    return tx.breakingNews.findUniqueOrThrow({ where: { id }, select: breakingNewsSelect });
  });
  return toBreakingNews(row);
}

/**
 * Schedules a headline that is not on the ticker to go on it by itself at `publishAt` (again: a new time), or cancels
 * that (back to a draft). 409 from a state the step does not start from (docs/decisions/059-scheduling.md).
 */
export async function scheduleBreakingNews(db: Db, actor: Actor, id: string, publishAt: Date | null, now = Date.now()) {
  if (publishAt) requireFutureTime('publishAt', publishAt, now);
  const row = await db.$transaction(async (tx) => {
    // One locked read: the state the step starts from, and what the audit log compares with.
    const current = await lockedFields(tx, id);
    if (!current) throw notFound(NOT_FOUND);
    if (publishAt && current.status === 'published') throw conflict('This headline is on the ticker already.');
    if (!publishAt && current.status !== 'scheduled')
      throw conflict(`Nothing is scheduled for this headline: it is ${current.status === 'draft' ? 'a draft' : 'published'}.`);
    await tx.breakingNews.update({
      where: { id },
      data: { status: publishAt ? 'scheduled' : 'draft', scheduledAt: publishAt, version: { increment: 1 } },
      select: { id: true },
    });
    await scheduleAt(tx, scheduleKeys.breakingPublish(id), publishAt);
    await auditHeadline(tx, actor, publishAt ? 'breaking-news.schedule' : 'breaking-news.unschedule', id, current);
    return tx.breakingNews.findUniqueOrThrow({ where: { id }, select: breakingNewsSelect });
  });
  return toBreakingNews(row);
}

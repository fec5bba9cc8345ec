import type { AuditAction } from '#shared/audit';
import type { ArticleStatus } from '#shared/constants';
import type { Permission } from '#shared/permissions';
import type { Article, ArticleListItem, Page } from '#shared/types';
import type { z } from 'zod';
import type {
  createArticleInputSchema,
  ListArticlesQuery,
  PublishedArticlesQuery,
  ScheduleInput,
  updateArticleInputSchema,
} from '#shared/schemas/articles';
import type { Db, Tx } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { prismaCode } from '../lib/error-middleware';
import { conflict, HttpError, notFound, validationFailed } from '../lib/errors';
import { removeUnusedFiles, type FilesContext } from '../media/media-files';
import { allows, requireOwnership, type AuthUser } from '../lib/policy';
import { holds } from '#shared/permissions';
import { cleanBody as cleanContent } from '../lib/sanitize';
import { requireVersion, type ExpectedVersion } from '../lib/versions';
import { slugCandidates } from '../lib/slug';
import { roleToWire, sectionFromWire, sectionToWire } from '../lib/wire';
import { articleSelect, publishedOnly, toArticle, toArticleListItem, toArticles, withoutWorkflow } from './article.mapper';
import { readArticleRow, readAuthorArticleIds, readPublishedRows, type PublishedFilter } from './article-reads.repository';
import { removeShareImages } from './share-image';
import type { ResponseCache } from '../cache';
import { Tags } from '../lib/cache-scope';
import {
  articleNotFound,
  canRead,
  inTrash,
  isUuid,
  NEXT_VERSION,
  ownedArticle,
  ownedArticleRow,
  ownersSelect,
  requireEditableInReview,
} from './article-records';
import { lockArticle, readArticle } from './articles.repository';
import { readStaffArticleIds } from './staff-list.repository';
import { requireFutureTime, scheduleAt, scheduleKeys } from '../scheduling/scheduling.service';
import { saveRevision } from './revisions.service';
import { AUDITED_SELECT, auditArticle, auditedFields } from './article-audit.service';
import { audit, changed, type Actor, type Changes } from '../audit/audit.service';

type CreateArticle = z.output<typeof createArticleInputSchema>;
type UpdateArticle = z.output<typeof updateArticleInputSchema>;

const noSuchCategory = () => validationFailed(['categoryId: no category has this id']);

async function requireCategory(db: Db | Tx, categoryId: string): Promise<void> {
  const category = await db.category.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!category) throw noSuchCategory();
}

/** A category deleted between the check and the write is refused by the foreign key: answer as the check would. */
function categoryGone(err: unknown): unknown {
  return prismaCode(err) === 'P2003' ? noSuchCategory() : err;
}

export async function getArticle(db: Db, id: string, user: AuthUser | undefined): Promise<Article> {
  const found = await readArticleRow(db, id);
  const owned = found && ownedArticleRow(found.row);
  if (!found || !owned || !canRead(user, owned)) throw articleNotFound();
  const article = { ...toArticle(found.row, found.images), corrections: found.corrections };
  return allows(user, 'articles:read-draft', owned.owners) ? article : withoutWorkflow(article);
}

/** The staff list: everything for editors+, only their own for authors (filtered in the query). */
export async function listArticles(
  db: Db,
  user: AuthUser,
  grant: 'any' | 'own' | undefined,
  query: ListArticlesQuery,
  timeZone: string,
): Promise<Page<Article>> {
  // The trash is listed only when asked for, and only to those who may restore from it.
  const trash = query.status === 'trashed' && allows(user, 'articles:restore');
  const { ids, total } = await readStaffArticleIds(
    db,
    {
      // An author's own: those they wrote, and those they co-write (docs/decisions/064-co-authors.md).
      ownerId: grant === 'any' ? undefined : user.id,
      status: trash ? 'trashed' : query.status === 'trashed' ? undefined : query.status,
      sentBack: query.sentBack === undefined ? undefined : query.sentBack === 'true',
      q: query.q || undefined,
      categoryId: query.categoryId,
      authorId: query.authorId,
      from: query.from,
      to: query.to,
      timeZone,
    },
    query.sort,
    query.limit,
    query.offset,
  );
  const rows = await db.article.findMany({ where: { id: { in: ids } }, select: articleSelect });
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return { data: await toArticles(db, rows), pagination: { total, limit: query.limit, offset: query.offset } };
}

/**
 * The id of a category given by id or slug; null when no category has the slug. A slug is looked up first
 * (one unique-index read) so the list reads the (status, categoryId, …) index in order: joining on the slug
 * instead walks every category's newest articles and drops the others (docs/query-plans.md).
 */
export async function categoryIdOf(db: Db, idOrSlug: string): Promise<string | null> {
  if (isUuid(idOrSlug)) return idOrSlug;
  const category = await db.category.findFirst({ where: { slug: { in: slugCandidates(idOrSlug) } }, select: { id: true } });
  return category?.id ?? null;
}

/**
 * The public lists: summaries without bodies (articleListSelect), each filter answered by its index in order.
 * With `counts` (the app's response cache), the total of each filter is computed once per purge of the
 * articles, not per request, and shared by every process using the cache (docs/decisions/026).
 */
export async function listPublished(
  db: Db,
  query: PublishedArticlesQuery,
  counts?: Pick<ResponseCache, 'remember'>,
): Promise<Page<ArticleListItem>> {
  const filter: PublishedFilter = { featured: query.featured, main: query.main, story: query.story };
  if (query.section) filter.section = sectionFromWire(query.section);
  if (query.category) {
    const categoryId = await categoryIdOf(db, query.category);
    if (!categoryId) return { data: [], pagination: { total: 0, limit: query.limit, offset: query.offset } };
    filter.categoryId = categoryId;
  }
  // The same filters for the count, in Prisma's words (an undefined field filters nothing).
  const where: Prisma.ArticleWhereInput = {
    ...publishedOnly,
    section: filter.section,
    categoryId: filter.categoryId,
    isFeatured: filter.featured,
    isMainStory: filter.main,
    isStory: filter.story,
  };
  const countKey = [query.section, query.category, query.featured, query.main, query.story];
  const [total, { rows, images }] = await Promise.all([
    counts
      ? counts.remember(`published-count:${JSON.stringify(countKey)}`, [Tags.articles, Tags.categories], () => db.article.count({ where }))
      : db.article.count({ where }),
    readPublishedRows(db, filter, query.limit, query.offset),
  ]);
  return { data: rows.map((row) => toArticleListItem(row, images)), pagination: { total, limit: query.limit, offset: query.offset } };
}

/** A page of one author's published articles, newest first (their author page), and how many they have published. */
export async function listPublishedByAuthor(db: Db, authorId: string, limit: number, offset: number): Promise<Page<ArticleListItem>> {
  const [own, coWritten, { rows, images }] = await Promise.all([
    // Two counts, each by its index: the author is never their own co-author (docs/decisions/064-co-authors.md).
    db.article.count({ where: { ...publishedOnly, authorId } }),
    db.articleAuthor.count({ where: { userId: authorId, article: publishedOnly } }),
    readPublishedRows(db, { authorId }, limit, offset),
  ]);
  const total = own + coWritten;
  return { data: rows.map((row) => toArticleListItem(row, images)), pagination: { total, limit, offset } };
}

/** The ids of an author's newest `limit` published articles, co-written ones included, newest first (their feed). */
export const newestArticleIdsBy = (db: Db, authorId: string, limit: number) => readAuthorArticleIds(db, authorId, limit);

/**
 * Names an article's co-authors (docs/decisions/064-co-authors.md), in the byline's order, in the transaction of the
 * edit. Whoever is added must be a member of staff who writes articles, not suspended, and not the article's author:
 * 400 otherwise, naming them. Those already named stay even if they have since lost the role (the byline is history).
 * Returns whether anything changed.
 */
async function setCoAuthors(tx: Tx, articleId: string, authorId: string, ids: string[], current: string[] = []): Promise<boolean> {
  if (ids.length === current.length && ids.every((id, i) => id === current[i])) return false;
  if (ids.includes(authorId)) throw validationFailed(['coAuthorIds: the author is in the byline already']);
  const added = ids.filter((id) => !current.includes(id));
  const found = added.length
    ? await tx.user.findMany({ where: { id: { in: added } }, select: { id: true, name: true, role: true, suspended: true } })
    : [];
  const problems = added.flatMap((id) => {
    const user = found.find((u) => u.id === id);
    if (!user || !holds(roleToWire(user.role), 'articles:create'))
      return [`coAuthorIds: ${id} is not a member of staff who writes articles`];
    return user.suspended ? [`coAuthorIds: ${user.name} is suspended`] : [];
  });
  if (problems.length) throw validationFailed(problems);
  await tx.articleAuthor.deleteMany({ where: { articleId } });
  await tx.articleAuthor.createMany({ data: ids.map((userId, position) => ({ articleId, userId, position })) });
  return true;
}

/** A co-author deleted between the check and the write is refused by the foreign key: answer as the check would. */
function coAuthorGone(err: unknown): never {
  throw prismaCode(err) === 'P2003' ? validationFailed(['coAuthorIds: a co-author no longer exists']) : err;
}

export async function createArticle(db: Db, user: AuthUser, input: CreateArticle): Promise<Article> {
  const content = cleanContent(input.content);
  await requireCategory(db, input.categoryId);
  const id = await db
    .$transaction(async (tx) => {
      const created = await tx.article.create({
        data: {
          title: input.title,
          summary: input.summary,
          content,
          categoryId: input.categoryId,
          section: sectionFromWire(input.section),
          imageUrl: input.imageUrl ?? null,
          authorId: user.id,
          status: 'draft',
        },
        select: { id: true },
      });
      if (input.coAuthorIds) await setCoAuthors(tx, created.id, user.id, input.coAuthorIds).catch(coAuthorGone);
      // Writing it is the first edit of a run: the author's next few saves join this revision.
      await saveRevision(tx, created.id, user.id, { edit: true });
      await auditArticle(tx, user, 'article.create', created.id, null);
      return created.id;
    })
    .catch((err: unknown) => {
      throw categoryGone(err);
    });
  return readArticle(db, id);
}

/**
 * Applies an edit under the article's row lock: the caller's right to edit, the version the edit is based
 * on (`expected`; an edit naming none is refused with 428) and the main-story flag are all checked against
 * the row as it is written.
 */
export async function updateArticle(
  db: Db,
  user: AuthUser,
  id: string,
  input: UpdateArticle,
  expected: ExpectedVersion | undefined,
  { restore = false }: { restore?: boolean } = {},
): Promise<Article> {
  const content = input.content === undefined ? undefined : cleanContent(input.content);
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const current = await tx.article.findUnique({
      where: { id },
      select: { ...ownersSelect, categoryId: true, section: true, isMainStory: true, version: true },
    });
    const owned = current && ownedArticle(current);
    if (!current || !owned || !canRead(user, owned)) throw articleNotFound();
    requireOwnership(user, 'articles:edit', owned.owners);
    requireEditableInReview(user, current.status);
    requireVersion('article', expected, current.version);
    // What readers see changing, and a restore, are in the audit log (a draft's edits are in its revisions only).
    const audited = current.status === 'published' || restore;
    const was = audited
      ? await tx.article.findUnique({ where: { id }, select: { title: true, summary: true, content: true, imageUrl: true } })
      : null;
    const data: Prisma.ArticleUncheckedUpdateInput = { ...NEXT_VERSION };
    if (input.title !== undefined) data.title = input.title;
    if (input.summary !== undefined) data.summary = input.summary;
    if (content !== undefined) data.content = content;
    if (input.imageUrl !== undefined) data.imageUrl = input.imageUrl;
    if (input.categoryId !== undefined && input.categoryId !== current.categoryId) {
      await requireCategory(tx, input.categoryId);
      data.categoryId = input.categoryId;
    }
    if (input.section !== undefined) {
      data.section = sectionFromWire(input.section);
      // A main story belongs to its section: moving it elsewhere gives up the slot rather than taking another's.
      if (data.section !== current.section && current.isMainStory) data.isMainStory = false;
    }
    if (input.coAuthorIds !== undefined) {
      const named = current.coAuthors.map((c) => c.userId);
      await setCoAuthors(tx, id, current.authorId, input.coAuthorIds, named).catch(coAuthorGone);
    }
    await tx.article.update({ where: { id }, data, select: { id: true } }).catch((err: unknown) => {
      throw categoryGone(err);
    });
    // A restore is a revision of its own; a text edit may join the editor's revision of a few minutes ago.
    await saveRevision(tx, id, user.id, { edit: !restore });
    if (was) {
      const before = {
        ...was,
        categoryId: current.categoryId,
        section: current.section,
        coAuthorIds: current.coAuthors.map((c) => c.userId),
      };
      const after = {
        title: input.title,
        summary: input.summary,
        imageUrl: input.imageUrl,
        categoryId: input.categoryId,
        coAuthorIds: input.coAuthorIds,
      };
      const changes: Changes = changed(before, { ...after, section: data.section as typeof current.section | undefined });
      // The body only as changed: revisions keep both texts.
      if (content !== undefined && content !== was.content) changes.content = ['(earlier text)', '(new text)'];
      await audit(
        tx,
        user,
        restore ? 'article.restore-revision' : 'article.edit',
        { type: 'article', id, label: input.title ?? was.title },
        changes,
      );
    }
  });
  return readArticle(db, id);
}

/** How long an article stays in the trash before the job empties it (docs/decisions/061-trash.md). */
export const TRASH_DAYS = 30;

/**
 * Moves an article to the trash (SPEC's delete, docs/decisions/061-trash.md): gone from every public place at once,
 * kept with its revisions, comments, views and story placement for TRASH_DAYS, restorable by an editor. A schedule
 * ends (its minute may pass meanwhile): a scheduled article comes back as a draft, or unpublished if it was published.
 */
export async function trashArticle(db: Db, actor: Actor, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const before = await auditedFields(tx, id);
    const current = await tx.article.findUnique({ where: { id }, select: { status: true, publishedAt: true } });
    if (!current) throw articleNotFound();
    if (current.status === 'trashed') throw conflict('This article is in the trash already.');
    const from = current.status === 'scheduled' ? (current.publishedAt ? 'unpublished' : 'draft') : current.status;
    await tx.article.update({
      where: { id },
      data: {
        status: 'trashed',
        trashedAt: new Date(),
        trashedFrom: from,
        scheduledAt: null,
        unpublishAt: null,
        submittedAt: null,
        ...NEXT_VERSION,
      },
      select: { id: true },
    });
    await scheduleAt(tx, scheduleKeys.articlePublish(id), null);
    await scheduleAt(tx, scheduleKeys.articleUnpublish(id), null);
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.trash', id, before);
  });
}

/** Brings an article back from the trash in the state it left (a published one is public again at once). */
export async function restoreFromTrash(db: Db, actor: Actor, id: string): Promise<Article> {
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const before = await auditedFields(tx, id);
    const current = await tx.article.findUnique({ where: { id }, select: { status: true, trashedFrom: true } });
    if (!current) throw articleNotFound();
    if (current.status !== 'trashed')
      throw conflict(`Only an article in the trash can be restored: this one is ${STATUS_WORDS[current.status]}.`);
    await tx.article.update({
      where: { id },
      data: { status: current.trashedFrom ?? 'draft', trashedAt: null, trashedFrom: null, ...NEXT_VERSION },
      select: { id: true },
    });
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.restore', id, before);
  });
  return readArticle(db, id);
}

/**
 * Deletes an article in the trash for good, with its media rows, comments, view logs and revisions (cascades), then its
 * files. 409 for one not in the trash: it goes there first.
 */
export async function deleteForever(ctx: FilesContext, actor: Actor | null, id: string): Promise<void> {
  const files = await ctx.db.$transaction(async (tx) => {
    const before = await auditedFields(tx, id);
    const media = await tx.media.findMany({ where: { articleId: id }, select: { fileUrl: true } });
    const { count } = await tx.article.deleteMany({ where: { id, status: 'trashed' } });
    if (!count) {
      const current = await tx.article.findUnique({ where: { id }, select: { status: true } });
      if (!current) throw articleNotFound();
      throw conflict(`Only an article in the trash can be deleted for good: this one is ${STATUS_WORDS[current.status]}.`);
    }
    await auditArticle(tx, actor, 'article.delete', id, before);
    return media.map((m) => m.fileUrl);
  });
  await Promise.all([removeUnusedFiles(ctx, files), removeShareImages(ctx, id)]);
}

/** The job's part: deletes for good what has been in the trash longer than TRASH_DAYS; returns how many. */
export async function emptyTrash(ctx: FilesContext, now = new Date()): Promise<number> {
  const due = await ctx.db.article.findMany({
    where: { status: 'trashed', trashedAt: { lt: new Date(now.getTime() - TRASH_DAYS * 86_400_000) } },
    select: { id: true },
    orderBy: { trashedAt: 'asc' },
    take: 500,
  });
  for (const { id } of due) await deleteForever(ctx, null, id);
  return due.length;
}

/**
 * Publishes; `publishedAt` is set on the first publication only. A review ends: its note and submission are cleared; so
 * does a schedule (its end, `unpublishAt`, stands).
 */
export async function publishArticle(db: Db, id: string, actor: Actor): Promise<Article> {
  await db.$transaction(async (tx) => {
    await requireNotTrashed(tx, id);
    const before = await auditedFields(tx, id);
    const { count } = await tx.article.updateMany({
      where: { id },
      data: { status: 'published', submittedAt: null, reviewNote: null, scheduledAt: null, ...NEXT_VERSION },
    });
    if (!count) throw articleNotFound();
    await tx.article.updateMany({ where: { id, publishedAt: null }, data: { publishedAt: new Date() } });
    await scheduleAt(tx, scheduleKeys.articlePublish(id), null);
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.publish', id, before);
  });
  return readArticle(db, id);
}

/**
 * Schedules (docs/decisions/059-scheduling.md): an article that is not published goes live by itself at `publishAt`
 * (a review ends: the editor approved it), and with `unpublishAt` is taken down at that time; an article already
 * published takes only the end (null: none). Setting a time again replaces it. Editors and admins (the route's guard).
 */
export async function scheduleArticle(
  db: Db,
  actor: Actor,
  id: string,
  input: ScheduleInput,
  expected: ExpectedVersion | undefined,
  now = Date.now(),
): Promise<Article> {
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const current = await tx.article.findUnique({
      where: { id },
      select: { ...AUDITED_SELECT, version: true },
    });
    if (!current) throw articleNotFound();
    if (current.status === 'trashed') throw inTrash();
    // What goes live is the text the editor approved, not one its author changed since.
    requireVersion('article', expected, current.version);
    const published = current.status === 'published';
    if (published && input.publishAt) throw conflict('This article is published already: only the time it is taken down can be set.');
    const publishAt = published ? null : input.publishAt;
    if (!published && !publishAt) throw validationFailed(['publishAt: required to schedule an article that is not published']);
    if (publishAt) requireFutureTime('publishAt', publishAt, now);
    // Not given: the end stays as it was (a new publish time keeps its end, if that still follows it).
    const unpublishAt = input.unpublishAt === undefined ? current.unpublishAt : input.unpublishAt;
    if (unpublishAt && (input.unpublishAt !== undefined || publishAt))
      requireFutureTime('unpublishAt', unpublishAt, now, publishAt ? { field: 'publishAt', at: publishAt } : undefined);
    await tx.article.update({
      where: { id },
      data: {
        ...(publishAt ? { status: 'scheduled', scheduledAt: publishAt, submittedAt: null, reviewNote: null } : {}),
        unpublishAt,
        ...NEXT_VERSION,
      },
      select: { id: true },
    });
    if (publishAt) await scheduleAt(tx, scheduleKeys.articlePublish(id), publishAt);
    await scheduleAt(tx, scheduleKeys.articleUnpublish(id), unpublishAt);
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.schedule', id, current);
  });
  return readArticle(db, id);
}

/**
 * Cancels what is scheduled: a scheduled article goes back to the drafts (or to unpublished, if it was published once),
 * with no end either; a published one keeps going, with no end. 409 when nothing is scheduled.
 */
export async function unscheduleArticle(db: Db, actor: Actor, id: string): Promise<Article> {
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const current = await auditedFields(tx, id);
    if (!current) throw articleNotFound();
    const scheduled = current.status === 'scheduled';
    if (!scheduled && !current.unpublishAt) throw conflict(`Nothing is scheduled for this article: it is ${STATUS_WORDS[current.status]}.`);
    await tx.article.update({
      where: { id },
      data: {
        ...(scheduled ? { status: current.publishedAt ? 'unpublished' : 'draft', scheduledAt: null } : {}),
        unpublishAt: null,
        ...NEXT_VERSION,
      },
      select: { id: true },
    });
    await scheduleAt(tx, scheduleKeys.articlePublish(id), null);
    await scheduleAt(tx, scheduleKeys.articleUnpublish(id), null);
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.unschedule', id, current);
  });
  return readArticle(db, id);
}

/**
 * The review's steps (docs/decisions/058-review.md), each from the states it names and nothing else: a step from any
 * other state is refused (409) with the state the article is in, never a silent no-op. Under the row's lock, so two
 * editors acting at once find it where the first one left it.
 */
const REVIEW_STEPS = {
  /** The author (or an editor) asks for a review: from a draft or an unpublished article. */
  submit: {
    action: 'article.submit',
    from: ['draft', 'unpublished'],
    to: 'review',
    permission: 'articles:submit',
    refused: 'Only a draft or an unpublished article can be submitted for review',
  },
  /** The author (or an editor) takes it back to work on it (an article published once goes back to unpublished). */
  withdraw: {
    action: 'article.withdraw',
    from: ['review'],
    to: 'draft',
    permission: 'articles:submit',
    refused: 'Only an article in review can be withdrawn',
  },
  /** An editor returns it to its author with a note. */
  sendBack: {
    action: 'article.send-back',
    from: ['review'],
    to: 'draft',
    permission: 'articles:review',
    refused: 'Only an article in review can be sent back',
  },
} as const satisfies Record<
  string,
  { action: AuditAction; from: ArticleStatus[]; to: ArticleStatus; permission: Permission; refused: string }
>;

export type ReviewStep = keyof typeof REVIEW_STEPS;

const STATUS_WORDS: Record<ArticleStatus, string> = {
  draft: 'a draft',
  review: 'in review',
  scheduled: 'scheduled',
  published: 'published',
  unpublished: 'unpublished',
  trashed: 'in the trash',
};

/** Takes one step of the review, if the article is in a state it starts from (409 otherwise) and the caller may (403/404). */
export async function reviewStep(db: Db, user: AuthUser, id: string, step: ReviewStep, note?: string): Promise<Article> {
  const { action, from, to, permission, refused } = REVIEW_STEPS[step];
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const current = await tx.article.findUnique({ where: { id }, select: { ...ownersSelect, ...AUDITED_SELECT } });
    const owned = current && ownedArticle(current);
    if (!current || !owned || !canRead(user, owned)) throw articleNotFound();
    requireOwnership(user, permission, owned.owners);
    if (!(from as readonly ArticleStatus[]).includes(current.status))
      throw conflict(`${refused}: this one is ${STATUS_WORDS[current.status]}.`);
    await tx.article.update({
      where: { id },
      data: {
        // Out of review, an article that was published once is unpublished again, not a draft.
        status: to === 'draft' && current.publishedAt ? 'unpublished' : to,
        submittedAt: to === 'review' ? new Date() : null,
        // Submitting answers the note; sending back writes the new one.
        ...(step === 'submit' ? { reviewNote: null } : step === 'sendBack' ? { reviewNote: note } : {}),
        ...NEXT_VERSION,
      },
      select: { id: true },
    });
    await saveRevision(tx, id, user.id);
    await auditArticle(tx, user, action, id, current);
  });
  return readArticle(db, id);
}

/** Unpublishes, and gives up any featured or main slot: a hidden article must not hold one. A review ends too, and any schedule. */
export async function unpublishArticle(db: Db, id: string, actor: Actor): Promise<Article> {
  await db.$transaction(async (tx) => {
    await requireNotTrashed(tx, id);
    const before = await auditedFields(tx, id);
    const { count } = await tx.article.updateMany({
      where: { id },
      data: {
        status: 'unpublished',
        isFeatured: false,
        featuredAt: null,
        isMainStory: false,
        submittedAt: null,
        reviewNote: null,
        scheduledAt: null,
        unpublishAt: null,
        ...NEXT_VERSION,
      },
    });
    if (!count) throw articleNotFound();
    await scheduleAt(tx, scheduleKeys.articlePublish(id), null);
    await scheduleAt(tx, scheduleKeys.articleUnpublish(id), null);
    await saveRevision(tx, id, actor.id);
    await auditArticle(tx, actor, 'article.unpublish', id, before);
  });
  return readArticle(db, id);
}

/**
 * Restores a revision as a new one (docs/decisions/060-revisions.md): its title, summary, body, category, section and
 * image, as an edit of the caller's based on version `expected` (the edit's rules: who may, the review, 409/412/428).
 * Media stay as they are: a file removed since is gone. A category deleted since is 409, named.
 */
export async function restoreRevision(
  db: Db,
  user: AuthUser,
  id: string,
  revisionId: string,
  expected: ExpectedVersion | undefined,
): Promise<Article> {
  const article = await db.article.findUnique({ where: { id }, select: ownersSelect });
  if (!article || !canRead(user, ownedArticle(article))) throw articleNotFound();
  const revision = await db.articleRevision.findFirst({
    where: { id: revisionId, articleId: id },
    select: { title: true, summary: true, content: true, categoryId: true, categoryName: true, section: true, imageUrl: true },
  });
  if (!revision) throw notFound('Revision not found');
  const { categoryName, section, ...fields } = revision;
  return updateArticle(db, user, id, { ...fields, section: sectionToWire(section) }, expected, { restore: true }).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 400 && err.details?.[0]?.startsWith('categoryId'))
      throw conflict(`The category of this revision, ${categoryName}, no longer exists: move the article to another category first.`);
    throw err;
  });
}

/** Under the row's lock: 404 for no article, 409 for one in the trash (it is restored before anything else). */
async function requireNotTrashed(tx: Tx, id: string): Promise<void> {
  await lockArticle(tx, id);
  const current = await tx.article.findUnique({ where: { id }, select: { status: true } });
  if (!current) throw articleNotFound();
  if (current.status === 'trashed') throw inTrash();
}

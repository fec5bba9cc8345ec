import type { ArticleRevision, RevisionSummary } from '#shared/types';
import type { Db, Tx } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { notFound } from '../lib/errors';
import { allows, type AuthUser } from '../lib/policy';
import { sectionToWire } from '../lib/wire';
import { articleNotFound, ownedArticle, ownersSelect } from './article-records';

/**
 * Revisions (docs/decisions/060-revisions.md): every save of an article keeps what it left, by whom, in the same
 * transaction as the save. Bounded: a run of text edits by one person, begun within RUN_MS, is one revision (the last
 * save's; never a published state, which readers saw),
 * and an article keeps its KEEP newest revisions and the newest one that was published.
 */

/** Text edits by one person closer together than this make one revision (an afternoon's autosaves are not 500). */
export const RUN_MS = 10 * 60_000;
/** Revisions an article keeps, besides its last published one. */
export const KEEP = 50;

/** The media of article `a` as a revision keeps them, oldest first (SQL, for the statements below). */
const mediaJson = Prisma.sql`COALESCE((SELECT jsonb_agg(jsonb_build_object('type', m.type, 'fileUrl', m."fileUrl") ORDER BY m."createdAt", m.id)
  FROM "Media" m WHERE m."articleId" = a.id), '[]'::jsonb)`;

export interface SaveOptions {
  /** A text edit, which may join the same person's revision of a few minutes ago (never a step of the workflow). */
  edit?: boolean;
}

/**
 * Keeps the article's state as a revision, after a save in `tx` moved its version: who (`editorId`, null for the
 * scheduler), its text, category, section, image, media and status.
 */
export async function saveRevision(tx: Tx, articleId: string, editorId: string | null, { edit = false }: SaveOptions = {}): Promise<void> {
  if (edit && editorId) {
    // The same person's run of text edits, begun less than RUN_MS ago, in the same state, not yet published: this save
    // becomes that revision. What readers saw (a published state), a step of the workflow or a restore is never joined.
    const joined = await tx.$executeRaw`
      UPDATE "ArticleRevision" r SET version = a.version, "savedAt" = now(), title = a.title, summary = a.summary,
        content = a.content, "categoryId" = a."categoryId", "categoryName" = c.name, section = a.section,
        "imageUrl" = a."imageUrl", media = ${mediaJson}
      FROM "Article" a JOIN "Category" c ON c.id = a."categoryId"
      WHERE a.id = ${articleId}::uuid AND r."articleId" = a.id AND r.status = a.status AND a.status <> 'published'
        AND r."editorId" = ${editorId}::uuid AND r."editRunAt" > now() - ${RUN_MS}::int * interval '1 millisecond'
        AND r.version = (SELECT max(version) FROM "ArticleRevision" WHERE "articleId" = a.id)`;
    if (joined) return;
  }
  await tx.$executeRaw`
    INSERT INTO "ArticleRevision" (id, "articleId", version, "editorId", "editRunAt", title, summary, content, "categoryId", "categoryName", section, "imageUrl", media, status)
    SELECT gen_random_uuid(), a.id, a.version, ${editorId}::uuid,
      CASE WHEN ${edit && editorId !== null}::boolean AND a.status <> 'published' THEN now() END,
      a.title, a.summary, a.content, a."categoryId", c.name, a.section, a."imageUrl", ${mediaJson}, a.status
    FROM "Article" a JOIN "Category" c ON c.id = a."categoryId"
    WHERE a.id = ${articleId}::uuid
    ON CONFLICT ("articleId", version) DO NOTHING`;
  // Bounded: the KEEP newest, and the newest published one (what the review queue compares with).
  await tx.$executeRaw`
    DELETE FROM "ArticleRevision" r
    WHERE r."articleId" = ${articleId}::uuid
      AND r.version < (SELECT version FROM "ArticleRevision" WHERE "articleId" = ${articleId}::uuid ORDER BY version DESC OFFSET ${KEEP - 1} LIMIT 1)
      AND r.version <> COALESCE((SELECT max(version) FROM "ArticleRevision" WHERE "articleId" = ${articleId}::uuid AND status = 'published'), 0)`;
}

/** Starts the history of articles that have none (the demo's, written without the API): their author stands in as editor. */
export async function startHistories(db: Db | Tx): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "ArticleRevision" (id, "articleId", version, "editorId", "savedAt", title, summary, content, "categoryId", "categoryName", section, "imageUrl", media, status)
    SELECT gen_random_uuid(), a.id, a.version, a."authorId", a."updatedAt", a.title, a.summary, a.content, a."categoryId", c.name, a.section,
      a."imageUrl", ${mediaJson}, a.status
    FROM "Article" a JOIN "Category" c ON c.id = a."categoryId"
    WHERE NOT EXISTS (SELECT 1 FROM "ArticleRevision" r WHERE r."articleId" = a.id)`;
}

/** Who may read an article's history: whoever may read it as a draft (its authors, editors and admins); else 404. */
async function requireHistory(db: Db, user: AuthUser, articleId: string): Promise<void> {
  const article = await db.article.findUnique({ where: { id: articleId }, select: ownersSelect });
  if (!article || !allows(user, 'articles:read-draft', ownedArticle(article).owners)) throw articleNotFound();
}

const editorSelect = { select: { id: true, name: true } } as const;

/** An article's revisions, newest first, without their bodies. */
export async function listRevisions(db: Db, user: AuthUser, articleId: string): Promise<RevisionSummary[]> {
  await requireHistory(db, user, articleId);
  const rows = await db.articleRevision.findMany({
    where: { articleId },
    orderBy: { version: 'desc' },
    select: { id: true, version: true, savedAt: true, status: true, title: true, editor: editorSelect },
  });
  return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
}

/** One revision, whole. */
export async function getRevision(db: Db, user: AuthUser, articleId: string, revisionId: string): Promise<ArticleRevision> {
  await requireHistory(db, user, articleId);
  const r = await db.articleRevision.findFirst({
    where: { id: revisionId, articleId },
    select: {
      id: true,
      version: true,
      savedAt: true,
      status: true,
      title: true,
      summary: true,
      content: true,
      categoryId: true,
      categoryName: true,
      section: true,
      imageUrl: true,
      media: true,
      editor: editorSelect,
    },
  });
  if (!r) throw notFound('Revision not found');
  return {
    ...r,
    savedAt: r.savedAt.toISOString(),
    section: sectionToWire(r.section),
    media: r.media as ArticleRevision['media'],
  };
}

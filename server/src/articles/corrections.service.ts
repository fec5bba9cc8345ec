import type { CorrectionsQuery } from '#shared/schemas/articles';
import type { Article, CorrectionListItem, Page } from '#shared/types';
import type { Db } from '../db/client';
import { conflict } from '../lib/errors';
import { articleNotFound, NEXT_VERSION } from './article-records';
import { getArticle } from './articles.service';
import { lockArticle } from './articles.repository';
import type { AuthUser } from '../lib/policy';
import { audit } from '../audit/audit.service';

/**
 * Corrections (docs/decisions/062-corrections.md): an editor appends a dated note to a published article. Readers see it
 * at the end of the article, in its JSON-LD and on /corrections; the article's modified date is the correction's.
 */

/** Only what readers can see is corrected: a draft is simply edited. */
const notPublished = () => conflict('Only a published article can be corrected: edit it instead.');

/**
 * Appends a correction under the article's lock: the article's version and modified date move with it, so every cached
 * copy and every open editor learns of it. Answers with the article as its reader-facing read gives it.
 */
export async function addCorrection(db: Db, user: AuthUser, id: string, text: string): Promise<Article> {
  await db.$transaction(async (tx) => {
    await lockArticle(tx, id);
    const current = await tx.article.findUnique({ where: { id }, select: { status: true, title: true } });
    if (!current) throw articleNotFound();
    if (current.status !== 'published') throw notPublished();
    await tx.correction.create({ data: { articleId: id, text, editorId: user.id }, select: { id: true } });
    await tx.article.update({ where: { id }, data: NEXT_VERSION, select: { id: true } });
    await audit(tx, user, 'article.correct', { type: 'article', id, label: current.title }, { correction: [null, text] });
  });
  return getArticle(db, id, user);
}

const onPublished = { article: { status: 'published' } } as const;

/** The newest corrections of published articles, each with the article it corrects (the /corrections page). */
export async function listCorrections(db: Db, { limit, offset }: CorrectionsQuery): Promise<Page<CorrectionListItem>> {
  const [total, rows] = await Promise.all([
    db.correction.count({ where: onPublished }),
    db.correction.findMany({
      where: onPublished,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      skip: offset,
      select: { id: true, text: true, createdAt: true, article: { select: { id: true, title: true } } },
    }),
  ]);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    pagination: { total, limit, offset },
  };
}

/** When the newest correction of a published article was made (the sitemap's date for /corrections); null for none. */
export async function newestCorrection(db: Db): Promise<Date | null> {
  const row = await db.correction.findFirst({
    where: onPublished,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { createdAt: true },
  });
  return row?.createdAt ?? null;
}

import { LIMITS } from '#shared/constants';
import type { z } from 'zod';
import type { articleFeaturedInputSchema, articleStatusInputSchema } from '#shared/schemas/articles';
import type { Article } from '#shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { conflict } from '../lib/errors';
import { articleNotFound, NEXT_VERSION } from './article-records';
import { lockArticle, lockStorySlots, readArticle } from './articles.repository';
import { auditArticle, auditedFields } from './article-audit.service';
import { audit, type Actor } from '../audit/audit.service';

/** Stories: the story flags and priority, the main story of each section and the featured slots (docs/spec/CONTRACT.md §4). */

type StoryStatus = z.output<typeof articleStatusInputSchema>;
type Featured = z.output<typeof articleFeaturedInputSchema>;

/** Story flags and priority (docs/spec/CONTRACT.md §4), race-free under the story-slots lock. */
export async function setStoryStatus(db: Db, actor: Actor, id: string, input: StoryStatus): Promise<Article> {
  await db.$transaction(async (tx) => {
    await lockStorySlots(tx);
    await lockArticle(tx, id);
    const before = await auditedFields(tx, id);
    const current = await tx.article.findUnique({
      where: { id },
      select: { isStory: true, isMainStory: true, section: true, status: true },
    });
    if (!current) throw articleNotFound();
    const isStory = input.isStory ?? current.isStory;
    const data: Prisma.ArticleUpdateInput = { ...NEXT_VERSION };
    if (input.isStory !== undefined) data.isStory = input.isStory;
    if (input.storyPriority !== undefined) data.storyPriority = input.storyPriority;
    if (!isStory) {
      if (input.isMainStory === true) throw conflict('Only stories can be set as main story');
      Object.assign(data, { isFeatured: false, featuredAt: null, isMainStory: false });
    } else if (input.isMainStory === true && !current.isMainStory) {
      if (current.status !== 'published') throw conflict('Only published articles can be set as main story');
      const replaced = { section: current.section, isMainStory: true, NOT: { id } };
      // The story it replaces changes too: its own entry in the audit log.
      const others = await tx.article.findMany({ where: replaced, select: { id: true, title: true } });
      await tx.article.updateMany({ where: replaced, data: { isMainStory: false, ...NEXT_VERSION } });
      for (const other of others)
        await audit(tx, actor, 'article.story', { type: 'article', id: other.id, label: other.title }, { isMainStory: [true, false] });
      data.isMainStory = true;
    } else if (input.isMainStory === false) {
      data.isMainStory = false;
    }
    await tx.article.update({ where: { id }, data, select: { id: true } });
    await auditArticle(tx, actor, 'article.story', id, before);
  });
  return readArticle(db, id);
}

export type FeaturedResult = Article & { unfeatured: { id: string; title: string } | null };

/** Features or unfeatures a story; featuring a fourth unfeatures the one featured longest ago. */
export async function setFeatured(db: Db, actor: Actor, id: string, input: Featured): Promise<FeaturedResult> {
  const unfeatured = await db.$transaction(async (tx) => {
    await lockStorySlots(tx);
    await lockArticle(tx, id);
    const before = await auditedFields(tx, id);
    const current = await tx.article.findUnique({ where: { id }, select: { isStory: true, isFeatured: true, status: true } });
    if (!current) throw articleNotFound();
    let released: FeaturedResult['unfeatured'] = null;
    if (!input.isFeatured) {
      await tx.article.update({ where: { id }, data: { isFeatured: false, featuredAt: null, ...NEXT_VERSION } });
    } else if (!current.isFeatured) {
      if (!current.isStory) throw conflict('Only stories can be featured');
      if (current.status !== 'published') throw conflict('Only published articles can be featured');
      const featured = await tx.article.findMany({
        where: { isFeatured: true },
        orderBy: [{ featuredAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
        select: { id: true, title: true },
      });
      const excess = featured.slice(0, Math.max(0, featured.length - (LIMITS.maxFeatured - 1)));
      if (excess.length) {
        await tx.article.updateMany({
          where: { id: { in: excess.map((a) => a.id) } },
          data: { isFeatured: false, featuredAt: null, ...NEXT_VERSION },
        });
        released = excess[0] ?? null;
        for (const other of excess)
          await audit(tx, actor, 'article.feature', { type: 'article', id: other.id, label: other.title }, { isFeatured: [true, false] });
      }
      await tx.article.update({ where: { id }, data: { isFeatured: true, featuredAt: new Date(), ...NEXT_VERSION } });
    }
    await auditArticle(tx, actor, 'article.feature', id, before);
    return released;
  });
  return { ...(await readArticle(db, id)), unfeatured };
}

import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { startHistories } from '../articles/revisions.service';
import type { Logger } from '../lib/logger';
import { queueVariants } from '../media/image-variants';
import type { MediaStorage } from '../storage/media-storage';
import { hashPassword, SERVER, verifyPassword } from '../lib/passwords';
import { categorySlug } from '../lib/slug';
import type { Db } from '../db/client';
import { DEMO_ARTICLES, DEMO_BREAKING_NEWS, DEMO_CATEGORIES, DEMO_COMMENTS, DEMO_REPLIES, demoBody } from './content';
import { writeDemoImages } from './images';

/** Demo staff, one per role (README: "Demo accounts"). */
export const DEMO_PASSWORD = 'Chronicle#2026';
export const DEMO_USERS = [
  { email: 'admin@demo.chronicle.local', name: 'Ada Admin', role: 'admin' },
  { email: 'editor@demo.chronicle.local', name: 'Eddie Editor', role: 'editor' },
  { email: 'author@demo.chronicle.local', name: 'Aria Author', role: 'author' },
  { email: 'author2@demo.chronicle.local', name: 'Sam Writer', role: 'author' },
  { email: 'reader@demo.chronicle.local', name: 'Riley Reader', role: 'user' },
] as const;

const HOUR = 3_600_000;
const DRAFT_BODY = '<p>This article is still being written.</p>';

/** Demo accounts that still exist, can sign in, and still have the password printed in the README. */
export async function findLiveDemoAccounts(db: Db): Promise<{ email: string; role: string }[]> {
  const users = await db.user.findMany({
    where: { email: { in: DEMO_USERS.map((u) => u.email) }, suspended: false },
    select: { email: true, role: true, passwordHash: true },
    orderBy: { email: 'asc' },
  });
  const live = [];
  for (const u of users) if (await verifyPassword(DEMO_PASSWORD, u.passwordHash, SERVER)) live.push({ email: u.email, role: u.role });
  return live;
}

/**
 * Says loudly which accounts anyone who has read the README can sign in to: one warn-level log line for
 * log collectors, and a block on stderr (like the super-admin's first password) for whoever watches.
 */
export async function warnAboutDemoAccounts(db: Db, logger: Logger): Promise<void> {
  const accounts = await findLiveDemoAccounts(db);
  if (!accounts.length) return;
  const emails = accounts.map((a) => a.email);
  logger.warn({ demoAccounts: emails }, `demo accounts with the public password from the README are active: ${emails.join(', ')}`);
  const line = '!'.repeat(72);
  console.warn(
    [
      '',
      line,
      `  DEMO ACCOUNTS ARE ACTIVE. Their password, ${DEMO_PASSWORD}, is published in the README:`,
      ...accounts.map((a) => `    ${a.role.padEnd(8)} ${a.email}`),
      '  Anyone can sign in to them. For a real site start on a database without demo data',
      '  (SEED_DEMO=false, the default), or suspend or delete these accounts in the dashboard.',
      line,
      '',
    ].join('\n'),
  );
}

/**
 * Seeds demo content into an empty database (no articles and no categories), in one transaction.
 * Returns false when there is content already (unless forced).
 */
export async function seedDemoContent(
  db: Db,
  config: Config,
  logger: Logger,
  { force = false, storage }: { force?: boolean; storage?: Pick<MediaStorage, 'keep' | 'fetch' | 'forget'> } = {},
): Promise<boolean> {
  if (!force) {
    const [articles, categories] = await Promise.all([db.article.count(), db.category.count()]);
    if (articles > 0 || categories > 0) return false;
  }
  const images = await writeDemoImages(config.uploadDir);
  // Other replicas serve them from the bucket.
  if (storage) await Promise.all(images.map((url) => storage.keep(url.slice('/uploads/'.length))));
  const passwordHash = await hashPassword(DEMO_PASSWORD, SERVER);
  const now = Date.now();

  await db.$transaction(
    async (tx) => {
      const users = [];
      for (const u of DEMO_USERS) {
        users.push(
          await tx.user.upsert({
            where: { email: u.email },
            create: {
              email: u.email,
              name: u.name,
              role: u.role,
              passwordHash,
              bio: `${u.name} is part of the Chronicle News demo team.`,
              emailVerifiedAt: new Date(),
            },
            update: {},
          }),
        );
      }
      const writers = users.filter((u) => u.role !== 'user');
      const readers = users;

      const categories = new Map<string, string>();
      for (const name of DEMO_CATEGORIES) {
        const c = await tx.category.upsert({ where: { name }, create: { name, slug: categorySlug(name) }, update: {} });
        categories.set(name, c.id);
      }

      const mainBySection = new Set<string>();
      const articleIds: string[] = [];
      const rows = DEMO_ARTICLES.map((a, i) => {
        const id = randomUUID();
        articleIds.push(id);
        // Spread publish times over the last ~3 weeks, newest first in list order per section.
        const publishedAt = new Date(now - (i * 7 + (i % 5)) * HOUR - i * 60_000);
        const isMain = (a.section === 'General' || a.section === 'Sports') && !mainBySection.has(a.section);
        if (isMain) mainBySection.add(a.section);
        const isFeaturedIndex = [1, 10, 27].indexOf(i);
        const image = images[i % images.length]!;
        const content = demoBody(a, i);
        return {
          id,
          title: a.title,
          summary: a.summary,
          content,
          imageUrl: image,
          authorId: writers[i % writers.length]!.id,
          categoryId: categories.get(a.category)!,
          section: a.section,
          status: 'published' as const,
          isStory: isMain || isFeaturedIndex >= 0 || i % 6 === 0,
          isMainStory: isMain,
          isFeatured: isFeaturedIndex >= 0,
          featuredAt: isFeaturedIndex >= 0 ? new Date(now - (3 - isFeaturedIndex) * HOUR) : null,
          storyPriority: isMain ? 5 : i % 3,
          totalViews: 40 + ((i * 137) % 900),
          publishedAt,
          createdAt: new Date(publishedAt.getTime() - 2 * HOUR),
          updatedAt: publishedAt,
        };
      });
      await tx.article.createMany({ data: rows });
      await tx.media.createMany({ data: rows.map((r) => ({ articleId: r.id, type: 'image' as const, fileUrl: r.imageUrl })) });

      // A draft, and one its author submitted for review, so the dashboard has something to review.
      await tx.article.createMany({
        data: [0, 1].map((k) => ({
          ...(k ? { status: 'review' as const, submittedAt: new Date(now - 3 * HOUR) } : {}),
          title: k ? 'Draft: school meals survey results' : 'Draft: what the new bus routes mean for commuters',
          summary: 'A draft waiting for an editor.',
          content: DRAFT_BODY,
          authorId: writers[2 + k]!.id,
          categoryId: categories.get('Politics')!,
          section: 'General' as const,
        })),
      });

      // Comments with replies on the first articles; view logs over the last 30 days for the chart.
      for (const [i, articleId] of articleIds.slice(0, 8).entries()) {
        for (let c = 0; c < 2; c++) {
          const parent = await tx.comment.create({
            data: {
              articleId,
              authorId: readers[(i + c) % readers.length]!.id,
              content: DEMO_COMMENTS[(i + c) % DEMO_COMMENTS.length]!,
              createdAt: new Date(now - (c + 1) * 2 * HOUR),
            },
          });
          await tx.comment.create({
            data: {
              articleId,
              parentId: parent.id,
              authorId: readers[(i + c + 1) % readers.length]!.id,
              content: DEMO_REPLIES[(i + c) % DEMO_REPLIES.length]!,
              createdAt: new Date(now - (c + 1) * HOUR),
            },
          });
        }
      }
      await tx.viewLog.createMany({
        data: Array.from({ length: 300 }, (_, k) => ({
          articleId: articleIds[k % articleIds.length]!,
          // 37 is coprime with 720, so the views spread over every hour of the last 30 days.
          viewedAt: new Date(now - ((k * 37) % (30 * 24)) * HOUR - (k % 60) * 60_000),
          percentViewed: 100,
          fullyViewed: true,
          topViewed: true,
          middleViewed: true,
          bottomViewed: true,
          durationSeconds: 30 + (k % 240),
        })),
      });

      await tx.breakingNews.createMany({
        data: DEMO_BREAKING_NEWS.map((headline, k) => ({
          headline,
          status: k < 5 ? ('published' as const) : ('draft' as const),
          authorId: writers[k % writers.length]!.id,
          publishedAt: k < 5 ? new Date(now - k * HOUR) : null,
          createdAt: new Date(now - k * HOUR),
          updatedAt: new Date(now - k * HOUR),
        })),
      });
      await startHistories(tx);
    },
    { timeout: 60_000 },
  );

  logger.info({ articles: DEMO_ARTICLES.length, categories: DEMO_CATEGORIES.length }, 'demo content seeded');
  // Their resized variants are background jobs (media/image-variants.ts; variantsIdle waits for them).
  for (const url of images) await queueVariants(db, url);
  return true;
}

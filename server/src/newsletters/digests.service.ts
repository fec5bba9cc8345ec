import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { createIssue } from './delivery.service';
import { localTime, type LocalTime } from './local-time';
import { issueArticle, issueArticleSelect, type Brand, type IssueArticle } from './newsletter-mail';

/**
 * The issues the newsroom does not write by hand (docs/decisions/069-newsletters.md): each digest at its hour of the
 * newsroom's time zone (a minutely job makes whichever is due; its key — newsletter and local day, or week — makes it
 * once across replicas and restarts), and a breaking-news alert when an editor sends one with a headline.
 */

/** A digest is made within this many hours of its hour (a site down at that hour sends it late, not the next day). */
const DUE_HOURS = 3;

type Digest = {
  id: string;
  name: string;
  kind: 'daily' | 'weekly' | 'category';
  categoryId: string | null;
  sendHour: number;
  weekday: number;
  articleCount: number;
  order: 'newsroom' | 'reads';
};

/** The key of the digest due at `now`, or null when none is. */
export function dueKey(n: Pick<Digest, 'id' | 'kind' | 'sendHour' | 'weekday'>, now: LocalTime): string | null {
  if (now.hour < n.sendHour || now.hour >= n.sendHour + DUE_HOURS) return null;
  if (n.kind === 'weekly' && now.weekday !== n.weekday) return null;
  return `digest:${n.id}:${now.date}`;
}

/** A digest's articles: published in its period (a day, or a week), of its category if it has one, in its order. */
async function digestArticles(db: Db, n: Digest, now: Date, publicUrl: string): Promise<IssueArticle[]> {
  const since = new Date(now.getTime() - (n.kind === 'weekly' ? 7 : 1) * 24 * 3_600_000);
  const rows = await db.article.findMany({
    where: { status: 'published', publishedAt: { gt: since, lte: now }, ...(n.categoryId ? { categoryId: n.categoryId } : {}) },
    orderBy:
      n.order === 'reads'
        ? [{ totalViews: 'desc' }, { publishedAt: 'desc' }, { id: 'desc' }]
        : [{ isFeatured: 'desc' }, { publishedAt: 'desc' }, { id: 'desc' }],
    take: n.articleCount,
    select: issueArticleSelect,
  });
  return rows.map((a) => issueArticle(a, publicUrl));
}

/** The subject column's length. */
const SUBJECT_MAX = 200;
const subjectOf = (text: string) => (text.length <= SUBJECT_MAX ? text : `${text.slice(0, SUBJECT_MAX - 1)}…`);

/**
 * Makes every digest due at `now` that is not made yet; a digest with no article in its period is skipped. One that
 * fails is reported to `failed` and the others are still made.
 */
export async function makeDueDigests(
  db: Db,
  brand: Brand,
  timeZone: string,
  now = new Date(),
  failed: (newsletterId: string, err: unknown) => void = (_id, err) => {
    throw err;
  },
): Promise<string[]> {
  const local = localTime(now, timeZone);
  // Only those whose hours are now (the job runs every minute), and in one statement the keys already made.
  const digests = await db.newsletter.findMany({
    where: { active: true, kind: { in: ['daily', 'weekly', 'category'] }, sendHour: { lte: local.hour, gt: local.hour - DUE_HOURS } },
    select: { id: true, name: true, kind: true, categoryId: true, sendHour: true, weekday: true, articleCount: true, order: true },
  });
  const due = (digests as Digest[]).flatMap((n) => {
    const key = dueKey(n, local);
    return key ? [{ n, key }] : [];
  });
  const done = new Set(
    due.length
      ? (await db.newsletterIssue.findMany({ where: { key: { in: due.map((d) => d.key) } }, select: { key: true } })).map((i) => i.key)
      : [],
  );
  const made: string[] = [];
  for (const { n, key } of due) {
    if (done.has(key)) continue;
    try {
      const articles = await digestArticles(db, n, now, brand.publicUrl);
      if (articles.length === 0) continue;
      const id = await createIssue(db, brand, {
        newsletterId: n.id,
        key,
        content: { newsletterName: n.name, subject: subjectOf(`${n.name}: ${articles[0]!.title}`), intro: '', articles },
      });
      if (id) made.push(id);
    } catch (err) {
      failed(n.id, err);
    }
  }
  return made;
}

/** The breaking-news alert of a published headline, once per headline. */
export async function sendBreakingAlert(db: Db, brand: Brand, breakingNewsId: string, createdById: string): Promise<string> {
  const [headline, newsletter] = await Promise.all([
    db.breakingNews.findUnique({ where: { id: breakingNewsId }, select: { headline: true, status: true } }),
    db.newsletter.findFirst({ where: { kind: 'breaking' }, orderBy: { position: 'asc' }, select: { id: true, name: true, active: true } }),
  ]);
  if (!headline) throw notFound('Breaking news not found');
  if (headline.status !== 'published') throw conflict('Only a headline on the ticker is sent as an alert: publish it first.');
  if (!newsletter || !newsletter.active) throw conflict('There is no active breaking-news newsletter to send it with.');
  const id = await createIssue(db, brand, {
    newsletterId: newsletter.id,
    key: `breaking:${breakingNewsId}`,
    createdById,
    content: {
      newsletterName: newsletter.name,
      subject: subjectOf(`Breaking: ${headline.headline}`),
      intro: headline.headline,
      articles: [],
    },
  });
  if (!id) throw conflict('This headline was sent as an alert already.');
  return id;
}

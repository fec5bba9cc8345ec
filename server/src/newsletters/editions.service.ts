import { randomUUID } from 'node:crypto';
import type { Edition } from '#shared/schemas/newsletters';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../lib/errors';
import type { Mailer } from '../lib/mailer';
import { createIssue } from './delivery.service';
import { issueArticle, issueArticleSelect, MARKERS, personalize, renderIssue, type Brand, type IssueArticle } from './newsletter-mail';

/**
 * Special editions (docs/decisions/069-newsletters.md): an editor picks published articles and writes an intro, sees
 * the message as readers will, sends a test to their own address, and sends it now or at a time.
 */

/** A send time must be ahead, and within this. */
const SEND_AT_MAX_MS = 365 * 24 * 3_600_000;

/** The newsletter, active, or 404. */
async function newsletterOf(db: Db, id: string) {
  const n = await db.newsletter.findUnique({ where: { id }, select: { id: true, name: true, active: true } });
  if (!n) throw notFound('Newsletter not found');
  return n;
}

/** The edition's articles, published, in the order chosen; 400 naming the first that is not. */
async function editionArticles(db: Db, ids: string[], publicUrl: string): Promise<IssueArticle[]> {
  const rows = await db.article.findMany({
    where: { id: { in: ids }, status: 'published' },
    select: issueArticleSelect,
  });
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw badRequest(`Article ${missing} is not a published article`);
  return ids.map((id) =>
    issueArticle(
      rows.find((r) => r.id === id)!,
      publicUrl,
    ),
  );
}

async function contentOf(db: Db, brand: Brand, newsletterId: string, edition: Edition) {
  const newsletter = await newsletterOf(db, newsletterId);
  if (edition.articleIds.length === 0 && !edition.intro) throw badRequest('A special edition needs an intro or at least one article');
  const articles = await editionArticles(db, edition.articleIds, brand.publicUrl);
  return { newsletter, content: { newsletterName: newsletter.name, subject: edition.subject, intro: edition.intro, articles } };
}

/** The message as a reader gets it, its links to preferences pointing at the newsletters page. */
export async function previewEdition(db: Db, brand: Brand, newsletterId: string, edition: Edition) {
  const { content } = await contentOf(db, brand, newsletterId, edition);
  const rendered = await renderIssue(brand, content);
  const inert = `${brand.publicUrl}/newsletters`;
  const fill = (s: string) => s.replaceAll(MARKERS.preferences, inert).replaceAll(MARKERS.leave, inert);
  return { subject: content.subject, html: fill(rendered.html), text: fill(rendered.text) };
}

/** A test of the edition to the editor's own address only, marked as a test in its subject. */
export async function sendTestEdition(db: Db, mailer: Mailer, brand: Brand, newsletterId: string, edition: Edition, to: string) {
  const { content } = await contentOf(db, brand, newsletterId, edition);
  const rendered = await renderIssue(brand, { ...content, subject: `[Test] ${content.subject}` });
  const inert = `${brand.publicUrl}/newsletters`;
  await mailer.send(
    personalize(
      { subject: `[Test] ${content.subject}`.slice(0, 200), html: rendered.html, text: rendered.text, fromName: '' },
      {
        email: to,
        preferencesUrl: inert,
        leaveUrl: inert,
        unsubscribeUrl: inert,
        messageId: `<test-${randomUUID()}@${new URL(brand.publicUrl).hostname}>`,
      },
    ),
  );
  return { message: `A test was sent to ${to}.` };
}

/** Queues the edition to every subscriber of the newsletter, now or at `sendAt`. */
export async function sendEdition(
  db: Db,
  brand: Brand,
  newsletterId: string,
  edition: Edition & { sendAt?: Date },
  createdById: string,
  now = Date.now(),
) {
  if (edition.sendAt && (edition.sendAt.getTime() <= now || edition.sendAt.getTime() > now + SEND_AT_MAX_MS))
    throw badRequest('sendAt must be in the future, within a year');
  const { newsletter, content } = await contentOf(db, brand, newsletterId, edition);
  if (!newsletter.active) throw badRequest('This newsletter is paused: make it active to send an edition');
  const id = await createIssue(db, brand, { newsletterId, key: `edition:${randomUUID()}`, content, createdById, sendAt: edition.sendAt });
  return { issueId: id! };
}

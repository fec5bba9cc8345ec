import { randomUUID } from 'node:crypto';
import type { NewsletterCreate, NewsletterEdit } from '#shared/schemas/newsletters';
import { audit, changed, type Actor } from '../audit/audit.service';
import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { likeLiteral } from '../lib/like';
import { categorySlug, firstFreeSlug } from '../lib/slug';
import { issuesProgress } from './delivery.service';
import { newsletterSelect } from './subscriptions.service';

/** The dashboard's Newsletters screen and the subscribers' administration (docs/decisions/069-newsletters.md). */

/** Days of the subscribers chart. */
export const GROWTH_DAYS = 30;
const RECENT_ISSUES = 20;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Each newsletter with its subscribers now and over the last 30 days (the current subscribers by the day they joined:
 * those who left are not counted on any day), and the newest issues with their recipients by state.
 */
export async function newsletterOverview(db: Db, now = new Date()) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (GROWTH_DAYS - 1)));
  const [newsletters, totals, joined, issues, subscribers, suppressed] = await Promise.all([
    db.newsletter.findMany({
      orderBy: [{ position: 'asc' }, { name: 'asc' }],
      select: {
        id: true,
        slug: true,
        name: true,
        description: true,
        kind: true,
        active: true,
        senderName: true,
        sendHour: true,
        weekday: true,
        articleCount: true,
        order: true,
      },
    }),
    db.newsletterSubscription.groupBy({ by: ['newsletterId'], _count: { _all: true } }),
    db.$queryRaw<{ newsletterId: string; day: Date; joined: bigint }[]>`
      SELECT "newsletterId", date_trunc('day', "createdAt" AT TIME ZONE 'UTC')::date AS day, count(*) AS joined
      FROM "NewsletterSubscription" WHERE "createdAt" >= ${since} GROUP BY 1, 2`,
    issuesProgress(db, { newest: RECENT_ISSUES }),
    db.newsletterSubscriber.count(),
    db.newsletterSubscriber.count({ where: { suppressedAt: { not: null } } }),
  ]);
  const days = Array.from({ length: GROWTH_DAYS }, (_, i) => isoDay(new Date(since.getTime() + i * 86_400_000)));
  return {
    days,
    subscribers,
    suppressed,
    newsletters: newsletters.map((n) => {
      const now = totals.find((t) => t.newsletterId === n.id)?._count._all ?? 0;
      const perDay = new Map(joined.filter((j) => j.newsletterId === n.id).map((j) => [isoDay(j.day), Number(j.joined)]));
      // Backwards from today's total: a day's count is the next day's less those who joined on the next day.
      const growth = new Array<number>(GROWTH_DAYS).fill(0);
      let running = now;
      for (let i = GROWTH_DAYS - 1; i >= 0; i--) {
        growth[i] = running;
        running -= perDay.get(days[i]!) ?? 0;
      }
      return { ...n, subscribers: now, growth };
    }),
    issues,
  };
}

const subscriberSelect = {
  id: true,
  email: true,
  consentedAt: true,
  source: true,
  suppressedAt: true,
  suppressedReason: true,
  subscriptions: { select: { newsletter: { select: { slug: true } } }, orderBy: { newsletter: { position: 'asc' } } },
} as const;

type SubscriberRow = {
  id: string;
  email: string;
  consentedAt: Date;
  source: string;
  suppressedAt: Date | null;
  suppressedReason: string | null;
  subscriptions: { newsletter: { slug: string } }[];
};

const toSubscriber = (s: SubscriberRow) => ({
  id: s.id,
  email: s.email,
  consentedAt: s.consentedAt.toISOString(),
  source: s.source,
  suppressedAt: s.suppressedAt?.toISOString() ?? null,
  suppressedReason: s.suppressedReason,
  newsletters: s.subscriptions.map((x) => x.newsletter.slug),
});

/** Subscribers, newest first, whose address holds `q`; or only the suppressed ones. */
export async function listSubscribers(db: Db, query: { q?: string; suppressed?: boolean; limit: number; offset: number }) {
  const where = {
    ...(query.q ? { email: { contains: likeLiteral(query.q.toLowerCase()) } } : {}),
    ...(query.suppressed ? { suppressedAt: { not: null } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.newsletterSubscriber.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.limit,
      skip: query.offset,
      select: subscriberSelect,
    }),
    db.newsletterSubscriber.count({ where }),
  ]);
  return { data: rows.map(toSubscriber), pagination: { total, limit: query.limit, offset: query.offset } };
}

/** Every subscriber, a batch at a time (the CSV export). */
export async function* allSubscribers(db: Db, batch = 1000) {
  let after: string | undefined;
  for (;;) {
    const rows = await db.newsletterSubscriber.findMany({
      orderBy: { id: 'asc' },
      take: batch,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      select: subscriberSelect,
    });
    if (rows.length === 0) return;
    yield rows.map(toSubscriber);
    after = rows.at(-1)!.id;
  }
}

/** Removes a subscriber and everything kept about them: subscriptions and deliveries go with the row. */
export async function removeSubscriber(db: Db, id: string): Promise<void> {
  const { count } = await db.newsletterSubscriber.deleteMany({ where: { id } });
  if (count === 0) throw notFound('Subscriber not found');
}

/** Puts an address on the suppression list (nothing is sent to it), or takes it off (`reason` null). */
export async function setSuppression(db: Db, id: string, reason: string | null) {
  const { count } = await db.newsletterSubscriber.updateMany({
    where: { id },
    data: reason === null ? { suppressedAt: null, suppressedReason: null } : { suppressedAt: new Date(), suppressedReason: reason },
  });
  if (count === 0) throw notFound('Subscriber not found');
  return toSubscriber(await db.newsletterSubscriber.findUniqueOrThrow({ where: { id }, select: subscriberSelect }));
}

const editable = {
  name: true,
  description: true,
  senderName: true,
  sendHour: true,
  weekday: true,
  articleCount: true,
  order: true,
  active: true,
} as const;

/** An admin's edit of a newsletter; its kind and category stay what they are. */
export async function editNewsletter(db: Db, actor: Actor, id: string, edit: NewsletterEdit) {
  return db.$transaction(async (tx) => {
    const before = await tx.newsletter.findUnique({ where: { id }, select: editable });
    if (!before) throw notFound('Newsletter not found');
    await tx.newsletter.update({ where: { id }, data: edit });
    const changes = changed(before, edit);
    if (Object.keys(changes).length > 0) await audit(tx, actor, 'newsletter.edit', { type: 'newsletter', id, label: edit.name }, changes);
    return tx.newsletter.findUniqueOrThrow({ where: { id }, select: newsletterSelect });
  });
}

/**
 * A slug for a new newsletter: its name's, never one a category's digest may take (`category-…`, made by the category
 * trigger), with a number after it when taken.
 */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = categorySlug(name)
    .slice(0, 70)
    .replace(/^category-/, 'newsletter-');
  const taken = new Set(
    (await db.newsletter.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((n) => n.slug),
  );
  return firstFreeSlug(base, taken) ?? `${base}-${randomUUID().slice(0, 6)}`;
}

/** A new daily or weekly digest, after the others in the newsroom's order. */
export async function createNewsletter(db: Db, actor: Actor, input: NewsletterCreate) {
  const slug = await freeSlug(db, input.name);
  return db.$transaction(async (tx) => {
    const last = await tx.newsletter.aggregate({ _max: { position: true } });
    const created = await tx.newsletter.create({
      data: { ...input, slug, position: (last._max.position ?? 0) + 1 },
      select: newsletterSelect,
    });
    await audit(
      tx,
      actor,
      'newsletter.create',
      { type: 'newsletter', id: created.id, label: created.name },
      changed({} as Partial<NewsletterCreate>, input),
    );
    return created;
  });
}

/**
 * Deletes a daily or weekly newsletter and its subscriptions at once. A category's digest goes with its category and
 * the breaking-news alerts stay (both may be paused), and a newsletter with an issue still to send is kept until it is
 * sent. Its issues stay behind without it (`newsletterId` null: no list shows them), and `sweepDeletedIssues` deletes
 * them with their deliveries in batches: a daily digest's year to 100,000 readers is 36 million deliveries, far more
 * than one statement may delete within the statement limit.
 */
export async function deleteNewsletter(db: Db, actor: Actor, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    // The row lock holds off a new issue (its insert waits on this key) while the check below reads.
    const [newsletter] = await tx.$queryRaw<{ name: string; kind: string }[]>`
      SELECT name, kind::text FROM "Newsletter" WHERE id = ${id}::uuid FOR UPDATE`;
    if (!newsletter) throw notFound('Newsletter not found');
    if (newsletter.kind === 'category') throw conflict("A category's digest is deleted with its category. Pause it to stop sending it.");
    if (newsletter.kind === 'breaking') throw conflict('Breaking-news alerts cannot be deleted. Pause them to stop sending them.');
    const pending = await tx.newsletterIssue.count({ where: { newsletterId: id, status: { not: 'sent' } } });
    if (pending > 0) throw conflict('An issue of this newsletter is still to be sent. Delete it once the issue has gone out.');
    await tx.newsletter.delete({ where: { id } });
    await audit(tx, actor, 'newsletter.delete', { type: 'newsletter', id, label: newsletter.name }, { name: [newsletter.name, null] });
  });
}

/** Deliveries deleted by one statement of the sweep, and how long one sweep goes on (the next hour's sweep goes on). */
const SWEEP_BATCH = 10_000;
const SWEEP_MS = 5 * 60_000;

/**
 * The hourly sweep's part (maintenance/sweep.service.ts): the issues of deleted newsletters (a category's digest goes
 * with its category the same way), their deliveries first, `batch` at a time, for at most `forMs`.
 */
export async function sweepDeletedIssues(db: Db, { batch = SWEEP_BATCH, forMs = SWEEP_MS } = {}) {
  const until = Date.now() + forMs;
  let deliveries = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      WITH gone AS (
        SELECT d."issueId", d."subscriberId" FROM "NewsletterIssue" i
        JOIN "NewsletterDelivery" d ON d."issueId" = i."id"
        WHERE i."newsletterId" IS NULL LIMIT ${batch}
      )
      DELETE FROM "NewsletterDelivery" d USING gone WHERE d."issueId" = gone."issueId" AND d."subscriberId" = gone."subscriberId"`;
    deliveries += deleted;
    if (deleted < batch || Date.now() > until) break;
  }
  const issues = await db.$executeRaw`
    DELETE FROM "NewsletterIssue" i
    WHERE i."newsletterId" IS NULL AND NOT EXISTS (SELECT 1 FROM "NewsletterDelivery" d WHERE d."issueId" = i."id")`;
  return { issues, deliveries };
}

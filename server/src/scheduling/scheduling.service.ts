import type { Task } from 'graphile-worker';
import { LIMITS } from '#shared/constants';
import type { Db, Tx } from '../db/client';
import { addJob, removeJob } from '../jobs/job-queue.service';
import type { JobsContext } from '../jobs/tasks';
import { articleChanged, Tags } from '../lib/cache-scope';
import { validationFailed } from '../lib/errors';
import { saveRevision } from '../articles/revisions.service';
import { audit } from '../audit/audit.service';

/**
 * Scheduled publishing (docs/decisions/059-scheduling.md). What is scheduled is a row's state — an article or a
 * headline `scheduled` with its `scheduledAt`, a published article with its `unpublishAt` — and the job queue only
 * says when to look: each time set adds a `publish-due` job, under a key of its own, to run at that instant (a new
 * time replaces the job; a cancelled one removes it). The job, on whichever worker takes it, moves everything whose
 * minute has come in one transaction of conditional UPDATEs: two workers, a retry or a job left over from a changed
 * time find nothing left to move, so each change happens once. Jobs live in PostgreSQL, so a restart loses none.
 */

/** The job keys of one thing's times: replacing or removing them is how a time changes. */
export const scheduleKeys = {
  articlePublish: (id: string) => `schedule:article:${id}:publish`,
  articleUnpublish: (id: string) => `schedule:article:${id}:unpublish`,
  breakingPublish: (id: string) => `schedule:breaking:${id}:publish`,
};

/** Asks for the scheduler to run at `at` under `key`, or removes that request when there is no time any more. */
export async function scheduleAt(tx: Tx, key: string, at: Date | null): Promise<void> {
  // Ahead of a backlog of mail due at the same time: a minute is promised.
  if (at) await addJob(tx, 'publish-due', {}, { key, runAt: at, maxAttempts: 25, priority: -10 });
  else await removeJob(tx, key);
}

const DAY_MS = 86_400_000;

/**
 * Checks a time to schedule against `now` (the server's clock): it must be in the future (a past minute would
 * publish at once: that is Publish's job) and at most LIMITS.scheduleMaxDaysAhead away. `after`: a time it must follow.
 */
export function requireFutureTime(field: string, at: Date, now: number, after?: { field: string; at: Date }): void {
  if (at.getTime() <= now) throw validationFailed([`${field}: must be in the future`]);
  if (at.getTime() > now + LIMITS.scheduleMaxDaysAhead * DAY_MS)
    throw validationFailed([`${field}: must be at most ${LIMITS.scheduleMaxDaysAhead} days ahead`]);
  if (after && at.getTime() <= after.at.getTime()) throw validationFailed([`${field}: must be after ${after.field}`]);
}

/** A row the schedule moved: its id, and its title or headline for the audit log. */
interface Moved {
  id: string;
  label: string;
}

export interface DueChanges {
  /** Articles published. */
  published: string[];
  /** Articles taken down at their end. */
  unpublished: string[];
  /** Headlines put on the ticker. */
  breaking: string[];
}

/**
 * Moves everything due by the database's clock, once: each UPDATE takes only rows still in the state it starts from,
 * and a row another worker is moving waits for it, then no longer matches. Publishing comes first, so a piece whose
 * end passed too (the queue was stopped through both) is published and taken down in the same transaction.
 */
export function publishDue(db: Db): Promise<DueChanges> {
  return db.$transaction(async (tx) => {
    const published = await tx.$queryRaw<Moved[]>`
      UPDATE "Article" SET status = 'published', "publishedAt" = COALESCE("publishedAt", now()), "scheduledAt" = NULL,
        "submittedAt" = NULL, "reviewNote" = NULL, version = version + 1, "updatedAt" = now()
      WHERE status = 'scheduled' AND "scheduledAt" <= now()
      RETURNING id::text, title AS label`;
    // A piece that ends gives up its featured or main slot, as an editor's Unpublish does.
    const unpublished = await tx.$queryRaw<Moved[]>`
      UPDATE "Article" SET status = 'unpublished', "unpublishAt" = NULL, "isFeatured" = false, "featuredAt" = NULL,
        "isMainStory" = false, version = version + 1, "updatedAt" = now()
      WHERE status = 'published' AND "unpublishAt" <= now()
      RETURNING id::text, title AS label`;
    const breaking = await tx.$queryRaw<Moved[]>`
      UPDATE "BreakingNews" SET status = 'published', "publishedAt" = COALESCE("publishedAt", now()), "scheduledAt" = NULL,
        version = version + 1, "updatedAt" = now()
      WHERE status = 'scheduled' AND "scheduledAt" <= now()
      RETURNING id::text, headline AS label`;
    const ids = (rows: Moved[]) => rows.map((row) => row.id);
    // Each change is a revision of the article's history, by nobody (the scheduler).
    for (const id of new Set(ids([...published, ...unpublished]))) await saveRevision(tx, id, null);
    // And an entry of the audit log each, by nobody too (docs/decisions/067-audit-log.md).
    for (const { id, label } of published)
      await audit(tx, null, 'article.publish', { type: 'article', id, label }, { status: ['scheduled', 'published'] });
    for (const { id, label } of unpublished)
      await audit(tx, null, 'article.unpublish', { type: 'article', id, label }, { status: ['published', 'unpublished'] });
    for (const { id, label } of breaking)
      await audit(tx, null, 'breaking-news.publish', { type: 'breaking-news', id, label }, { status: ['scheduled', 'published'] });
    return { published: ids(published), unpublished: ids(unpublished), breaking: ids(breaking) };
  });
}

/** What the changes show readers: the cache keeps none of what they were before. */
export function dueTags({ published, unpublished, breaking }: DueChanges): string[] {
  return [...published, ...unpublished].flatMap(articleChanged).concat(breaking.length ? [Tags.breaking] : []);
}

/** The `publish-due` job: publishes what is due, then drops what readers were shown before (the ticker hears the table's own NOTIFY). */
export function publishDueTask(ctx: Pick<JobsContext, 'db' | 'cache' | 'logger'>): Task {
  return async () => {
    const changes = await publishDue(ctx.db);
    const tags = dueTags(changes);
    if (!tags.length) return;
    await ctx.cache.purge(tags);
    ctx.logger.info(changes, 'scheduled changes made');
  };
}

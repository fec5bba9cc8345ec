import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { createUser } from '#tests/helpers/factories';
import { addJob } from '../jobs/job-queue.service';
import { startJobs } from '../jobs/tasks';
import { sweepExpired } from './sweep.service';

const { db, ctx, databaseUrl } = await createTestApp();
const HOUR = 3_600_000;

describe('sweepExpired', () => {
  it('deletes expired sessions, stale codes and closed rate-limit windows, and keeps the live ones', async () => {
    const user = await createUser(db);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    const live = await db.session.create({ data: { userId: user.id, expiresAt: later(HOUR) } });
    await db.session.create({ data: { userId: user.id, expiresAt: ago(HOUR) } });
    const recentCode = await db.emailCode.create({
      data: { email: 'a@example.test', purpose: 'signup', codeHash: 'x', expiresAt: ago(HOUR) },
    });
    await db.emailCode.create({ data: { email: 'b@example.test', purpose: 'reset', codeHash: 'y', expiresAt: ago(25 * HOUR) } });
    await db.rateLimit.createMany({
      data: [
        { key: 'open', hits: 1, resetAt: later(HOUR) },
        { key: 'closed', hits: 3, resetAt: ago(1_000) },
      ],
    });

    expect(await sweepExpired(db, now)).toEqual({ sessions: 1, codes: 1, rateLimits: 1 });
    expect((await db.session.findMany({ select: { id: true } })).map((s) => s.id)).toEqual([live.id]);
    expect((await db.emailCode.findMany({ select: { id: true } })).map((c) => c.id)).toEqual([recentCode.id]);
    expect((await db.rateLimit.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(['open']);
    expect(await sweepExpired(db, now)).toEqual({ sessions: 0, codes: 0, rateLimits: 0 });
  });
});

describe('the hourly sweep, a scheduled job', () => {
  it('is one schedule however many workers keep it, and its job deletes what has expired', async () => {
    // The app's own worker and a second one, as two replicas.
    const second = await startJobs(ctx, databaseUrl);
    try {
      await vi.waitFor(
        async () => {
          const known = await db.$queryRaw<
            { identifier: string }[]
          >`SELECT identifier FROM graphile_worker._private_known_crontabs ORDER BY identifier`;
          // One of each recurring job, however many workers keep the schedule.
          expect(known.map((k) => k.identifier)).toEqual([
            'empty-trash-hourly',
            'newsletter-digests-minutely',
            'publish-due-minutely',
            'roll-up-reads-minutely',
            'sweep-hourly',
          ]);
        },
        { timeout: 10_000 },
      );
      await db.rateLimit.create({ data: { key: 'closed-window', hits: 2, resetAt: new Date(Date.now() - 1_000) } });
      // A mail job that ran out of attempts two days ago, and one that failed a minute ago (kept for now).
      const failedMail = async (key: string, updated: string) => {
        await db.$executeRaw`SELECT FROM graphile_worker.add_job('send-mail', '{}'::json, job_key => ${key}, run_at => now() + interval '1 day')`;
        await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, updated_at = now() - ${updated}::interval WHERE key = ${key}`;
      };
      await failedMail('old-failure', '2 days');
      await failedMail('new-failure', '1 minute');
      // What the schedule adds at minute 7 of every hour.
      await addJob(db, 'sweep', {});
      await vi.waitFor(async () => expect(await db.rateLimit.findUnique({ where: { key: 'closed-window' } })).toBeNull(), {
        timeout: 15_000,
      });
      await vi.waitFor(async () => {
        const left = await db.$queryRaw<{ key: string }[]>`SELECT key FROM graphile_worker._private_jobs WHERE key LIKE '%-failure'`;
        expect(left.map((j) => j.key)).toEqual(['new-failure']);
      });
    } finally {
      await second.stop();
    }
  });
});

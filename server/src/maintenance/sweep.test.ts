import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app';
import { createUser } from '../../../tests/helpers/factories';
import { sweepExpired } from './sweep';

const { db } = await createTestApp();
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

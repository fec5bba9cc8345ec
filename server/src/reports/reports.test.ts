import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';
import type { ReadEventInput } from '#shared/schemas/reports';
import { forgetOldReads, rollUpReads } from './rollup.service';

/**
 * Reports (docs/decisions/068-reports.md): the reading beacon (validated, limited, bots and opted-out readers
 * ignored), exact daily sums from known events (late ones and a killed roll-up included), privacy (no address or
 * user agent kept anywhere; the salt rotates and is forgotten), who may read which report, and CSV.
 */
// Behind a proxy that names the client, so that tests can be several readers; five beacons a minute per network.
// No job worker: its minutely roll-up would forget these tests' raw events (dated months ago, past the 30 days kept) between
// a test's own roll-ups; the tests run the roll-up and the forgetting themselves.
const { app, ctx, db, byRole, headers, article } = await articlesTestbed({
  TRUST_PROXY: '1',
  READ_BEACONS_PER_MINUTE: '5',
  RUN_JOBS: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
let network = 0;
/** A reader of their own network (the limit is per network), with a browser's user agent. */
const reader = (userAgent = CHROME) => ({ 'X-Forwarded-For': `198.51.100.${++network % 250}`, 'User-Agent': userAgent });

const event = (articleId: string, extra: Partial<ReadEventInput> = {}) => ({
  article: articleId,
  page: randomUUID(),
  elapsed: 60_000,
  engaged: 20,
  depth: 50,
  referrer: 'direct',
  ...extra,
});

const beacon = (events: object[], client: Record<string, string> = reader()) =>
  request(app).post('/api/view/read').set(client).set('Content-Type', 'application/json').send(JSON.stringify({ events }));

const stored = (articleId: string) => db.readEvent.count({ where: { articleId } });
const published = (title?: string) => article({ status: 'published', ...(title && { title }) });

/** A fixed moment (UTC noon of `day`), as the ingest takes it from the tests that need days of their own. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const client = (n: number, userAgent = CHROME) => ({ network: `192.0.2.${n}`, userAgent, optedOut: false });

/** Moves the roll-up's watermark past every event so far: the next run recomputes only the days of the events after. */
const watermark = async () => {
  const [row] = await db.$queryRaw<{ newest: bigint }[]>`SELECT COALESCE(max(id), 0)::bigint AS newest FROM "ReadEvent"`;
  const newest = row!.newest;
  await db.readRollup.update({ where: { id: 1 }, data: { priorId: newest, markId: newest, seenId: newest } });
};

describe('POST /api/view/read', () => {
  it('stores a beacon’s events once they are committed, and answers 204', async () => {
    const a = await published();
    const res = await beacon([event(a.id), event(a.id, { depth: 100, engaged: 45 })]);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const rows = await db.readEvent.findMany({ where: { articleId: a.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.depth, r.engaged])).toEqual([
      [50, 20],
      [100, 45],
    ]);
    // Opened a minute ago by the server's clock, to the second.
    expect(Math.abs(Date.now() - 60_000 - rows[0]!.at.getTime())).toBeLessThan(5_000);
    expect(typeof rows[0]!.visitor).toBe('bigint');
  });

  it('refuses a malformed beacon with 400 and the reason, and keeps none of it', async () => {
    const a = await published();
    const cases: [unknown, RegExp][] = [
      [{}, /events/],
      [{ events: [] }, /at least one/],
      [{ events: Array.from({ length: 11 }, () => event(a.id)) }, /at most 10/],
      [{ events: [event(a.id, { depth: 30 as 25 })] }, /depth must be one of/],
      [{ events: [event(a.id, { engaged: -1 })] }, /engaged cannot be negative/],
      [{ events: [event(a.id, { engaged: 1.5 })] }, /whole number/],
      [{ events: [event(a.id, { referrer: 'email' as 'direct' })] }, /referrer must be one of/],
      [{ events: [event(a.id, { page: 'not-an-id' })] }, /page must be a random id/],
      [{ events: [event(a.id)], userAgent: CHROME }, /Unrecognized key|unrecognized/i],
    ];
    for (const [body, reason] of cases) {
      const res = await request(app)
        .post('/api/view/read')
        .set(reader())
        .send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(reason);
    }
    // Not JSON at all: the same envelope.
    const text = await request(app).post('/api/view/read').set(reader()).set('Content-Type', 'application/json').send('{"events":');
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/not valid JSON/);
    expect(await stored(a.id)).toBe(0);
  });

  it('keeps nothing from a reader who asked not to be tracked (DNT, GPC), nor from a crawler, with the same answer', async () => {
    const a = await published();
    for (const extra of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[])
      expect((await beacon([event(a.id)], { ...reader(), ...extra })).status).toBe(204);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0',
      'python-requests/2.32',
      '',
    ])
      expect((await beacon([event(a.id)], reader(agent))).status).toBe(204);
    expect(await stored(a.id)).toBe(0);
    // The same reader without the signals is measured.
    expect((await beacon([event(a.id)])).status).toBe(204);
    expect(await stored(a.id)).toBe(1);
  });

  it('drops what no reader could have sent: no engaged second (even with the end on screen), more engaged seconds than the page was open, an unpublished article', async () => {
    const a = await published();
    const draft = await article({ status: 'draft' });
    const res = await beacon([
      event(a.id, { engaged: 0, depth: 0 }),
      event(a.id, { engaged: 600, elapsed: 10_000 }),
      event(draft.id),
      event(randomUUID()),
      event(a.id, { engaged: 0, depth: 100 }),
      event(a.id, { engaged: 3, depth: 25 }),
    ]);
    expect(res.status).toBe(204);
    expect(await stored(a.id)).toBe(1);
    expect(await stored(draft.id)).toBe(0);
  });

  it('limits the beacons of one network a minute (429 with Retry-After); other networks go on', async () => {
    const a = await published();
    const one = reader();
    for (let i = 0; i < 5; i++) expect((await beacon([event(a.id)], one)).status).toBe(204);
    const refused = await beacon([event(a.id)], one);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await beacon([event(a.id)], reader())).status).toBe(204);
    expect(await stored(a.id)).toBe(6);
  });

  it('is answered the long way too (a request the lane leaves to the app), with the same rules', async () => {
    const a = await published();
    // The lane takes no Content-Encoding; the app's JSON parser reads `identity`.
    const long = (client: Record<string, string>, body: object) =>
      request(app)
        .post('/api/view/read')
        .set(client)
        .set('Content-Encoding', 'identity')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
    expect((await long(reader(), { events: [event(a.id)] })).status).toBe(204);
    expect((await long({ ...reader(), 'Sec-GPC': '1' }, { events: [event(a.id)] })).status).toBe(204);
    expect((await long(reader('Googlebot/2.1'), { events: [event(a.id)] })).status).toBe(204);
    expect((await long(reader(), { events: [event(a.id)], padding: 'x'.repeat(10_000) })).status).toBe(400);
    expect(await stored(a.id)).toBe(1);
  });
});

describe('the roll-up', () => {
  it('sums each page once (its deepest mark, its most engaged time), per article and day, exactly', async () => {
    const a = await published();
    const day = '2026-03-10';
    const page = randomUUID();
    const ingest = (n: number, events: object[], userAgent = CHROME) =>
      ctx.readRecorder.ingest(client(n, userAgent), { events }, noon(day));
    // One page, reported three times as the reader goes on: 25 % and 8 s, then 75 % and 40 s, then (late) 100 %.
    await ingest(1, [event(a.id, { page, depth: 25, engaged: 8, elapsed: 10_000, referrer: 'search' })]);
    await ingest(1, [event(a.id, { page, depth: 75, engaged: 40, elapsed: 50_000, referrer: 'search' })]);
    // The same reader's second page; then a second reader on a phone, from the newsletter.
    await ingest(1, [event(a.id, { depth: 50, engaged: 5, referrer: 'internal' })]);
    await ingest(2, [event(a.id, { depth: 100, engaged: 200, elapsed: 300_000, referrer: 'newsletter' })], IPHONE);
    await rollUpReads(ctx.db, { wait: true });

    const res = await request(app).get(`/api/reports/articles/${a.id}`).query({ from: day, to: day }).set(headers('editor'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toEqual({ views: 3, readers: 2, engagedSeconds: 245, averageEngagedSeconds: 81.7, completionRate: 0.333 });
    expect(res.body.funnel).toEqual([
      { key: 0, pages: 3 },
      { key: 25, pages: 3 },
      { key: 50, pages: 3 },
      { key: 75, pages: 2 },
      { key: 100, pages: 1 },
    ]);
    expect(res.body.engaged.map((b: { pages: number }) => b.pages)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(Object.fromEntries(res.body.referrers.map((r: { key: string; pages: number }) => [r.key, r.pages]))).toEqual({
      direct: 0,
      search: 1,
      social: 0,
      internal: 1,
      newsletter: 1,
      other: 0,
    });
    expect(Object.fromEntries(res.body.devices.map((r: { key: string; pages: number }) => [r.key, r.pages]))).toEqual({
      desktop: 2,
      mobile: 1,
      tablet: 0,
    });
    expect(res.body.days).toEqual([{ date: day, views: 3, readers: 2, engagedSeconds: 245 }]);

    // A late report of the first page (it reached the end): its day is summed again, the page still counted once.
    await ingest(1, [event(a.id, { page, depth: 100, engaged: 41, elapsed: 52_000, referrer: 'search' })]);
    await rollUpReads(ctx.db, { wait: true });
    const again = await request(app).get(`/api/reports/articles/${a.id}`).query({ from: day, to: day }).set(headers('editor'));
    expect(again.body.totals).toEqual({ views: 3, readers: 2, engagedSeconds: 246, averageEngagedSeconds: 82, completionRate: 0.667 });
  });

  it('counts an event that arrives a day late in the day its page was opened', async () => {
    const a = await published();
    await ctx.readRecorder.ingest(client(3), { events: [event(a.id, { engaged: 30 })] }, noon('2026-03-20'));
    await rollUpReads(ctx.db, { wait: true });
    // Reported the next morning by a page opened 20 hours before: the 20th, summed again with it.
    await ctx.readRecorder.ingest(
      client(4),
      { events: [event(a.id, { engaged: 12, elapsed: 20 * 3_600_000 })] },
      new Date('2026-03-21T08:00:00Z'),
    );
    await rollUpReads(ctx.db, { wait: true });
    const res = await request(app).get('/api/reports/site').query({ from: '2026-03-19', to: '2026-03-21' }).set(headers('admin'));
    expect(res.body.days).toEqual([
      { date: '2026-03-19', views: 0, readers: 0, engagedSeconds: 0 },
      { date: '2026-03-20', views: 2, readers: 2, engagedSeconds: 42 },
      { date: '2026-03-21', views: 0, readers: 0, engagedSeconds: 0 },
    ]);
    expect(res.body.totals.views).toBe(2);
  });

  it('refreshes the planner’s statistics of the sums after a catch-up of days, not after a run over one day', async () => {
    const analyzed = async () => {
      const rows = await db.$queryRaw<{ relname: string; analyzed: bigint }[]>`
        SELECT relname, analyze_count AS analyzed FROM pg_stat_user_tables WHERE relname IN ('ReadDaily', 'ReadTotal', 'ReadSiteDaily')`;
      return Object.fromEntries(rows.map((r) => [r.relname, Number(r.analyzed)]));
    };
    const a = await published();
    let n = 200;
    const read = (day: string) => ctx.readRecorder.ingest(client(++n), { events: [event(a.id)] }, noon(day));
    await rollUpReads(ctx.db, { wait: true });
    await watermark();
    const before = await analyzed();
    await read('2026-10-01');
    expect((await rollUpReads(ctx.db, { wait: true })).days).toEqual(['2026-10-01']);
    expect(await analyzed()).toEqual(before);
    await watermark();
    for (const day of ['2026-10-02', '2026-10-03', '2026-10-04']) await read(day);
    expect((await rollUpReads(ctx.db, { wait: true })).days).toHaveLength(3);
    expect(await analyzed()).toEqual({
      ReadDaily: before.ReadDaily! + 1,
      ReadTotal: before.ReadTotal! + 1,
      ReadSiteDaily: before.ReadSiteDaily! + 1,
    });
  });

  it('a run killed half-way changes nothing, and the next run sums the day exactly', async () => {
    const a = await published();
    const day = '2026-04-02';
    await ctx.readRecorder.ingest(client(5), { events: [event(a.id, { engaged: 10 })] }, noon(day));
    await rollUpReads(ctx.db, { wait: true });
    await ctx.readRecorder.ingest(client(6), { events: [event(a.id, { engaged: 20, depth: 100 })] }, noon(day));
    const before = await db.readRollup.findUniqueOrThrow({ where: { id: 1 } });
    // The run fails after it has rewritten the article's sums, before the site's: it rolls back as a whole.
    await db.$executeRawUnsafe(
      `CREATE FUNCTION refuse_rollup() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'killed'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_rollup BEFORE INSERT ON "ReadSiteDaily" FOR EACH ROW EXECUTE FUNCTION refuse_rollup()`,
    );
    try {
      await expect(rollUpReads(ctx.db, { wait: true })).rejects.toThrow(/killed/);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_rollup ON "ReadSiteDaily"`);
      await db.$executeRawUnsafe(`DROP FUNCTION refuse_rollup()`);
    }
    const sums = await db.readDaily.findUniqueOrThrow({ where: { articleId_day: { articleId: a.id, day: new Date(day) } } });
    expect([sums.views, Number(sums.engaged), sums.depth100]).toEqual([1, 10, 0]);
    expect(await db.readRollup.findUniqueOrThrow({ where: { id: 1 } })).toEqual(before);

    await rollUpReads(ctx.db, { wait: true });
    await rollUpReads(ctx.db, { wait: true });
    const after = await db.readDaily.findUniqueOrThrow({ where: { articleId_day: { articleId: a.id, day: new Date(day) } } });
    expect([after.views, after.readers, Number(after.engaged), after.depth100]).toEqual([2, 2, 30, 1]);
  });
});

describe('privacy', () => {
  it('keeps no address and no user agent anywhere: not with the events, nor the view, nor any other table', async () => {
    const a = await published();
    const probe = { 'X-Forwarded-For': '203.0.113.77', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) PrivacyProbe/9.9' };
    expect((await beacon([event(a.id, { depth: 100 })], probe)).status).toBe(204);
    expect((await request(app).post(`/api/view/article/${a.id}`).set(probe).send({ fullyViewed: true })).status).toBe(201);
    await rollUpReads(ctx.db, { wait: true });
    const tables = await db.$queryRaw<{ name: string }[]>`
      SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema IN ('public', 'graphile_worker') AND table_type = 'BASE TABLE'`;
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      const [found] = await db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ${name} t WHERE t::text LIKE '%203.0.113.77%' OR t::text LIKE '%PrivacyProbe%'`,
      );
      expect(found!.n, name).toBe(0);
    }
    expect(await stored(a.id)).toBe(1);
  });

  it('hashes a visitor with the day’s salt: the same reader is one visitor within a day, another the next, and a past day’s salt is forgotten', async () => {
    const a = await published();
    const send = (day: string) => ctx.readRecorder.ingest(client(7), { events: [event(a.id)] }, noon(day));
    await send('2026-05-01');
    await send('2026-05-01');
    await send('2026-05-02');
    const visitors = (await db.readEvent.findMany({ where: { articleId: a.id }, orderBy: { id: 'asc' } })).map((r) => r.visitor);
    expect(visitors[0]).toBe(visitors[1]);
    expect(visitors[2]).not.toBe(visitors[0]);
    expect((await db.readSalt.findMany({ where: { day: { in: [new Date('2026-05-01'), new Date('2026-05-02')] } } })).length).toBe(2);

    // Yesterday's salt stays for the late reports of yesterday's pages; the day before's goes.
    const kept = async () =>
      (await db.readSalt.findMany({ where: { day: { lte: new Date('2026-05-02') } }, orderBy: { day: 'asc' } })).map((r) =>
        r.day.toISOString().slice(0, 10),
      );
    await forgetOldReads(db, noon('2026-05-02'));
    expect(await kept()).toEqual(['2026-05-01', '2026-05-02']);
    await forgetOldReads(db, noon('2026-05-03'));
    expect(await kept()).toEqual(['2026-05-02']);
  });

  it('hashes a late report with the salt of the day its page was opened: one reader is one visitor of that day', async () => {
    const a = await published();
    const b = await published();
    await ctx.readRecorder.ingest(client(13), { events: [event(a.id)] }, new Date('2026-05-10T23:30:00Z'));
    // The same reader's page opened at 23:50 reports at 00:20 the next day.
    await ctx.readRecorder.ingest(client(13), { events: [event(b.id, { elapsed: 30 * 60_000 })] }, new Date('2026-05-11T00:20:00Z'));
    const [first, late] = await Promise.all([a, b].map((x) => db.readEvent.findFirstOrThrow({ where: { articleId: x.id } })));
    expect(late!.at.toISOString()).toBe('2026-05-10T23:50:00.000Z');
    expect(late!.visitor).toBe(first!.visitor);
    await rollUpReads(ctx.db, { wait: true });
    const site = await request(app).get('/api/reports/site').query({ from: '2026-05-10', to: '2026-05-11' }).set(headers('admin'));
    expect(site.body.days.map((d: { readers: number; views: number }) => [d.views, d.readers])).toEqual([
      [2, 1],
      [0, 0],
    ]);
  });

  it('counts a page whose reports fall on both sides of midnight once, on the day it was opened', async () => {
    const a = await published();
    const page = randomUUID();
    // Reported before midnight, then again after it with a delay that puts its opening a second later.
    await ctx.readRecorder.ingest(
      client(14),
      { events: [event(a.id, { page, elapsed: 59_000, engaged: 20, depth: 50 })] },
      new Date('2026-05-20T23:59:59Z'),
    );
    await ctx.readRecorder.ingest(
      client(14),
      { events: [event(a.id, { page, elapsed: 60_000, engaged: 40, depth: 100 })] },
      new Date('2026-05-21T00:01:01Z'),
    );
    await rollUpReads(ctx.db, { wait: true });
    const res = await request(app)
      .get(`/api/reports/articles/${a.id}`)
      .query({ from: '2026-05-20', to: '2026-05-21' })
      .set(headers('admin'));
    expect(res.body.days).toEqual([
      { date: '2026-05-20', views: 1, readers: 1, engagedSeconds: 40 },
      { date: '2026-05-21', views: 0, readers: 0, engagedSeconds: 0 },
    ]);
    expect(res.body.totals.completionRate).toBe(1);
  });

  it('deletes raw events older than the setting’s days; their daily sums stay', async () => {
    const a = await published();
    await ctx.readRecorder.ingest(client(8), { events: [event(a.id, { engaged: 9 })] }, noon('2026-06-01'));
    await ctx.readRecorder.ingest(client(8), { events: [event(a.id, { engaged: 9 })] }, noon('2026-06-09'));
    await rollUpReads(ctx.db, { wait: true });
    await db.siteSettings.upsert({ where: { id: 1 }, create: { readEventDays: 5 }, update: { readEventDays: 5 } });
    try {
      await forgetOldReads(db, noon('2026-06-10'));
    } finally {
      await db.siteSettings.update({ where: { id: 1 }, data: { readEventDays: 30 } });
    }
    const left = await db.readEvent.findMany({ where: { articleId: a.id } });
    expect(left.map((e) => e.at.toISOString().slice(0, 10))).toEqual(['2026-06-09']);
    const res = await request(app)
      .get(`/api/reports/articles/${a.id}`)
      .query({ from: '2026-06-01', to: '2026-06-10' })
      .set(headers('admin'));
    expect(res.body.totals.views).toBe(2);
  });
});

describe('who reads which report', () => {
  it('editors and admins read every article; an author only theirs; readers and anonymous callers none', async () => {
    const day = '2026-07-01';
    const theirs = await published('Reported: the author’s own');
    const own = await article({ status: 'published', title: 'Reported: written by the signed-in author', authorId: byRole.author.user.id });
    for (const a of [theirs, own]) await ctx.readRecorder.ingest(client(9), { events: [event(a.id)] }, noon(day));
    await rollUpReads(ctx.db, { wait: true });
    for (const actor of ACTORS as Actor[]) {
      const list = await request(app).get('/api/reports/articles').query({ from: day, to: day, q: 'Reported:' }).set(headers(actor));
      const site = await request(app).get('/api/reports/site').query({ from: day, to: day }).set(headers(actor));
      const one = await request(app).get(`/api/reports/articles/${theirs.id}`).query({ from: day, to: day }).set(headers(actor));
      if (actor === 'anonymous' || actor === 'user') {
        for (const res of [list, site, one]) expect(res.status, actor).toBe(deniedStatus(actor));
        continue;
      }
      expect(list.status, actor).toBe(200);
      const titles = list.body.data.map((r: { title: string }) => r.title);
      if (actor === 'author') {
        expect(titles).toEqual([own.title]);
        expect(site.body.totals.views).toBe(1);
        expect(one.status).toBe(404);
        const mine = await request(app).get(`/api/reports/articles/${own.id}`).query({ from: day, to: day }).set(headers(actor));
        expect(mine.status).toBe(200);
      } else {
        expect(titles.sort()).toEqual([own.title, theirs.title].sort());
        expect(site.body.totals.views).toBe(2);
        expect(one.status).toBe(200);
      }
    }
  });

  it('refuses bad ranges, sorts and ids with 400', async () => {
    const get = (path: string, query: object) => request(app).get(path).query(query).set(headers('editor'));
    expect((await get('/api/reports/site', { from: '2026-02-30' })).status).toBe(400);
    expect((await get('/api/reports/site', { from: '2026-05-02', to: '2026-05-01' })).status).toBe(400);
    expect((await get('/api/reports/site', { from: '2024-01-01', to: '2026-01-01' })).text).toMatch(/at most 400 days/);
    // `to` is today when left out: `from` alone cannot ask for more.
    expect((await get('/api/reports/site', { from: '1900-01-01' })).text).toMatch(/at most 400 days/);
    expect((await get('/api/reports/articles/export', { from: '1900-01-01' })).status).toBe(400);
    expect((await get('/api/reports/articles', { ids: 'not-an-id' })).status).toBe(400);
    expect((await get('/api/reports/articles', { sort: 'author' })).status).toBe(400);
    expect((await get('/api/reports/articles', { limit: 1000 })).status).toBe(400);
    expect((await get('/api/reports/articles/not-an-id', {})).status).toBe(404);
  });
});

describe('the articles’ table', () => {
  it('is sorted, searched and paged, and exported as CSV with formulas written as text', async () => {
    const day = '2026-08-01';
    const low = await published('=HYPERLINK("x") read a little');
    const high = await published('Table: read to the end');
    await ctx.readRecorder.ingest(client(10), { events: [event(low.id, { depth: 25, engaged: 5 })] }, noon(day));
    await ctx.readRecorder.ingest(client(11), { events: [event(high.id, { depth: 100, engaged: 90, elapsed: 120_000 })] }, noon(day));
    await ctx.readRecorder.ingest(client(12), { events: [event(high.id, { depth: 75, engaged: 30 })] }, noon(day));
    await rollUpReads(ctx.db, { wait: true });
    const list = (query: object) =>
      request(app)
        .get('/api/reports/articles')
        .query({ from: day, to: day, ...query })
        .set(headers('admin'));

    const byViews = await list({});
    expect(byViews.body.data.map((r: { id: string }) => r.id)).toEqual([high.id, low.id]);
    expect(byViews.body.data[0]).toMatchObject({
      views: 2,
      readers: 2,
      engagedSeconds: 120,
      averageEngagedSeconds: 60,
      completionRate: 0.5,
      depth: [1, 1, 1, 0.5],
    });
    expect(byViews.body.pagination).toEqual({ total: 2, limit: 50, offset: 0 });
    expect((await list({ sort: 'engaged', order: 'asc' })).body.data.map((r: { id: string }) => r.id)).toEqual([low.id, high.id]);
    expect((await list({ q: 'HYPERLINK' })).body.data.map((r: { id: string }) => r.id)).toEqual([low.id]);
    expect((await list({ q: '100%' })).body.data).toEqual([]);
    expect((await list({ ids: `${low.id},${randomUUID()}` })).body.data.map((r: { id: string }) => r.id)).toEqual([low.id]);
    const second = await list({ limit: 1, offset: 1 });
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([low.id]);
    expect(second.body.pagination.total).toBe(2);
    expect((await list({ offset: 5 })).body.pagination.total).toBe(2);

    const csv = await request(app).get('/api/reports/articles/export').query({ from: day, to: day }).set(headers('admin'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`reading-${day}-to-${day}.csv`);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'Title,Address,Published,Views,Readers,Engaged seconds,Average engaged seconds,Completion rate,Reached 25%,Reached 50%,Reached 75%,Reached 100%',
    );
    expect(lines[1]).toContain(`Table: read to the end,/article/${high.id},`);
    expect(lines[1]).toMatch(/,2,2,120,60,0\.5,1,1,1,0\.5$/);
    expect(lines[2]!.startsWith(`"'=HYPERLINK(""x"") read a little"`)).toBe(true);
    expect((await request(app).get('/api/reports/articles/export').set(headers('user'))).status).toBe(403);
  });

  it('sums any range from running totals, also after a late event changes a day before others', async () => {
    const a = await published('Running totals');
    const other = await published('Read once, in between');
    let n = 40;
    const read = (id: string, day: string, pages = 1) =>
      Promise.all(
        Array.from({ length: pages }, () => ctx.readRecorder.ingest(client(++n), { events: [event(id, { engaged: 10 })] }, noon(day))),
      );
    await read(a.id, '2026-09-01');
    await read(a.id, '2026-09-03', 2);
    await read(other.id, '2026-09-04');
    await read(a.id, '2026-09-05');
    await rollUpReads(ctx.db, { wait: true });
    const views = async (from: string, to: string) => {
      const res = await request(app)
        .get('/api/reports/articles')
        .query({ from, to, ids: `${a.id},${other.id}` })
        .set(headers('admin'));
      expect(res.status).toBe(200);
      return Object.fromEntries(res.body.data.map((r: { id: string; views: number }) => [r.id === a.id ? 'a' : 'other', r.views]));
    };
    expect(await views('2026-09-01', '2026-09-05')).toEqual({ a: 4, other: 1 });
    expect(await views('2026-09-02', '2026-09-04')).toEqual({ a: 2, other: 1 });
    expect(await views('2026-09-04', '2026-09-06')).toEqual({ a: 1, other: 1 });
    expect(await views('2026-09-02', '2026-09-02')).toEqual({});
    expect(await views('2026-08-01', '2026-08-31')).toEqual({});

    // A late event for the first day, summed once the later days are: every later day carries it. The watermark is
    // moved up first, so that this run recomputes the late day alone, as in production.
    const runningOf = async (id: string, day: string) =>
      (await db.readDaily.findUniqueOrThrow({ where: { articleId_day: { articleId: id, day: new Date(day) } } })).running.map(Number);
    await watermark();
    await read(a.id, '2026-09-01', 2);
    expect((await rollUpReads(ctx.db, { wait: true })).days).toEqual(['2026-09-01']);
    expect(await runningOf(a.id, '2026-09-03')).toEqual([5, 5, 50, 5, 5, 0, 0]);
    expect(await runningOf(a.id, '2026-09-05')).toEqual([6, 6, 60, 6, 6, 0, 0]);
    expect(await views('2026-09-01', '2026-09-03')).toEqual({ a: 5 });
    expect(await views('2026-09-02', '2026-09-05')).toEqual({ a: 3, other: 1 });
    expect(await views('2026-09-05', '2026-09-05')).toEqual({ a: 1 });
    // The same sums for the count alone (a page past the last) and through an author's view.
    const past = await request(app)
      .get('/api/reports/articles')
      .query({ from: '2026-09-01', to: '2026-09-05', ids: a.id, offset: 5 })
      .set(headers('admin'));
    expect(past.body.pagination.total).toBe(1);

    // A day whose events are gone (recomputed for another article's late event): its articles fall back to their
    // latest day before, or leave the totals.
    const gone = await published('Read, then forgotten');
    await read(gone.id, '2026-09-01');
    await read(gone.id, '2026-09-05');
    const once = await published('Read once, then forgotten');
    await read(once.id, '2026-09-05');
    await rollUpReads(ctx.db, { wait: true });
    await watermark();
    await db.readEvent.deleteMany({ where: { articleId: { in: [gone.id, once.id] }, at: { gte: new Date('2026-09-05T00:00:00Z') } } });
    await read(other.id, '2026-09-05');
    await rollUpReads(ctx.db, { wait: true });
    const totalOf = (id: string) => db.readTotal.findUnique({ where: { articleId: id } });
    expect((await totalOf(gone.id))?.lastDay.toISOString().slice(0, 10)).toBe('2026-09-01');
    expect((await totalOf(gone.id))?.running.map(Number)).toEqual([1, 1, 10, 1, 1, 0, 0]);
    expect(await totalOf(once.id)).toBeNull();
    const forgotten = await request(app)
      .get('/api/reports/articles')
      .query({ from: '2026-09-01', to: '2026-09-05', ids: `${gone.id},${once.id},${other.id}` })
      .set(headers('admin'));
    expect(forgotten.body.data.map((r: { id: string; views: number }) => [r.id, r.views]).sort()).toEqual(
      [
        [gone.id, 1],
        [other.id, 2],
      ].sort(),
    );

    // A range ending today takes each article's totals row as it is (the start within 400 days of today, whenever this
    // runs).
    await ctx.readRecorder.ingest(client(++n), { events: [event(a.id, { engaged: 10 })] }, new Date());
    await rollUpReads(ctx.db, { wait: true });
    const today = new Date().toISOString().slice(0, 10);
    const within = [new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10), '2026-09-06'].sort()[1]!;
    expect(await views(within, today)).toEqual({ a: 1 });
    expect(await views(today, today)).toEqual({ a: 1 });
    expect(await views('2026-09-01', '2026-09-05')).toEqual({ a: 6, other: 2 });
    const total = await db.readTotal.findUniqueOrThrow({ where: { articleId: a.id } });
    expect([total.firstDay.toISOString().slice(0, 10), total.lastDay.toISOString().slice(0, 10), total.running.map(Number)]).toEqual([
      '2026-09-01',
      today,
      [7, 7, 70, 7, 7, 0, 0],
    ]);
  });
});

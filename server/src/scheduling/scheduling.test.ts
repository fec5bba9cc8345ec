import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, createBreakingNews, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';
import { startJobs } from '../jobs/tasks';
import type { JobWorker } from '../jobs/job-queue.service';
import { publishDue, scheduleKeys } from './scheduling.service';
import { until } from '#tests/helpers/until';

/**
 * Scheduled publishing (docs/decisions/059-scheduling.md), on the real job queue: who may schedule, what a time must
 * be, that nothing scheduled shows anywhere public (the cache included) before its minute, and that it goes live once,
 * by itself, across a restart and with two workers racing. Each test starts the workers it needs.
 */
const { app, ctx, db, databaseUrl, headers, byRole, article } = await articlesTestbed({
  RUN_JOBS: 'false',
  JWT_SECRET: randomBytes(32).toString('hex'),
});

const workers: JobWorker[] = [];
/** A worker without the minute's catch-up: what goes live does so by its own job. */
const startWorker = async () => {
  const worker = await startJobs(ctx, databaseUrl, { recurring: false });
  workers.push(worker);
  return worker;
};
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
/** Schedules, naming the article's current version (as an editor who just read it). */
const schedule = async (actor: Actor, id: string, body: object) => {
  const { version } = await db.article.findUniqueOrThrow({ where: { id }, select: { version: true } });
  return request(app)
    .post(`/api/articles/${id}/schedule`)
    .set(headers(actor))
    .send({ version, ...body });
};
const unschedule = (actor: Actor, id: string) => request(app).post(`/api/articles/${id}/unschedule`).set(headers(actor));
const rowOf = (id: string) => db.article.findUniqueOrThrow({ where: { id } });

interface JobRow {
  key: string;
  run_at: Date;
}
const jobsOf = (prefix: string) =>
  db.$queryRaw<JobRow[]>`SELECT key, run_at FROM graphile_worker._private_jobs WHERE key LIKE ${`${prefix}%`} ORDER BY key`;

/** Every public place an article shows: its JSON, its page, the lists, the feed and the sitemaps. */
async function publicSightings(id: string, title: string): Promise<string[]> {
  const seen: string[] = [];
  const one = await request(app).get(`/api/articles/${id}`);
  if (one.status !== 404) seen.push(`GET /api/articles/:id answered ${one.status}`);
  const page = await request(app).get(`/article/${id}`);
  if (page.status !== 404 || page.text.includes(title)) seen.push(`its page answered ${page.status}`);
  for (const path of [
    '/api/articles/published?limit=100',
    '/api/articles/home',
    '/rss.xml',
    '/sitemaps/articles-1.xml',
    '/sitemaps/news.xml',
  ]) {
    const res = await request(app).get(path);
    expect(res.status, path).toBe(200);
    if (res.text.includes(id) || res.text.includes(title)) seen.push(path);
  }
  return seen;
}

describe('who may schedule', () => {
  it.each(ACTORS)('schedule and cancel, as %s', async (actor) => {
    const a = await article({ status: 'review', submittedAt: new Date() });
    const allowed = actor === 'editor' || actor === 'admin' || actor === 'super-admin';
    const at = inSeconds(3600);
    const res = await schedule(actor, a.id, { publishAt: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(allowed ? 200 : deniedStatus(actor));
    const row = await rowOf(a.id);
    expect(row.status).toBe(allowed ? 'scheduled' : 'review');
    if (!allowed) {
      expect(await jobsOf(scheduleKeys.articlePublish(a.id))).toEqual([]);
      return;
    }
    // Approved: the review ends; the time is the one asked for, and the queue holds one job for it.
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString(), submittedAt: null, version: a.version + 1 });
    expect(await jobsOf(scheduleKeys.articlePublish(a.id))).toEqual([{ key: scheduleKeys.articlePublish(a.id), run_at: at }]);
    const cancelled = await unschedule(actor, a.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'draft', scheduledAt: null, unpublishAt: null });
    expect(await jobsOf(`schedule:article:${a.id}`)).toEqual([]);
  });

  it('refuses an author (403) and a reader, even on their own article', async () => {
    const mine = await article({ authorId: byRole.author.user.id });
    expect((await schedule('author', mine.id, { publishAt: inSeconds(600).toISOString() })).status).toBe(403);
    expect((await unschedule('author', mine.id)).status).toBe(403);
    expect((await rowOf(mine.id)).status).toBe('draft');
  });

  it('keeps an author out of their own scheduled article (409): what goes live is what the editor approved', async () => {
    const mine = await article({ authorId: byRole.author.user.id, status: 'scheduled', scheduledAt: inSeconds(600) });
    const edit = await request(app)
      .put(`/api/articles/${mine.id}`)
      .set(headers('author'))
      .send({ title: 'Changed after approval', version: mine.version });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('scheduled');
    expect((await rowOf(mine.id)).title).toBe(mine.title);
    const byEditor = await request(app)
      .put(`/api/articles/${mine.id}`)
      .set(headers('editor'))
      .send({ title: 'Fixed by the editor', version: mine.version });
    expect([byEditor.status, byEditor.body.status]).toEqual([200, 'scheduled']);
  });
});

describe('what a time must be: a clear 400 or 409, and nothing changes', () => {
  const cases: [string, () => object, number, RegExp][] = [
    ['no publish time', () => ({}), 400, /publishAt: required/],
    ['a past time', () => ({ publishAt: inSeconds(-60).toISOString() }), 400, /publishAt: must be in the future/],
    ['three years ahead', () => ({ publishAt: inSeconds(3 * 366 * 86_400).toISOString() }), 400, /at most 731 days ahead/],
    ['not a time', () => ({ publishAt: 'tomorrow morning' }), 400, /publishAt must be a date and time/],
    ['a time without its offset', () => ({ publishAt: '2030-01-01T09:00:00' }), 400, /publishAt must be a date and time/],
    ['a number', () => ({ publishAt: 1_900_000_000_000 }), 400, /publishAt must be a date and time/],
    [
      'an end before the start',
      () => ({ publishAt: inSeconds(7200).toISOString(), unpublishAt: inSeconds(3600).toISOString() }),
      400,
      /unpublishAt: must be after publishAt/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    const a = await article();
    const res = await schedule('editor', a.id, body());
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await rowOf(a.id)).toEqual(a);
    expect(await jobsOf(`schedule:article:${a.id}`)).toEqual([]);
  });

  it('a publish time for a published article is 409; its end alone is taken, and cancelled', async () => {
    const a = await article({ status: 'published', publishedAt: new Date() });
    const refused = await schedule('editor', a.id, { publishAt: inSeconds(600).toISOString() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This article is published already: only the time it is taken down can be set.');
    const end = inSeconds(3600);
    const res = await schedule('editor', a.id, { unpublishAt: end.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'published', unpublishAt: end.toISOString() });
    expect(await jobsOf(scheduleKeys.articleUnpublish(a.id))).toEqual([{ key: scheduleKeys.articleUnpublish(a.id), run_at: end }]);
    // The end is for staff: a reader's copy of the article does not say when it goes.
    expect((await request(app).get(`/api/articles/${a.id}`)).body.unpublishAt).toBeNull();
    const top = (await request(app).get('/api/view/top-articles?limit=50')).body.data as { id: string; unpublishAt: unknown }[];
    expect(top.find((item) => item.id === a.id)).toMatchObject({ unpublishAt: null });
    expect((await request(app).get(`/api/articles/${a.id}`).set(headers('editor'))).body.unpublishAt).toBe(end.toISOString());
    const cancelled = await unschedule('editor', a.id);
    expect(cancelled.body).toMatchObject({ status: 'published', unpublishAt: null });
    expect(await jobsOf(`schedule:article:${a.id}`)).toEqual([]);
  });

  it('names the version it approves: none is 428, a changed one 409', async () => {
    const a = await article({ status: 'review', submittedAt: new Date() });
    const publishAt = inSeconds(600).toISOString();
    const none = await request(app).post(`/api/articles/${a.id}/schedule`).set(headers('editor')).send({ publishAt });
    expect(none.status).toBe(428);
    const stale = await request(app)
      .post(`/api/articles/${a.id}/schedule`)
      .set(headers('editor'))
      .send({ publishAt, version: a.version + 1 });
    expect(stale.status).toBe(409);
    expect(await rowOf(a.id)).toEqual(a);
  });

  it('cancelling with nothing scheduled is 409 and names the state', async () => {
    const a = await article();
    const res = await unschedule('editor', a.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nothing is scheduled for this article: it is a draft.');
    expect(await rowOf(a.id)).toEqual(a);
  });

  it('a new time replaces the old one in the queue; a cancelled article published once goes back to unpublished', async () => {
    const a = await article({ status: 'unpublished', publishedAt: new Date(Date.now() - 86_400_000) });
    await schedule('editor', a.id, { publishAt: inSeconds(600).toISOString(), unpublishAt: inSeconds(1200).toISOString() });
    const later = inSeconds(7200);
    const res = await schedule('admin', a.id, { publishAt: later.toISOString() });
    // The end no longer follows the start: the editor is told, not left with a piece that ends before it starts.
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('unpublishAt: must be after publishAt');
    const moved = await schedule('admin', a.id, { publishAt: later.toISOString(), unpublishAt: null });
    expect(moved.status).toBe(200);
    expect(await jobsOf(`schedule:article:${a.id}`)).toEqual([{ key: scheduleKeys.articlePublish(a.id), run_at: later }]);
    expect((await unschedule('editor', a.id)).body).toMatchObject({ status: 'unpublished', scheduledAt: null });
  });

  it('publishing now or unpublishing ends a schedule, and its job', async () => {
    const a = await article();
    await schedule('editor', a.id, { publishAt: inSeconds(600).toISOString(), unpublishAt: inSeconds(1200).toISOString() });
    const published = await request(app).post(`/api/articles/${a.id}/publish`).set(headers('editor'));
    expect(published.body).toMatchObject({ status: 'published', scheduledAt: null, unpublishAt: expect.any(String) });
    expect((await jobsOf(`schedule:article:${a.id}`)).map((j) => j.key)).toEqual([scheduleKeys.articleUnpublish(a.id)]);
    const unpublished = await request(app).post(`/api/articles/${a.id}/unpublish`).set(headers('editor'));
    expect(unpublished.body).toMatchObject({ status: 'unpublished', scheduledAt: null, unpublishAt: null });
    expect(await jobsOf(`schedule:article:${a.id}`)).toEqual([]);
  });
});

describe('going live by itself', () => {
  it('is nowhere public before its minute, the cache included; then live once, after a restart, with two workers racing', async () => {
    const a = await article({ status: 'review', submittedAt: new Date(), title: `Embargoed ${Date.now()}` });
    // The public places are read (and cached) first: the article must not be served from them early.
    expect(await publicSightings(a.id, a.title)).toEqual([]);
    const at = inSeconds(4);
    expect((await schedule('editor', a.id, { publishAt: at.toISOString() })).status).toBe(200);
    const { version } = await rowOf(a.id);

    // A worker runs, then stops before the minute (a restart): the job waits in PostgreSQL.
    await (await startWorker()).stop();
    expect(await publicSightings(a.id, a.title)).toEqual([]);
    expect((await rowOf(a.id)).status).toBe('scheduled');

    // Two workers (two replicas) race for it.
    await Promise.all([startWorker(), startWorker()]);
    const live = await until('published', async () => {
      const row = await rowOf(a.id);
      return row.status === 'published' && row;
    });
    expect(live.publishedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(live.publishedAt!.getTime() - at.getTime()).toBeLessThan(60_000);
    // Once: one change of version, and nothing left in the queue for it.
    expect(live.version).toBe(version + 1);
    expect(live.scheduledAt).toBeNull();
    await until('its job done', async () => (await jobsOf(`schedule:article:${a.id}`)).length === 0);
    expect((await rowOf(a.id)).version).toBe(version + 1);
    // Everywhere public, through the cache that held the answers from before.
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(200);
    expect(await publicSightings(a.id, a.title)).toEqual([
      'GET /api/articles/:id answered 200',
      'its page answered 200',
      '/api/articles/published?limit=100',
      '/api/articles/home',
      '/rss.xml',
      '/sitemaps/articles-1.xml',
      '/sitemaps/news.xml',
    ]);
  });

  it('takes a piece down at its end, with its featured slot', async () => {
    const a = await article({ status: 'published', publishedAt: new Date(), isStory: true, isFeatured: true, featuredAt: new Date() });
    expect((await schedule('editor', a.id, { unpublishAt: inSeconds(2).toISOString() })).status).toBe(200);
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(200);
    await startWorker();
    const ended = await until('unpublished', async () => {
      const row = await rowOf(a.id);
      return row.status === 'unpublished' && row;
    });
    expect(ended).toMatchObject({ isFeatured: false, featuredAt: null, unpublishAt: null });
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(404);
  });

  it('publishes each due article once when several runs race (the conditional write)', async () => {
    const due = await Promise.all([1, 2, 3].map(() => article({ status: 'scheduled', scheduledAt: new Date(Date.now() - 1000) })));
    const notYet = await article({ status: 'scheduled', scheduledAt: inSeconds(3600) });
    const runs = await Promise.all([publishDue(ctx.db), publishDue(ctx.db), publishDue(ctx.db)]);
    const published = runs.flatMap((r) => r.published).filter((id) => [...due, notYet].some((a) => a.id === id));
    expect(published.sort()).toEqual(due.map((a) => a.id).sort());
    for (const a of due) expect((await rowOf(a.id)).version).toBe(a.version + 1);
    expect((await rowOf(notYet.id)).status).toBe('scheduled');
  });
});

describe('breaking news', () => {
  const post = (actor: Actor, id: string, step: 'schedule' | 'unschedule' | 'publish', body: object = {}) =>
    request(app).post(`/api/breaking-news/${id}/${step}`).set(headers(actor)).send(body);

  it.each(ACTORS)('schedule, as %s', async (actor) => {
    const item = await createBreakingNews(db, { authorId: byRole.author.user.id });
    const allowed = actor === 'editor' || actor === 'admin' || actor === 'super-admin';
    const res = await post(actor, item.id, 'schedule', { publishAt: inSeconds(600).toISOString() });
    expect(res.status).toBe(allowed ? 200 : deniedStatus(actor));
    expect((await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } })).status).toBe(allowed ? 'scheduled' : 'draft');
  });

  it('goes on the ticker by itself, not before; 409 when on it already or when nothing is scheduled', async () => {
    const item = await createBreakingNews(db, { authorId: byRole.editor.user.id });
    expect((await post('editor', item.id, 'unschedule')).status).toBe(409);
    expect((await post('editor', item.id, 'schedule', { publishAt: 'soon' })).status).toBe(400);
    const res = await post('editor', item.id, 'schedule', { publishAt: inSeconds(3).toISOString() });
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt: expect.any(String) });
    const ticker = async () => ((await request(app).get('/api/breaking-news')).body.news as { id: string }[]).map((n) => n.id);
    expect(await ticker()).not.toContain(item.id);
    await startWorker();
    await until('on the ticker', async () => (await ticker()).includes(item.id));
    const row = await db.breakingNews.findUniqueOrThrow({ where: { id: item.id } });
    expect(row).toMatchObject({ status: 'published', scheduledAt: null, version: item.version + 2 });
    expect((await post('editor', item.id, 'schedule', { publishAt: inSeconds(600).toISOString() })).status).toBe(409);
  });

  it('cancelled, it is a draft again and its job is gone', async () => {
    const item = await createBreakingNews(db, { authorId: byRole.editor.user.id });
    await post('admin', item.id, 'schedule', { publishAt: inSeconds(600).toISOString() });
    expect(await jobsOf(scheduleKeys.breakingPublish(item.id))).toHaveLength(1);
    const res = await post('admin', item.id, 'unschedule');
    expect(res.body).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await jobsOf(scheduleKeys.breakingPublish(item.id))).toEqual([]);
  });
});

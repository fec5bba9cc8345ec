import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, createBreakingNews, createComment, createUser, type Actor } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';

const { app, db, byRole, headers, otherAuthor, article } = await articlesTestbed();
const HOUR = 3600_000;
const midnightUtc = () => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
};

/**
 * The fixture: the author actor has 2 drafts, 1 article published today and 1 published before today;
 * another author has 1 draft, 1 published today and 1 unpublished (first published today). Comments:
 * 2 on the author's articles, 1 elsewhere. Breaking news: 2 published, 1 draft.
 */
let otherDraftTitle: string;
beforeAll(async () => {
  const me = byRole.author.user.id;
  const other = otherAuthor.id;
  const reader = (await createUser(db, { role: 'user', name: 'Rita Reader' })).id;
  const now = new Date();
  await article({ authorId: me, title: 'My draft 1' });
  await article({ authorId: me, title: 'My draft 2' });
  const mineToday = await article({ authorId: me, status: 'published', publishedAt: now, totalViews: 10 });
  const mineOld = await article({
    authorId: me,
    status: 'published',
    publishedAt: new Date(midnightUtc().getTime() - HOUR),
    totalViews: 5,
  });
  otherDraftTitle = (await article({ authorId: other, title: 'Secret scoop draft' })).title;
  const otherToday = await article({ authorId: other, status: 'published', publishedAt: now, totalViews: 7 });
  await article({ authorId: other, status: 'unpublished', publishedAt: now, totalViews: 1 });
  await article({ authorId: other, status: 'review', submittedAt: now, title: 'Awaiting an editor' });
  await createComment(db, { articleId: mineToday.id, authorId: reader });
  await createComment(db, { articleId: mineOld.id, authorId: reader });
  await createComment(db, { articleId: otherToday.id, authorId: reader });
  await createBreakingNews(db, { authorId: other, status: 'published' });
  await createBreakingNews(db, { authorId: me, status: 'published' });
  await createBreakingNews(db, { authorId: me });
});

const shared = {
  totalArticles: 8,
  publishedArticles: 3,
  publishedToday: 2,
  // Only what was submitted for review: drafts are the authors' own business.
  pendingReview: 1,
  totalComments: 3,
  totalViews: 23,
  publishedBreakingNews: 2,
};

describe('GET /api/stats', () => {
  it.each(ACTORS)('%s: numbers match the fixture for the role', async (actor) => {
    const res = await request(app).get('/api/stats').set(headers(actor));
    if (actor === 'anonymous' || actor === 'user') {
      expect(res.status).toBe(actor === 'anonymous' ? 401 : 403);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const mine = actor === 'author' ? { myArticles: 4, myDrafts: 2, myComments: 2 } : { myArticles: 0, myDrafts: 0, myComments: 0 };
    const users = actor === 'admin' || actor === 'super-admin' ? { totalUsers: await db.user.count() } : {};
    expect(res.body).toEqual({ role: actor, ...shared, ...mine, ...users });
  });

  it('never reports totalUsers to editors or authors', async () => {
    for (const role of ['editor', 'author'] as const) {
      const res = await request(app).get('/api/stats').set(byRole[role].auth);
      expect(res.body).not.toHaveProperty('totalUsers');
    }
  });
});

describe('GET /api/stats/activity', () => {
  it.each(ACTORS)('%s: only staff read the activity', async (actor: Actor) => {
    const res = await request(app).get('/api/stats/activity').set(headers(actor));
    expect(res.status).toBe(actor === 'anonymous' ? 401 : actor === 'user' ? 403 : 200);
  });

  it('merges the kinds of event newest first and honours the limit (10 by default)', async () => {
    const res = await request(app).get('/api/stats/activity').set(byRole.editor.auth);
    expect(res.status).toBe(200);
    const events = res.body.data as { type: string; action: string; id: string; title: string; actor: string; at: string }[];
    expect(events).toHaveLength(10);
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(events[0]).toEqual({
      type: expect.any(String),
      action: expect.any(String),
      id: expect.any(String),
      title: expect.any(String),
      actor: expect.any(String),
      at: expect.any(String),
    });

    const all = (await request(app).get('/api/stats/activity?limit=50').set(byRole.editor.auth)).body.data as typeof events;
    // 8 articles created + 4 published (incl. the since-unpublished one) + 3 comments + 3 news created + 2 published.
    expect(all).toHaveLength(20);
    const count = (type: string, action: string) => all.filter((e) => e.type === type && e.action === action).length;
    expect([count('article', 'created'), count('article', 'published'), count('comment', 'posted')]).toEqual([8, 4, 3]);
    expect([count('breaking-news', 'created'), count('breaking-news', 'published')]).toEqual([3, 2]);
    const comment = all.find((e) => e.type === 'comment');
    expect(comment).toMatchObject({ actor: 'Rita Reader', articleId: expect.any(String) });
    expect(all.some((e) => e.title === otherDraftTitle && e.actor === otherAuthor.name)).toBe(true);
    expect((await request(app).get('/api/stats/activity?limit=3').set(byRole.admin.auth)).body.data).toHaveLength(3);
  });

  it("does not show an author other people's unpublished article titles", async () => {
    const res = await request(app).get('/api/stats/activity?limit=50').set(byRole.author.auth);
    const titles = (res.body.data as { title: string }[]).map((e) => e.title);
    expect(titles).not.toContain(otherDraftTitle);
    expect(titles).not.toContain('Awaiting an editor');
    expect(titles).toContain('My draft 1');
    // 4 own + 1 other published created, 2 own + 1 other published, 3 comments, 3 + 2 breaking news.
    expect(res.body.data).toHaveLength(16);
  });

  it.each(['limit=0', 'limit=51', 'limit=many'])('answers ?%s with 400', async (qs) => {
    const res = await request(app).get(`/api/stats/activity?${qs}`).set(byRole.editor.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });
});

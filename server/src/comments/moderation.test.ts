import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '#shared/schemas/comments';
import type { Comment } from '#shared/types';
import { ACTORS, createComment, login, type Actor } from '#tests/helpers/factories';
import { articlesTestbed } from '#tests/helpers/testbed';

/**
 * Comment moderation (docs/decisions/066-comment-moderation.md): readers report, editors and admins approve, hide,
 * delete and ban from the queue; the site settings hold first comments and blocked words and limit posting; readers see
 * a removed comment's place, its author sees why.
 */
const { app, ctx, db, headers, otherAuthor, article } = await articlesTestbed();

const published = () => article({ status: 'published' });
const reader = () => login(ctx, 'user');
const post = (articleId: string, auth: Record<string, string>, content: string, parentId?: string) =>
  request(app).post(`/api/comments/article/${articleId}`).set(auth).send({ content, parentId });
const report = (commentId: string, auth: Record<string, string>, reason = 'spam') =>
  request(app).post(`/api/comments/${commentId}/report`).set(auth).send({ reason });
const queue = (name: string, actor: Actor = 'editor') =>
  request(app).get('/api/moderation/comments').query({ queue: name }).set(headers(actor));
const publicComments = async (articleId: string) => {
  const res = await request(app).get(`/api/comments/article/${articleId}`);
  expect(res.status).toBe(200);
  return res.body.data as Comment[];
};
const settings = async (comments: Record<string, unknown>) => {
  const admin = headers('admin');
  const current = (await request(app).get('/api/settings').set(admin)).body as { version: number; comments: Record<string, unknown> };
  const res = await request(app)
    .put('/api/settings')
    .set(admin)
    .send({ comments: { ...current.comments, ...comments }, version: current.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { comments: Record<string, unknown> };
};

describe('reports', () => {
  it('takes one report per reader with a reason, never of their own comment, and queues the comment for the moderators', async () => {
    const a = await published();
    const writer = await reader();
    const comment = await createComment(db, { articleId: a.id, authorId: writer.user.id, content: 'Buy cheap watches' });
    const [r1, r2] = [await reader(), await reader()];

    const first = await report(comment.id, r1.auth, 'spam');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: COMMENT_MESSAGES.reported });
    expect((await report(comment.id, r1.auth, 'abuse')).status).toBe(409);
    expect((await report(comment.id, r2.auth, 'off-topic')).status).toBe(201);
    expect((await report(comment.id, writer.auth)).status).toBe(400);
    expect((await report(comment.id, {})).status).toBe(401);
    const bad = await report(comment.id, r2.auth, 'boring');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('reason must be one of');
    expect((await report('0192d6a1-0000-7000-8000-000000000000', r1.auth)).status).toBe(404);

    const reported = await queue('reported');
    expect(reported.status).toBe(200);
    const item = reported.body.data.find((c: { id: string }) => c.id === comment.id);
    expect(item).toMatchObject({
      content: 'Buy cheap watches',
      status: 'visible',
      article: { id: a.id, title: a.title },
      author: { id: writer.user.id, name: writer.user.name, role: 'user', bannedUntil: null },
      reports: { open: 2, reasons: { spam: 1, 'off-topic': 1 } },
    });
    expect((await request(app).get('/api/moderation/counts').set(headers('editor'))).body.reported).toBeGreaterThanOrEqual(1);
  });

  it('lets only editors and admins read the queue and act on it', async () => {
    const a = await published();
    const comment = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 200, admin: 200, 'super-admin': 200 };
    for (const actor of ACTORS) {
      expect((await queue('recent', actor)).status, actor).toBe(expected[actor]);
      expect((await request(app).get('/api/moderation/counts').set(headers(actor))).status, actor).toBe(expected[actor]);
      const approve = await request(app).post(`/api/moderation/comments/${comment.id}/approve`).set(headers(actor));
      expect(approve.status, actor).toBe(expected[actor]);
      const hide = await request(app)
        .post(`/api/moderation/comments/${comment.id}/hide`)
        .set(headers(actor))
        .send({ reason: 'Off topic.' });
      expect(hide.status, actor).toBe(expected[actor]);
      const bans = await request(app).get('/api/moderation/bans').set(headers(actor));
      expect(bans.status, actor).toBe(expected[actor]);
    }
  });
});

describe('hiding and approving', () => {
  it('hides a comment: readers see its place without its words, its replies stay, its author sees why', async () => {
    const a = await published();
    const writer = await reader();
    const other = await reader();
    const parent = (await post(a.id, writer.auth, 'You are all idiots.')).body.data as Comment;
    const reply = (await post(a.id, other.auth, 'Please be kind.', parent.id)).body.data as Comment;
    // Read, and stored by the cache, before.
    expect((await publicComments(a.id))[0]!.content).toBe('You are all idiots.');
    await report(parent.id, other.auth, 'abuse');

    const hide = await request(app)
      .post(`/api/moderation/comments/${parent.id}/hide`)
      .set(headers('editor'))
      .send({ reason: '  Personal attacks are not allowed here.  ' });
    expect(hide.status).toBe(200);

    const [shown] = await publicComments(a.id);
    // Neither its words nor who wrote it (not even the id, which their other comments would name).
    expect(shown).toMatchObject({ id: parent.id, status: 'hidden', content: '', author: { id: '', name: '' }, moderationNote: null });
    expect(shown!.replies.map((r) => r.id)).toEqual([reply.id]);
    // The reply no longer quotes it.
    expect(shown!.replies[0]!.parent).toBeNull();
    expect(JSON.stringify(await publicComments(a.id))).not.toContain('idiots');

    const mine = await request(app).get('/api/comments/mine').query({ articleId: a.id }).set(writer.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: parent.id, status: 'hidden', moderationNote: 'Personal attacks are not allowed here.' }),
    ]);
    expect((await request(app).get('/api/comments/mine').query({ articleId: a.id }).set(other.auth)).body.data).toEqual([]);

    // Neither edited by its author nor replied to; the open report is resolved.
    const edit = await request(app).put(`/api/comments/${parent.id}`).set(writer.auth).send({ content: 'Sorry.' });
    expect(edit.status).toBe(409);
    expect((await post(a.id, other.auth, 'Reply', parent.id)).body.details).toEqual([COMMENT_MESSAGES.notReplyable]);
    expect((await queue('reported')).body.data.map((c: { id: string }) => c.id)).not.toContain(parent.id);
    const hidden = (await queue('hidden')).body.data.find((c: { id: string }) => c.id === parent.id);
    expect(hidden).toMatchObject({
      status: 'hidden',
      moderationNote: 'Personal attacks are not allowed here.',
      moderatedBy: { name: expect.any(String) },
    });

    // The reply's author, editing theirs, is answered with the thread as readers see it: the removed comment stays so.
    const edited = await request(app).put(`/api/comments/${reply.id}`).set(other.auth).send({ content: 'Please, be kind.' });
    expect(edited.status).toBe(200);
    expect(JSON.stringify(edited.body)).not.toContain('idiots');
    // The article's author lists it as readers see it too.
    const authorList = await request(app).get('/api/comments/admin/all').set(headers('author'));
    expect(JSON.stringify(authorList.body)).not.toContain('idiots');

    // Approved again: back as it was.
    expect((await request(app).post(`/api/moderation/comments/${parent.id}/approve`).set(headers('admin'))).status).toBe(200);
    expect((await publicComments(a.id))[0]).toMatchObject({ content: 'You are all idiots.', status: 'visible' });
  });

  it('refuses a hide without a reason, and an unknown comment', async () => {
    const a = await published();
    const comment = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
    const noReason = await request(app).post(`/api/moderation/comments/${comment.id}/hide`).set(headers('editor')).send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    const long = await request(app)
      .post(`/api/moderation/comments/${comment.id}/hide`)
      .set(headers('editor'))
      .send({ reason: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect((await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).status).toBe('visible');
    const unknown = '0192d6a1-0000-7000-8000-000000000001';
    expect((await request(app).post(`/api/moderation/comments/${unknown}/approve`).set(headers('editor'))).status).toBe(404);
  });

  it('deletes a reported comment with its replies and reports', async () => {
    const a = await published();
    const writer = await reader();
    const comment = await createComment(db, { articleId: a.id, authorId: writer.user.id });
    await report(comment.id, (await reader()).auth);
    expect((await request(app).delete(`/api/comments/${comment.id}`).set(headers('editor'))).status).toBe(200);
    expect(await db.commentReport.count({ where: { commentId: comment.id } })).toBe(0);
    expect((await queue('reported')).body.data.map((c: { id: string }) => c.id)).not.toContain(comment.id);
  });

  it('lets a reader report a comment again once their report was resolved', async () => {
    const a = await published();
    const comment = await createComment(db, { articleId: a.id, authorId: otherAuthor.id });
    const r = await reader();
    expect((await report(comment.id, r.auth)).status).toBe(201);
    expect((await report(comment.id, r.auth)).status).toBe(409);
    await request(app).post(`/api/moderation/comments/${comment.id}/approve`).set(headers('editor')).expect(200);
    expect((await report(comment.id, r.auth, 'abuse')).status).toBe(201);
    expect((await queue('reported')).body.data.find((c: { id: string }) => c.id === comment.id).reports).toEqual({
      open: 1,
      reasons: { abuse: 1 },
    });
  });
});

describe('bans from commenting', () => {
  it('bans a reader for a time or for good, and lifts it', async () => {
    const a = await published();
    const troll = await reader();
    const ban = (until: string | null, actor: Actor = 'editor', userId = troll.user.id) =>
      request(app).put(`/api/moderation/bans/${userId}`).set(headers(actor)).send({ until, reason: 'Repeated abuse.' });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await ban(tomorrow)).status).toBe(200);
    const refused = await post(a.id, troll.auth, 'Still here');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^You cannot comment until /);
    expect((await ban(null)).status).toBe(200);
    expect((await post(a.id, troll.auth, 'Still here')).body.message).toBe(COMMENT_MESSAGES.banned);
    const bans = await request(app).get('/api/moderation/bans').set(headers('admin'));
    expect(bans.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ user: { id: troll.user.id, name: troll.user.name }, until: null })]),
    );

    // Nor edit what they wrote before.
    const before = await createComment(db, { articleId: a.id, authorId: troll.user.id, content: 'Fine words' });
    expect((await request(app).put(`/api/comments/${before.id}`).set(troll.auth).send({ content: 'Abuse' })).status).toBe(403);
    expect((await db.comment.findUniqueOrThrow({ where: { id: before.id } })).content).toBe('Fine words');

    expect((await request(app).delete(`/api/moderation/bans/${troll.user.id}`).set(headers('editor'))).status).toBe(200);
    expect((await post(a.id, troll.auth, 'Back again')).status).toBe(201);
    expect((await request(app).delete(`/api/moderation/bans/${troll.user.id}`).set(headers('editor'))).status).toBe(404);

    // Staff are suspended, not banned; a past time and a missing reason are refused; nobody is banned by them.
    expect((await ban(null, 'editor', otherAuthor.id)).status).toBe(400);
    expect((await ban(new Date(Date.now() - 1000).toISOString())).status).toBe(400);
    expect((await ban('next week')).status).toBe(400);
    expect((await request(app).put(`/api/moderation/bans/${troll.user.id}`).set(headers('editor')).send({ until: null })).status).toBe(400);
    expect((await ban(null, 'editor', '0192d6a1-0000-7000-8000-000000000002')).status).toBe(404);
    expect((await post(a.id, troll.auth, 'Still free')).status).toBe(201);
  });
});

describe('the comment settings', () => {
  it('hold a comment with a blocked word for a moderator; its author sees it waiting, readers do not', async () => {
    await settings({ blockedWords: ['scam', 'cheap watches'] });
    try {
      const a = await published();
      const writer = await reader();
      const held = await post(a.id, writer.auth, 'This is a SCAM!');
      expect(held.status).toBe(201);
      expect(held.body).toMatchObject({
        message: COMMENT_MESSAGES.held,
        data: { status: 'held', moderationNote: expect.stringContaining('Held') },
      });
      expect((await post(a.id, writer.auth, 'A scampi recipe')).body.data.status).toBe('visible');
      const shown = await publicComments(a.id);
      expect(shown.map((c) => c.content)).toEqual(['A scampi recipe']);
      // Not reachable, not replyable, not reportable.
      expect((await request(app).get(`/api/comments/${held.body.data.id}`)).status).toBe(404);
      expect((await report(held.body.data.id, (await reader()).auth)).status).toBe(404);
      expect((await request(app).get('/api/comments/mine').query({ articleId: a.id }).set(writer.auth)).body.data).toEqual([
        expect.objectContaining({ id: held.body.data.id, status: 'held' }),
      ]);
      expect((await queue('held')).body.data.map((c: { id: string }) => c.id)).toContain(held.body.data.id);
      // Held as the moderators read it: its author cannot change it meanwhile.
      const change = await request(app).put(`/api/comments/${held.body.data.id}`).set(writer.auth).send({ content: 'Something else' });
      expect(change.status).toBe(409);
      expect(change.body.message).toBe(COMMENT_MESSAGES.heldNotEditable);
      expect((await request(app).get('/api/moderation/counts').set(headers('admin'))).body.held).toBeGreaterThanOrEqual(1);

      // An edit into a blocked word holds a shown comment too.
      const shownId = shown[0]!.id;
      expect(
        (await request(app).put(`/api/comments/${shownId}`).set(writer.auth).send({ content: 'cheap   watches here' })).body.data.status,
      ).toBe('held');
      expect(await publicComments(a.id)).toEqual([]);

      await request(app).post(`/api/moderation/comments/${held.body.data.id}/approve`).set(headers('editor')).expect(200);
      expect((await publicComments(a.id)).map((c) => c.content)).toEqual(['This is a SCAM!']);
    } finally {
      await settings({ blockedWords: [] });
    }
  });

  it("with pre-moderation, hold a reader's comments until one is approved; staff are never held", async () => {
    await settings({ premoderated: true });
    try {
      const a = await published();
      const newcomer = await reader();
      const first = await post(a.id, newcomer.auth, 'Hello, first time here.');
      expect(first.body.data.status).toBe('held');
      expect((await post(a.id, newcomer.auth, 'Anyone?')).body.data.status).toBe('held');
      expect((await post(a.id, headers('author'), 'Staff note.')).body.data.status).toBe('visible');
      await request(app).post(`/api/moderation/comments/${first.body.data.id}/approve`).set(headers('editor')).expect(200);
      expect((await post(a.id, newcomer.auth, 'Thanks!')).body.data.status).toBe('visible');
    } finally {
      await settings({ premoderated: false });
    }
  });

  it('limit posting per reader and per network a minute, as set', async () => {
    // An app of its own: this file's other comments, all from the tests' loopback network, count towards its network.
    const own = await articlesTestbed();
    const admin = own.headers('admin');
    const { version, comments } = (await request(own.app).get('/api/settings').set(admin)).body as { version: number; comments: object };
    await request(own.app)
      .put('/api/settings')
      .set(admin)
      .send({ comments: { ...comments, perUserPerMinute: 2, perNetworkPerMinute: 3 }, version })
      .expect(200);
    const a = await own.article({ status: 'published' });
    const [one, two] = [await login(own.ctx, 'user'), await login(own.ctx, 'user')];
    const send = (auth: Record<string, string>, content: string) =>
      request(own.app).post(`/api/comments/article/${a.id}`).set(auth).send({ content });
    expect((await send(one.auth, '1')).status).toBe(201);
    expect((await send(one.auth, '2')).status).toBe(201);
    const third = await send(one.auth, '3');
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(COMMENT_MESSAGES.rateLimited);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another reader of the same network (the tests' loopback): one more, then the network's limit.
    expect((await send(two.auth, '4')).status).toBe(201);
    const fifth = await send(two.auth, '5');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(COMMENT_MESSAGES.networkRateLimited);
  });

  it('are checked, and never public', async () => {
    const admin = headers('admin');
    const { version } = (await request(app).get('/api/settings').set(admin)).body as { version: number };
    for (const comments of [
      { premoderated: 'yes', blockedWords: [], perUserPerMinute: 10, perNetworkPerMinute: 60 },
      { premoderated: false, blockedWords: [''], perUserPerMinute: 10, perNetworkPerMinute: 60 },
      { premoderated: false, blockedWords: ['x'.repeat(61)], perUserPerMinute: 10, perNetworkPerMinute: 60 },
      { premoderated: false, blockedWords: [], perUserPerMinute: 0, perNetworkPerMinute: 60 },
      { premoderated: false, blockedWords: [], perUserPerMinute: 10, perNetworkPerMinute: 1.5 },
    ]) {
      const res = await request(app).put('/api/settings').set(admin).send({ comments, version });
      expect(res.status, JSON.stringify(comments)).toBe(400);
    }
    await settings({ blockedWords: ['secretword'] });
    const site = await request(app).get('/api/site');
    expect(JSON.stringify(site.body)).not.toContain('secretword');
    expect(site.body.comments).toBeUndefined();
    for (const actor of ['editor', 'author', 'user'] as const)
      expect((await request(app).get('/api/settings').set(headers(actor))).status).toBe(403);
    await settings({ blockedWords: [] });
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES, type ArticleStatus } from '#shared/constants';
import { ACTORS, type Actor } from '#tests/helpers/factories';
import { deniedStatus } from '#tests/helpers/permissions';
import { articlesTestbed } from '#tests/helpers/testbed';

/** The review (docs/decisions/058-review.md): submit, withdraw, send back, publish; per role, per state, and never public. */
const { app, db, byRole, headers, category, article } = await articlesTestbed();

const author = () => byRole.author;
/** One of the signed-in author's own articles. */
const own = (overrides: Parameters<typeof article>[0] = {}) => article({ authorId: author().user.id, ...overrides });
const statusOf = async (id: string) => (await db.article.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

type Step = 'submit' | 'withdraw' | 'send-back';
const post = (
  actor: Actor,
  id: string,
  step: Step | 'publish' | 'unpublish',
  body: object = step === 'send-back' ? { note: 'Needs a second source.' } : {},
) => request(app).post(`/api/articles/${id}/${step}`).set(headers(actor)).send(body);

/** Which state each step starts from, and where it leads. */
const STEPS: Record<Step, { from: ArticleStatus[]; to: ArticleStatus }> = {
  submit: { from: ['draft', 'unpublished'], to: 'review' },
  withdraw: { from: ['review'], to: 'draft' },
  'send-back': { from: ['review'], to: 'draft' },
};

describe('who may take each step', () => {
  // Authors submit and withdraw their own articles; editors and admins do anything; sending back is for editors and up.
  const mayOnOwn: Record<Step, Actor[]> = {
    submit: ['author', 'editor', 'admin', 'super-admin'],
    withdraw: ['author', 'editor', 'admin', 'super-admin'],
    'send-back': ['editor', 'admin', 'super-admin'],
  };
  for (const step of Object.keys(STEPS) as Step[]) {
    it.each(ACTORS)(`${step}, as %s, on the author's own article and on another author's`, async (actor) => {
      const from = STEPS[step].from[0]!;
      const mine = await own({ status: from, submittedAt: from === 'review' ? new Date() : null });
      const theirs = await article({ status: from, submittedAt: from === 'review' ? new Date() : null });
      const allowed = mayOnOwn[step].includes(actor);
      const res = await post(actor, mine.id, step);
      expect(res.status, JSON.stringify(res.body)).toBe(allowed ? 200 : deniedStatus(actor));
      expect(await statusOf(mine.id)).toBe(allowed ? STEPS[step].to : from);
      // Another author's article: an author does not see it at all (404, as for an edit); editors and up act on it.
      const other = await post(actor, theirs.id, step);
      const onOthers = allowed && actor !== 'author';
      expect(other.status).toBe(onOthers ? 200 : actor === 'author' ? (step === 'send-back' ? 403 : 404) : deniedStatus(actor));
      expect(await statusOf(theirs.id)).toBe(onOthers ? STEPS[step].to : from);
    });
  }
});

describe('each step starts only where it may', () => {
  for (const step of Object.keys(STEPS) as Step[]) {
    it.each(ARTICLE_STATUSES)(`${step} from %s: done, or 409 with the state, and nothing changes`, async (status) => {
      const a = await own({
        status,
        submittedAt: status === 'review' ? new Date() : null,
        publishedAt: status === 'published' || status === 'unpublished' ? new Date() : null,
      });
      const before = await db.article.findUniqueOrThrow({ where: { id: a.id } });
      const res = await post('editor', a.id, step);
      if (STEPS[step].from.includes(status)) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          status: STEPS[step].to,
          version: before.version + 1,
          submittedAt: STEPS[step].to === 'review' ? expect.any(String) : null,
          reviewNote: step === 'send-back' ? 'Needs a second source.' : null,
        });
        return;
      }
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(new RegExp(`this one is (a draft|in review|scheduled|published|unpublished|in the trash)\\.$`));
      expect(res.body.message).toContain(status === 'review' ? 'in review' : status === 'trashed' ? 'in the trash' : status);
      expect(await db.article.findUniqueOrThrow({ where: { id: a.id } })).toEqual(before);
    });
  }
});

describe('the note, the queue and publishing', () => {
  it('an author submits; an editor sends it back with a note the author reads; resubmitted, the note is gone', async () => {
    const a = await own();
    const submitted = await post('author', a.id, 'submit');
    expect(submitted.body).toMatchObject({ status: 'review', submittedAt: expect.any(String), reviewNote: null });

    // The note is required, and bounded.
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(2001) }, { note: 42 }]) {
      const refused = await post('editor', a.id, 'send-back', body);
      expect(refused.status).toBe(400);
    }
    expect(await statusOf(a.id)).toBe('review');

    const sent = await post('editor', a.id, 'send-back', { note: '  Please add the council’s reply.  ' });
    expect(sent.body).toMatchObject({ status: 'draft', submittedAt: null, reviewNote: 'Please add the council’s reply.' });
    const read = await request(app).get(`/api/articles/${a.id}`).set(author().auth);
    expect(read.body.reviewNote).toBe('Please add the council’s reply.');
    // The author's overview lists what came back to them.
    const back = await request(app).get('/api/articles?status=draft&sentBack=true').set(author().auth);
    expect(back.body.data.map((x: { id: string }) => x.id)).toContain(a.id);
    expect(back.body.data.every((x: { reviewNote: string | null }) => x.reviewNote)).toBe(true);
    // Withdrawing keeps nothing from the author either: a second submit clears the note it answered.
    const again = await post('author', a.id, 'submit');
    expect(again.body).toMatchObject({ status: 'review', reviewNote: null });
    expect(
      await request(app)
        .get('/api/articles?sentBack=maybe')
        .set(author().auth)
        .then((r) => r.status),
    ).toBe(400);
  });

  it('publishing ends the review: published, dated, with no note or submission left', async () => {
    const a = await own({ status: 'review', submittedAt: new Date(), reviewNote: 'old note' });
    const res = await post('editor', a.id, 'publish');
    expect(res.body).toMatchObject({ status: 'published', submittedAt: null, reviewNote: null, publishedAt: expect.any(String) });
    expect(await post('author', a.id, 'publish').then((r) => r.status)).toBe(403);
  });

  it('the queue is oldest submission first; an author sees only their own in it', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const newer = await article({ status: 'review', submittedAt: at(5), title: 'Queue newer' });
    const older = await own({ status: 'review', submittedAt: at(500), title: 'Queue older' });
    const middle = await article({ status: 'review', submittedAt: at(50), title: 'Queue middle' });
    const queue = await request(app).get('/api/articles?status=review&limit=500').set(byRole.editor.auth);
    const ids = (queue.body.data as { id: string }[]).map((x) => x.id).filter((id) => [newer.id, older.id, middle.id].includes(id));
    expect(ids).toEqual([older.id, middle.id, newer.id]);
    const mine = (await request(app).get('/api/articles?status=review&limit=500').set(author().auth)).body.data as {
      id: string;
      author: { id: string };
    }[];
    expect(mine.map((x) => x.id)).toContain(older.id);
    expect(mine.every((x) => x.author.id === author().user.id)).toBe(true);
  });

  it('an article in review is nowhere public: not its page, the API, the lists or the feed', async () => {
    const a = await article({ status: 'review', submittedAt: new Date(), title: 'Embargoed council budget' });
    expect((await request(app).get(`/api/articles/${a.id}`)).status).toBe(404);
    expect((await request(app).get(`/article/${a.id}`)).status).toBe(404);
    expect((await request(app).get(`/api/articles/share/${a.id}`)).status).toBe(404);
    expect(JSON.stringify((await request(app).get('/api/articles/published?limit=100')).body)).not.toContain(a.id);
    expect(JSON.stringify((await request(app).get(`/api/articles/published?category=${category.id}&limit=100`)).body)).not.toContain(a.id);
    expect((await request(app).get('/rss.xml')).text).not.toContain('Embargoed council budget');
    // Staff read it.
    expect((await request(app).get(`/api/articles/${a.id}`).set(byRole.editor.auth)).status).toBe(200);
  });

  it('two editors at once: one sends it back or withdraws it, the other finds it a draft (409), never both', async () => {
    // Sent at the same moment; under the row's lock whichever comes second finds the first one's draft.
    const a = await own({ status: 'review', submittedAt: new Date() });
    const [sent, withdrawn] = await Promise.all([post('editor', a.id, 'send-back'), post('admin', a.id, 'withdraw')]);
    expect([sent.status, withdrawn.status].sort()).toEqual([200, 409]);
    const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.status).toBe('draft');
    // The note says which one won: there is one only if the send-back did.
    expect(row.reviewNote).toBe(sent.status === 200 ? 'Needs a second source.' : null);
  });

  it('while it is in review its author cannot change it (409, media too); withdrawn, they can; an editor always can', async () => {
    const a = await own({ status: 'review', submittedAt: new Date() });
    const put = (actor: Actor, version: number) =>
      request(app).put(`/api/articles/${a.id}`).set(headers(actor)).send({ title: 'Swapped after submitting', version });
    const refused = await put('author', a.version);
    expect([refused.status, refused.body.message]).toEqual([409, 'This article is in review: withdraw it to edit it.']);
    const media = await request(app).post(`/api/articles/${a.id}/media`).set(author().auth).attach('media', Buffer.from('GIF89a'), 'x.gif');
    expect(media.status).toBe(409);
    expect((await db.article.findUniqueOrThrow({ where: { id: a.id } })).title).toBe(a.title);
    const edited = await put('editor', a.version);
    expect([edited.status, edited.body.status]).toEqual([200, 'review']);
    const withdrawn = await post('author', a.id, 'withdraw');
    expect((await put('author', withdrawn.body.version)).status).toBe(200);
  });

  it('an article published once comes back from review unpublished, not a draft; unpublishing ends a review', async () => {
    const a = await own({ status: 'unpublished', publishedAt: new Date(Date.now() - 86_400_000) });
    expect((await post('author', a.id, 'submit')).body.status).toBe('review');
    const back = await post('editor', a.id, 'send-back', { note: 'Update the figures first.' });
    expect(back.body).toMatchObject({ status: 'unpublished', reviewNote: 'Update the figures first.', submittedAt: null });
    const sentBack = await request(app).get('/api/articles?sentBack=true&limit=500').set(author().auth);
    expect((sentBack.body.data as { id: string }[]).map((x) => x.id)).toContain(a.id);
    expect((await post('author', a.id, 'submit')).status).toBe(200);
    const unpublished = await post('editor', a.id, 'unpublish');
    expect(unpublished.body).toMatchObject({ status: 'unpublished', submittedAt: null, reviewNote: null });
  });
});

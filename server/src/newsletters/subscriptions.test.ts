import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, type ReceivedMail } from '#tests/helpers/auth';
import { actors, createBreakingNews, createCategory, createUser, login, type Actor } from '#tests/helpers/factories';
import { header } from '#tests/helpers/smtp-catcher';
import { authorDesk, mailTestbed } from '#tests/helpers/testbed';
import { makeDueDigests } from './digests.service';
import { confirmToken, preferencesToken } from './links';
import { brandOf, CONFIRM_MAILS_PER_ADDRESS_PER_HOUR, NEWSLETTER_MESSAGES, SUBSCRIBES_PER_NETWORK_PER_HOUR } from './subscriptions.service';

/**
 * Newsletters, the readers' side (docs/decisions/069-newsletters.md): subscribing with double opt-in, preferences and the
 * one-click unsubscribe, on a real PostgreSQL and a real SMTP server; and a breaking-news alert sent by the app's own
 * job worker to every subscriber, once.
 */
const { app, ctx, db, mailbox } = await mailTestbed();
const { headers, byRole } = await actors(ctx);

const subscribe = (body: object, auth: Record<string, string> = {}) => request(app).post('/api/newsletters/subscribe').set(auth).send(body);

/** The confirmation link's token in a mail. */
function linkToken(mail: ReceivedMail, path = '/newsletters/confirm'): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_\\-.~]+)`).exec(mail.body);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[1]!;
}

const subscriptionsOf = async (email: string) =>
  (
    await db.newsletterSubscription.findMany({
      where: { subscriber: { email } },
      select: { newsletter: { select: { slug: true } } },
    })
  )
    .map((s) => s.newsletter.slug)
    .sort();

/** A confirmed subscriber of `slugs`, through the API and the mail, and their preferences token. */
async function confirmed(email: string, slugs: string[]): Promise<string> {
  const before = mailbox.to(email).length;
  expect((await subscribe({ email, newsletters: slugs })).status).toBe(202);
  const token = linkToken(await mailbox.waitFor(email, before + 1));
  const res = await request(app).post('/api/newsletters/confirm').send({ token });
  expect(res.status).toBe(200);
  return res.body.preferencesToken as string;
}

describe('GET /api/newsletters', () => {
  it('lists the daily and weekly digests, breaking alerts and a digest per category, which follows its category', async () => {
    const category = await createCategory(db, 'Gardening');
    let res = await request(app).get('/api/newsletters');
    expect(res.status).toBe(200);
    const slugs = res.body.newsletters.map((n: { slug: string }) => n.slug);
    expect(slugs.slice(0, 3)).toEqual(['daily', 'weekly', 'breaking']);
    expect(res.body.newsletters).toContainEqual(
      expect.objectContaining({ slug: `category-${category.slug}`, name: 'Gardening daily', kind: 'category' }),
    );
    // Renamed with its category, however it is written (a trigger).
    await db.category.update({ where: { id: category.id }, data: { name: 'Gardens' } });
    res = await request(app).get('/api/newsletters');
    expect(res.body.newsletters).toContainEqual(expect.objectContaining({ slug: `category-${category.slug}`, name: 'Gardens daily' }));
  });
});

describe('POST /api/newsletters/subscribe and /confirm: double opt-in', () => {
  it('sends a link to confirm and keeps nothing of the address until it is used; the link subscribes, twice as once', async () => {
    const email = uniqueEmail('news');
    const res = await subscribe({ email: `  ${email.toUpperCase()} `, newsletters: ['daily', 'breaking', 'daily'] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: NEWSLETTER_MESSAGES.checkInbox, confirmed: false });
    const mail = await mailbox.waitFor(email);
    expect(mail.subject).toBe('Confirm your subscription to Chronicle News');
    // The link does not show the address (sealed): a log or a proxy that sees it learns nothing.
    expect(Buffer.from(linkToken(mail).replace(/[~.]/g, ''), 'base64url').toString('latin1')).not.toContain(email.split('@')[0]);
    expect(mail.body).toContain('The daily briefing, Breaking news alerts');
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(0);

    const token = linkToken(mail);
    for (let i = 0; i < 2; i++) {
      const confirm = await request(app).post('/api/newsletters/confirm').send({ token });
      expect(confirm.status).toBe(200);
      expect(confirm.body.message).toBe(NEWSLETTER_MESSAGES.subscribed);
    }
    expect(await subscriptionsOf(email)).toEqual(['breaking', 'daily']);
    const subscriber = await db.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(subscriber).toMatchObject({ source: 'link', suppressedAt: null });
    expect(subscriber.consentedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers an address already subscribed exactly as a new one', async () => {
    const known = uniqueEmail('known');
    await confirmed(known, ['daily']);
    const fresh = await subscribe({ email: uniqueEmail('fresh'), newsletters: ['daily'] });
    const again = await subscribe({ email: known, newsletters: ['daily'] });
    expect([again.status, again.body]).toEqual([fresh.status, fresh.body]);
  });

  it("subscribes a signed-in reader's own verified address at once, and sends any other address a link", async () => {
    const reader = await login(ctx, 'user', { emailVerifiedAt: new Date() });
    const own = await subscribe({ email: reader.user.email, newsletters: ['weekly'] }, reader.auth);
    expect(own.status).toBe(202);
    expect(own.body).toEqual({ message: NEWSLETTER_MESSAGES.subscribed, confirmed: true });
    expect(await subscriptionsOf(reader.user.email)).toEqual(['weekly']);
    expect(mailbox.to(reader.user.email)).toHaveLength(0);

    const unverified = await login(ctx, 'user', { emailVerifiedAt: null });
    const other = await subscribe({ email: unverified.user.email, newsletters: ['weekly'] }, unverified.auth);
    expect(other.body.confirmed).toBe(false);
    expect(await subscriptionsOf(unverified.user.email)).toEqual([]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const email = uniqueEmail('bad');
    for (const body of [
      { email, newsletters: ['no-such-letter'] },
      { email, newsletters: [] },
      { email, newsletters: 'daily' },
      { email: 'not-an-address', newsletters: ['daily'] },
      { newsletters: ['daily'] },
      { email, newsletters: [42] },
    ]) {
      const res = await subscribe(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await subscribe({ email, newsletters: ['no-such-letter'] })).body.message).toBe(NEWSLETTER_MESSAGES.unknown('no-such-letter'));
    expect(mailbox.to(email)).toHaveLength(0);
  });

  it('refuses links that are forged, cut short, of another kind or expired', async () => {
    const secret = ctx.jwtSecret;
    const daily = await db.newsletter.findUniqueOrThrow({ where: { slug: 'daily' } });
    const good = confirmToken(secret, { email: uniqueEmail('forged'), newsletterIds: [daily.id] });
    const forged = confirmToken('another secret of at least thirty-two chars', { email: uniqueEmail(), newsletterIds: [daily.id] });
    const expired = confirmToken(secret, { email: uniqueEmail('late'), newsletterIds: [daily.id] }, Date.now() - 8 * 24 * 3_600_000);
    const prefs = preferencesToken(secret, daily.id);
    for (const token of [forged, good.slice(0, -3), `${good}~x`, `${good}.x`, prefs, expired, 'nothing', '~~', '']) {
      const res = await request(app).post('/api/newsletters/confirm').send({ token });
      expect(res.status, token).toBe(400);
    }
    expect((await request(app).post('/api/newsletters/confirm').send({ token: expired })).body.message).toMatch(/expired/);
    expect(await db.newsletterSubscriber.count({ where: { email: { startsWith: 'late-' } } })).toBe(0);
  });

  it(`sends one address at most ${CONFIRM_MAILS_PER_ADDRESS_PER_HOUR} links an hour, and one network ${SUBSCRIBES_PER_NETWORK_PER_HOUR} sign-ups`, async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < CONFIRM_MAILS_PER_ADDRESS_PER_HOUR; i++)
      expect((await subscribe({ email, newsletters: ['daily'] })).status).toBe(202);
    const over = await subscribe({ email, newsletters: ['daily'] });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await mailbox.waitFor(email, 1);
    // The mail jobs share one key per address: a newer link replaces one still waiting, so at most as many arrive.
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.to(email).length).toBeLessThanOrEqual(CONFIRM_MAILS_PER_ADDRESS_PER_HOUR);

    const counter = await db.rateLimit.findFirstOrThrow({ where: { key: { startsWith: 'newsletter:subscribe:' } } });
    await db.rateLimit.update({ where: { key: counter.key }, data: { hits: SUBSCRIBES_PER_NETWORK_PER_HOUR } });
    try {
      const other = uniqueEmail('network');
      expect((await subscribe({ email: other, newsletters: ['daily'] })).status).toBe(429);
      await new Promise((r) => setTimeout(r, 300));
      expect(mailbox.to(other)).toHaveLength(0);
    } finally {
      await db.rateLimit.delete({ where: { key: counter.key } });
    }
  });
});

describe('preferences and the one-click unsubscribe', () => {
  it('shows and sets what a subscriber receives by the token of their links; none leaves them all', async () => {
    const email = uniqueEmail('prefs');
    const token = await confirmed(email, ['daily', 'weekly']);
    let res = await request(app).get('/api/newsletters/preferences').query({ token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.email).toBe(email);
    expect(res.body.subscribed.sort()).toEqual(['daily', 'weekly']);
    expect(res.body.newsletters.length).toBeGreaterThanOrEqual(3);

    res = await request(app)
      .put('/api/newsletters/preferences')
      .send({ token, newsletters: ['weekly', 'breaking'] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NEWSLETTER_MESSAGES.saved);
    expect(await subscriptionsOf(email)).toEqual(['breaking', 'weekly']);

    res = await request(app)
      .put('/api/newsletters/preferences')
      .send({ token, newsletters: ['weekly', 'nope'] });
    expect(res.status).toBe(400);
    expect(await subscriptionsOf(email)).toEqual(['breaking', 'weekly']);

    res = await request(app).put('/api/newsletters/preferences').send({ token, newsletters: [] });
    expect(res.body.message).toBe(NEWSLETTER_MESSAGES.left);
    expect(await subscriptionsOf(email)).toEqual([]);

    for (const bad of ['', 'x.y', `${token}x`]) {
      expect((await request(app).get('/api/newsletters/preferences').query({ token: bad })).status).toBe(400);
    }
  });

  it("leaves every newsletter on RFC 8058's one-click POST, whatever its body", async () => {
    const email = uniqueEmail('oneclick');
    const token = await confirmed(email, ['daily', 'breaking']);
    const res = await request(app).post(`/api/newsletters/unsubscribe?token=${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NEWSLETTER_MESSAGES.left);
    expect(await subscriptionsOf(email)).toEqual([]);
    expect((await request(app).post('/api/newsletters/unsubscribe?token=forged.token')).status).toBe(400);
  });
});

describe('POST /api/newsletters/breaking: an alert to every subscriber, once', () => {
  it('is sent by editors and admins only', async () => {
    const expected: Record<Actor, number> = { anonymous: 401, user: 403, author: 403, editor: 202, admin: 202, 'super-admin': 202 };
    for (const [actor, status] of Object.entries(expected) as [Actor, number][]) {
      const news = await createBreakingNews(db, { authorId: byRole.editor.user.id, status: 'published' });
      const res = await request(app).post('/api/newsletters/breaking').set(headers(actor)).send({ breakingNewsId: news.id });
      expect(res.status, actor).toBe(status);
      expect(await db.newsletterIssue.count({ where: { key: `breaking:${news.id}` } })).toBe(status === 202 ? 1 : 0);
    }
  });

  it('mails each subscriber one message with a plain-text part, List-Unsubscribe and a visible unsubscribe link', async () => {
    const readers = [uniqueEmail('alert'), uniqueEmail('alert'), uniqueEmail('alert')];
    for (const email of readers) await confirmed(email, ['breaking']);
    const suppressed = uniqueEmail('bounced');
    await confirmed(suppressed, ['breaking']);
    await db.newsletterSubscriber.update({
      where: { email: suppressed },
      data: { suppressedAt: new Date(), suppressedReason: 'hard bounce' },
    });
    const dailyOnly = uniqueEmail('daily-only');
    await confirmed(dailyOnly, ['daily']);

    const news = await createBreakingNews(db, {
      authorId: byRole.editor.user.id,
      status: 'published',
      headline: 'Bridge reopens after repairs',
    });
    const res = await request(app).post('/api/newsletters/breaking').set(headers('editor')).send({ breakingNewsId: news.id });
    expect(res.status).toBe(202);
    const issueId = res.body.issueId as string;

    const mails = await Promise.all(readers.map((email) => mailbox.waitFor(email, 2)));
    let issue = await request(app).get(`/api/newsletters/issues/${issueId}`).set(headers('editor'));
    for (let i = 0; i < 50 && issue.body.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      issue = await request(app).get(`/api/newsletters/issues/${issueId}`).set(headers('editor'));
    }
    expect(issue.body).toMatchObject({ status: 'sent', subject: 'Breaking: Bridge reopens after repairs' });
    expect(issue.body.counts).toMatchObject({ sent: issue.body.recipients - 1, suppressed: 1, queued: 0, sending: 0, failed: 0 });
    expect((await request(app).get(`/api/newsletters/issues/${issueId}`).set(headers('author'))).status).toBe(403);

    for (const [i, mail] of mails.entries()) {
      expect(mail.subject).toBe('Breaking: Bridge reopens after repairs');
      expect(header(mail.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/chronicle\.test\/api\/newsletters\/unsubscribe\?token=[^>]+>$/);
      expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail.raw, 'Message-ID')).toMatch(new RegExp(`^<${issueId}\\.[0-9a-f-]+@chronicle\\.test>$`));
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      // The visible link leads to the page that offers to leave (a link must not do it: mail scanners open links).
      expect(mail.body).toMatch(
        /href="http:\/\/chronicle\.test\/newsletters\/preferences\?token=[^"&]+&#38;leave=1"[^>]*>Unsubscribe<\/a>/,
      );
      expect(mail.body).toMatch(/Unsubscribe: http:\/\/chronicle\.test\/newsletters\/preferences\?token=\S+&leave=1/);
      // Each reader's own links: their token opens their own preferences.
      const token = linkToken(mail, '/newsletters/preferences');
      const prefs = await request(app).get('/api/newsletters/preferences').query({ token });
      expect(prefs.body.email).toBe(readers[i]);
    }
    // The List-Unsubscribe address, as a mail client posts to it (RFC 8058).
    const oneClick = /^<http:\/\/chronicle\.test(\/[^>]+)>$/.exec(header(mails[0]!.raw, 'List-Unsubscribe'))![1]!;
    expect((await request(app).post(oneClick).type('form').send('List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await subscriptionsOf(readers[0]!)).toEqual([]);
    expect(await subscriptionsOf(readers[1]!)).toEqual(['breaking']);

    await new Promise((r) => setTimeout(r, 300));
    for (const email of readers) expect(mailbox.to(email).filter((m) => m.subject.startsWith('Breaking'))).toHaveLength(1);
    expect(mailbox.to(suppressed).filter((m) => m.subject.startsWith('Breaking'))).toHaveLength(0);
    expect(mailbox.to(dailyOnly).filter((m) => m.subject.startsWith('Breaking'))).toHaveLength(0);

    // Once per headline.
    const again = await request(app).post('/api/newsletters/breaking').set(headers('editor')).send({ breakingNewsId: news.id });
    expect(again.status).toBe(409);
  });

  it('refuses a headline not on the ticker, a missing one, and bad input', async () => {
    const author = await createUser(db, { role: 'author' });
    const draft = await createBreakingNews(db, { authorId: author.id, status: 'draft' });
    const post = (body: object) => request(app).post('/api/newsletters/breaking').set(headers('editor')).send(body);
    expect((await post({ breakingNewsId: draft.id })).status).toBe(409);
    expect((await post({ breakingNewsId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await post({ breakingNewsId: 'nope' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect(await db.newsletterIssue.count({ where: { key: `breaking:${draft.id}` } })).toBe(0);
  });
});

describe('digests: made at their hour of the newsroom, once, and sent to their subscribers', () => {
  it('makes the daily and the category digests at 07:00 Paris time, the weekly on its Saturday, each once', async () => {
    const { category, article } = await authorDesk(db, { category: 'Harbour' });
    // Monday 23 November 2026, 07:30 in Paris: articles of the day before, and one older, and one of another category.
    const now = new Date('2026-11-23T06:30:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const lead = await article({ title: 'Ferry timetable changes', isFeatured: true, featuredAt: hoursAgo(2), publishedAt: hoursAgo(5) });
    const second = await article({ title: 'Harbour wall repaired', publishedAt: hoursAgo(1), totalViews: 900 });
    const old = await article({ title: 'Last week at the harbour', publishedAt: hoursAgo(30) });
    const other = await authorDesk(db, { category: 'Markets' });
    await other.article({ title: 'Fish prices steady', publishedAt: hoursAgo(3) });

    const reader = uniqueEmail('digest');
    await confirmed(reader, ['daily', `category-${category.slug}`]);

    const brand = await brandOf(ctx);
    expect(await makeDueDigests(db, brand, 'Europe/Paris', hoursAgo(2))).toEqual([]); // 05:30 in Paris: not yet
    const made = await makeDueDigests(db, brand, 'Europe/Paris', now);
    // The daily briefing, and each category's digest with articles of the day (Harbour's, Markets').
    expect(made).toHaveLength(3);
    expect(await makeDueDigests(db, brand, 'Europe/Paris', new Date(now.getTime() + 600_000))).toEqual([]); // made already
    expect(await makeDueDigests(db, brand, 'Europe/Paris', new Date('2026-11-24T09:30:00Z'))).toEqual([]); // 10:30: too late

    const issues = await db.newsletterIssue.findMany({ where: { id: { in: made } }, include: { newsletter: true } });
    const daily = issues.find((i) => i.newsletter?.slug === 'daily')!;
    expect(daily.subject).toBe('The daily briefing: Ferry timetable changes');
    const inOrder = [lead, second].map((a) => daily.html.indexOf(`/article/${a.id}?ref=newsletter`));
    expect(inOrder[0]).toBeGreaterThan(-1);
    expect(inOrder[1]).toBeGreaterThan(inOrder[0]!);
    expect(daily.html).not.toContain(old.id);
    expect(daily.html).toContain('Fish prices steady');
    const harbour = issues.find((i) => i.newsletter?.categoryId === category.id)!;
    expect(harbour.html).toContain(second.id);
    expect(harbour.html).not.toContain('Fish prices steady');

    // The worker sends each to the reader once.
    const mails = [await mailbox.waitFor(reader, 2), await mailbox.waitFor(reader, 3)];
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Harbour daily: Ferry timetable changes',
      'The daily briefing: Ferry timetable changes',
    ]);
    expect(mails[0]!.body).toContain(`http://chronicle.test/article/${lead.id}?ref=newsletter`);

    // The week in review: Saturday 28 November, 08:30 in Paris, most read first.
    const saturday = new Date('2026-11-28T07:30:00Z');
    await article({ title: 'Saturday market opens', publishedAt: new Date(saturday.getTime() - 3_600_000) });
    const weekly = await makeDueDigests(db, brand, 'Europe/Paris', saturday);
    const week = await db.newsletterIssue.findMany({ where: { id: { in: weekly }, newsletter: { slug: 'weekly' } } });
    expect(week).toHaveLength(1);
    expect(week[0]!.subject).toBe('The week in review: Harbour wall repaired');
  });
});

describe("the reader's forms, without JavaScript", () => {
  const form = (path: string, body: string) => request(app).post(path).type('form').send(body);

  it('subscribes from the box of a page (the first newsletter), confirms by the link and lands on the preferences', async () => {
    const email = uniqueEmail('form');
    const res = await form('/newsletters/subscribe', `box=1&email=${encodeURIComponent(email)}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/newsletters?status=check-inbox');
    const mail = await mailbox.waitFor(email);
    expect(mail.body).toContain('The daily briefing');

    // The link's page posts the token (a link that confirmed by itself would be confirmed by mail scanners).
    expect(
      (
        await request(app)
          .post('/newsletters/confirm')
          .set('Sec-Fetch-Site', 'cross-site')
          .type('form')
          .send(`token=${linkToken(mail)}`)
      ).status,
    ).toBe(403);
    expect(await subscriptionsOf(email)).toEqual([]);
    const confirm = await form('/newsletters/confirm', `token=${linkToken(mail)}`);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toMatch(/^\/newsletters\/preferences\?token=[^&]+&status=confirmed$/);
    expect(await subscriptionsOf(email)).toEqual(['daily']);

    const token = new URLSearchParams(confirm.headers.location!.split('?')[1]).get('token')!;
    let saved = await form('/newsletters/preferences', `token=${token}&newsletters=weekly&newsletters=breaking&action=save`);
    expect(saved.headers.location).toBe(`/newsletters/preferences?token=${token}&status=saved`);
    expect(await subscriptionsOf(email)).toEqual(['breaking', 'weekly']);
    saved = await form('/newsletters/preferences', `token=${token}&newsletters=weekly&action=leave`);
    expect(saved.headers.location).toBe(`/newsletters/preferences?token=${token}&status=left`);
    expect(await subscriptionsOf(email)).toEqual([]);
  });

  it("refuses a post from another site's page: its visitors would sign addresses up from their own networks", async () => {
    const email = uniqueEmail('csrf');
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://elsewhere.example' }]) {
      const res = await request(app).post('/newsletters/subscribe').set(headers).type('form').send(`box=1&email=${email}`);
      expect(res.status).toBe(403);
    }
    // The site's own pages post with their own origin.
    const own = await request(app)
      .post('/newsletters/subscribe')
      .set({ Origin: 'http://chronicle.test', 'Sec-Fetch-Site': 'same-origin' })
      .type('form')
      .send(`box=1&email=${email}`);
    expect(own.status).toBe(303);
    await mailbox.waitFor(email);
    expect(mailbox.to(email)).toHaveLength(1);
  });

  it('answers bad input with the page that says what was wrong, and changes nothing', async () => {
    const email = uniqueEmail('formbad');
    const cases: [string, string, string][] = [
      ['/newsletters/subscribe', `email=not-an-address&newsletters=daily`, '/newsletters?error=invalid-email'],
      ['/newsletters/subscribe', `email=${email}`, '/newsletters?error=choose'],
      ['/newsletters/subscribe', `email=${email}&newsletters=nope`, '/newsletters?error=choose'],
      ['/newsletters/preferences', `token=forged.token&newsletters=daily&action=save`, '/newsletters?error=link'],
      ['/newsletters/preferences', `newsletters=daily`, '/newsletters?error=link'],
    ];
    for (const [path, body, location] of cases) {
      const res = await form(path, body);
      expect([res.status, res.headers.location], body).toEqual([303, location]);
    }
    const daily = await db.newsletter.findUniqueOrThrow({ where: { slug: 'daily' } });
    const expired = confirmToken(ctx.jwtSecret, { email, newsletterIds: [daily.id] }, Date.now() - 8 * 24 * 3_600_000);
    for (const [token, location] of [
      ['forged~token~x', '/newsletters?error=link'],
      [expired, '/newsletters?error=expired'],
    ] as const) {
      const res = await form('/newsletters/confirm', `token=${encodeURIComponent(token)}`);
      expect([res.status, res.headers.location]).toEqual([303, location]);
    }
    expect(mailbox.to(email)).toHaveLength(0);
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(0);
  });

  it("never gives one subscriber's confirmation to another who confirms at the same moment", async () => {
    const emails = [uniqueEmail('twin'), uniqueEmail('twin'), uniqueEmail('twin')];
    const daily = await db.newsletter.findUniqueOrThrow({ where: { slug: 'daily' } });
    const answers = await Promise.all(
      emails.map((email) =>
        form('/newsletters/confirm', `token=${encodeURIComponent(confirmToken(ctx.jwtSecret, { email, newsletterIds: [daily.id] }))}`),
      ),
    );
    for (const [i, res] of answers.entries()) {
      const token = new URLSearchParams(res.headers.location!.split('?')[1]).get('token')!;
      const prefs = await request(app).get('/api/newsletters/preferences').query({ token });
      expect(prefs.body.email).toBe(emails[i]);
    }
  });
});

describe('the newsroom: the overview (editors) and the subscribers (admins)', () => {
  it('lets editors and admins read the overview, and only admins the subscribers', async () => {
    const expected: Record<Actor, [number, number]> = {
      anonymous: [401, 401],
      user: [403, 403],
      author: [403, 403],
      editor: [200, 403],
      admin: [200, 200],
      'super-admin': [200, 200],
    };
    for (const [actor, [overview, subscribers]] of Object.entries(expected) as [Actor, [number, number]][]) {
      expect((await request(app).get('/api/newsletters/overview').set(headers(actor))).status, actor).toBe(overview);
      expect((await request(app).get('/api/newsletters/subscribers').set(headers(actor))).status, actor).toBe(subscribers);
      expect((await request(app).get('/api/newsletters/subscribers/export').set(headers(actor))).status, actor).toBe(subscribers);
    }
  });

  it("counts each newsletter's subscribers, today's and over 30 days, and lists the newest issues", async () => {
    const weeklyBefore = (await request(app).get('/api/newsletters/overview').set(headers('editor'))).body.newsletters.find(
      (n: { slug: string }) => n.slug === 'weekly',
    );
    await confirmed(uniqueEmail('count'), ['weekly']);
    const res = await request(app).get('/api/newsletters/overview').set(headers('editor'));
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const weekly = res.body.newsletters.find((n: { slug: string }) => n.slug === 'weekly');
    expect(weekly.subscribers).toBe(weeklyBefore.subscribers + 1);
    expect(weekly.growth).toHaveLength(30);
    expect(weekly.growth.at(-1)).toBe(weekly.subscribers);
    // Everyone in this file subscribed today: yesterday's count is those who joined before, none.
    expect(weekly.growth.at(-2)).toBe(0);
    expect(res.body.subscribers).toBe(await db.newsletterSubscriber.count());
    expect(res.body.issues.length).toBeGreaterThan(0);
    expect(res.body.issues[0]).toMatchObject({ counts: expect.objectContaining({ sent: expect.any(Number) }) });
  });

  it('lists and searches subscribers, exports them as CSV, suppresses one, and removes one with everything kept', async () => {
    const email = uniqueEmail('admin-list');
    const token = await confirmed(email, ['daily', 'weekly']);
    const formula = `=cmd-${uniqueEmail('formula')}`.toLowerCase();
    await db.newsletterSubscriber.create({ data: { email: formula, consentedAt: new Date('2026-01-02T03:04:05Z'), source: 'import' } });

    const list = await request(app)
      .get('/api/newsletters/subscribers')
      .query({ q: email.slice(0, 16) })
      .set(headers('admin'));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ email, source: 'link', suppressedAt: null, newsletters: ['daily', 'weekly'] }),
    ]);
    expect((await request(app).get('/api/newsletters/subscribers').query({ q: '%' }).set(headers('admin'))).body.data).toEqual([]);
    for (const bad of [{ limit: 0 }, { limit: 'x' }, { offset: -1 }, { suppressed: 'maybe' }]) {
      expect((await request(app).get('/api/newsletters/subscribers').query(bad).set(headers('admin'))).status).toBe(400);
    }

    const csv = await request(app).get('/api/newsletters/subscribers/export').set(headers('admin'));
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/subscribers-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('email,consented_at,source,newsletters,suppressed_at,suppressed_reason');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${email.replace(/\./g, '\\.')},\\S+Z,link,daily weekly,,$`)));
    // A spreadsheet never runs an address as a formula.
    expect(lines).toContain(`'${formula},2026-01-02T03:04:05.000Z,import,,,`);

    const subscriber = list.body.data[0];
    const suppressed = await request(app)
      .post(`/api/newsletters/subscribers/${subscriber.id}/suppression`)
      .set(headers('admin'))
      .send({ reason: 'Hard bounce' });
    expect(suppressed.body).toMatchObject({ suppressedReason: 'Hard bounce', suppressedAt: expect.any(String) });
    const onlySuppressed = await request(app).get('/api/newsletters/subscribers').query({ suppressed: 'true' }).set(headers('admin'));
    expect(onlySuppressed.body.data.map((s: { email: string }) => s.email)).toContain(email);
    const lifted = await request(app)
      .post(`/api/newsletters/subscribers/${subscriber.id}/suppression`)
      .set(headers('admin'))
      .send({ reason: null });
    expect(lifted.body.suppressedAt).toBeNull();
    expect(
      (await request(app).post(`/api/newsletters/subscribers/${subscriber.id}/suppression`).set(headers('admin')).send({})).status,
    ).toBe(400);

    expect((await request(app).delete(`/api/newsletters/subscribers/${subscriber.id}`).set(headers('editor'))).status).toBe(403);
    expect((await request(app).delete(`/api/newsletters/subscribers/${subscriber.id}`).set(headers('admin'))).status).toBe(200);
    expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(0);
    expect(await db.newsletterSubscription.count({ where: { subscriberId: subscriber.id } })).toBe(0);
    expect(await db.newsletterDelivery.count({ where: { subscriberId: subscriber.id } })).toBe(0);
    // Their links name nobody now.
    expect((await request(app).get('/api/newsletters/preferences').query({ token })).status).toBe(400);
    expect((await request(app).delete(`/api/newsletters/subscribers/${subscriber.id}`).set(headers('admin'))).status).toBe(404);
  });
});

describe('newsletters the newsroom defines, and special editions', () => {
  it('lets admins edit a newsletter (validated), pausing takes it off the list and out of the forms', async () => {
    const weekly = await db.newsletter.findUniqueOrThrow({ where: { slug: 'weekly' } });
    const edit = {
      name: 'Saturday review',
      description: 'The week, on Saturday.',
      senderName: 'The Saturday Desk',
      sendHour: 9,
      weekday: 6,
      articleCount: 5,
      order: 'reads',
      active: true,
    };
    expect((await request(app).put(`/api/newsletters/${weekly.id}`).set(headers('editor')).send(edit)).status).toBe(403);
    for (const bad of [{ sendHour: 24 }, { weekday: 0 }, { articleCount: 31 }, { order: 'random' }, { name: ' ' }, { active: 'yes' }]) {
      const res = await request(app)
        .put(`/api/newsletters/${weekly.id}`)
        .set(headers('admin'))
        .send({ ...edit, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const res = await request(app).put(`/api/newsletters/${weekly.id}`).set(headers('admin')).send(edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'weekly', name: 'Saturday review' });
    expect((await request(app).get('/api/newsletters')).body.newsletters).toContainEqual(
      expect.objectContaining({ name: 'Saturday review' }),
    );

    const paused = await request(app)
      .put(`/api/newsletters/${weekly.id}`)
      .set(headers('admin'))
      .send({ ...edit, active: false });
    expect(paused.status).toBe(200);
    expect((await request(app).get('/api/newsletters')).body.newsletters.map((n: { slug: string }) => n.slug)).not.toContain('weekly');
    expect((await subscribe({ email: uniqueEmail('paused'), newsletters: ['weekly'] })).status).toBe(400);
    await request(app)
      .put(`/api/newsletters/${weekly.id}`)
      .set(headers('admin'))
      .send({ ...edit, name: 'The week in review', active: true });
  });

  it('previews an edition, sends a test to the editor alone, and sends it now or at a time', async () => {
    const { article } = await authorDesk(db, { category: 'Editions' });
    const first = await article({ title: 'Inside the new library' });
    const second = await article({ title: 'The library in numbers' });
    const draft = await article({ title: 'Not yet', status: 'draft', publishedAt: null });
    const daily = await db.newsletter.findUniqueOrThrow({ where: { slug: 'daily' } });
    const edition = { subject: 'The library opens', intro: 'A special edition.\nTwo stories.', articleIds: [second.id, first.id] };

    const preview = await request(app).post(`/api/newsletters/${daily.id}/preview`).set(headers('editor')).send(edition);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('The library opens');
    expect(preview.body.html.indexOf(second.id)).toBeLessThan(preview.body.html.indexOf(first.id));
    expect(preview.body.html).toContain('A special edition.<br />Two stories.');
    expect(preview.body.html).not.toContain('%%CHRONICLE');
    expect(preview.body.text).toContain(`http://chronicle.test/article/${first.id}?ref=newsletter`);
    for (const [body, status] of [
      [{ ...edition, articleIds: [draft.id] }, 400],
      [{ ...edition, subject: '' }, 400],
      [{ subject: 'Empty', intro: '', articleIds: [] }, 400],
      [{ ...edition, articleIds: ['nope'] }, 400],
    ] as const) {
      expect((await request(app).post(`/api/newsletters/${daily.id}/preview`).set(headers('editor')).send(body)).status).toBe(status);
    }
    expect(
      (await request(app).post(`/api/newsletters/00000000-0000-4000-8000-000000000000/preview`).set(headers('editor')).send(edition))
        .status,
    ).toBe(404);
    expect((await request(app).post(`/api/newsletters/${daily.id}/preview`).set(headers('author')).send(edition)).status).toBe(403);

    const reader = uniqueEmail('edition');
    await confirmed(reader, ['daily']);
    const test = await request(app).post(`/api/newsletters/${daily.id}/test`).set(headers('editor')).send(edition);
    expect(test.status).toBe(200);
    const own = await mailbox.waitFor(byRole.editor.user.email);
    expect(own.subject).toBe('[Test] The library opens');
    expect(mailbox.to(reader).filter((m) => m.subject.includes('library'))).toHaveLength(0);

    const later = new Date(Date.now() + 3_600_000);
    for (const sendAt of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 400 * 24 * 3_600_000).toISOString(),
      'tomorrow',
    ]) {
      expect(
        (
          await request(app)
            .post(`/api/newsletters/${daily.id}/issues`)
            .set(headers('editor'))
            .send({ ...edition, sendAt })
        ).status,
      ).toBe(400);
    }
    const scheduled = await request(app)
      .post(`/api/newsletters/${daily.id}/issues`)
      .set(headers('editor'))
      .send({ ...edition, sendAt: later.toISOString() });
    expect(scheduled.status).toBe(202);
    const waiting = await request(app).get(`/api/newsletters/issues/${scheduled.body.issueId}`).set(headers('editor'));
    expect(waiting.body).toMatchObject({ status: 'queued', sendAt: later.toISOString(), recipients: 0 });
    // Not taken for stalled before its time.
    expect(await db.newsletterIssue.count({ where: { id: scheduled.body.issueId, heartbeatAt: { gte: later } } })).toBe(1);

    const now = await request(app).post(`/api/newsletters/${daily.id}/issues`).set(headers('editor')).send(edition);
    expect(now.status).toBe(202);
    const mail = await mailbox.waitFor(reader, 2);
    expect(mail.subject).toBe('The library opens');
    expect(mail.body).toContain(`/article/${second.id}?ref=newsletter`);
  });
});

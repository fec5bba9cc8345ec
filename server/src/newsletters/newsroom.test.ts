import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/helpers/auth';
import { createCategory, type Actor } from '#tests/helpers/factories';
import { actorsTestbed } from '#tests/helpers/testbed';
import { sweepDeletedIssues } from './newsletters-admin.service';
import { IMPORT_MAX_ROWS } from './subscriber-import.service';

/**
 * The newsroom's own newsletters and its subscriber list (docs/decisions/069-newsletters.md): admins create and delete
 * digests, and import subscribers from CSV with their consent date, on a real PostgreSQL.
 */
const { app, db, headers } = await actorsTestbed({ RUN_JOBS: 'false', JWT_SECRET: 'newsroom-test-secret-0123456789abcdef' });

const importCsv = (csv: string, fields: Record<string, string> = {}, actor: Actor = 'admin') => {
  const req = request(app).post('/api/newsletters/subscribers/import').set(headers(actor));
  for (const [name, value] of Object.entries(fields)) void req.field(name, value);
  return req.attach('file', Buffer.from(csv), { filename: 'subscribers.csv', contentType: 'text/csv' });
};

const subscriber = (email: string) =>
  db.newsletterSubscriber.findUnique({
    where: { email },
    select: {
      consentedAt: true,
      source: true,
      suppressedAt: true,
      suppressedReason: true,
      subscriptions: { select: { newsletter: { select: { slug: true } } }, orderBy: { newsletter: { slug: 'asc' } } },
    },
  });
const slugsOf = async (email: string) => (await subscriber(email))?.subscriptions.map((s) => s.newsletter.slug);

const digest = {
  name: 'Evening briefing',
  description: 'The day, as it ends.',
  senderName: 'The night desk',
  sendHour: 19,
  weekday: 1,
  articleCount: 6,
  order: 'reads',
  active: true,
  kind: 'daily',
};

describe('POST and DELETE /api/newsletters: the newsroom adds and removes digests', () => {
  it('lets admins alone create a digest, which readers are offered at once, and delete it with its subscriptions', async () => {
    for (const actor of ['anonymous', 'user', 'author', 'editor'] as const)
      expect((await request(app).post('/api/newsletters').set(headers(actor)).send(digest)).status).toBe(actor === 'anonymous' ? 401 : 403);
    const made = await request(app).post('/api/newsletters').set(headers('admin')).send(digest);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ slug: 'evening-briefing', name: 'Evening briefing', kind: 'daily' });
    expect(await db.newsletter.findUnique({ where: { id: made.body.id }, select: { sendHour: true, order: true } })).toEqual({
      sendHour: 19,
      order: 'reads',
    });
    // The public list (cached) shows it at once: the creation purges it.
    const listed = await request(app).get('/api/newsletters');
    expect(listed.body.newsletters.at(-1)).toMatchObject({ slug: 'evening-briefing' });
    // The same name again gets a slug of its own; a name a category digest would take does not take it.
    const again = await request(app).post('/api/newsletters').set(headers('admin')).send(digest);
    expect(again.body.slug).toBe('evening-briefing-2');
    const lookalike = await request(app)
      .post('/api/newsletters')
      .set(headers('admin'))
      .send({ ...digest, name: 'Category Sport', kind: 'weekly' });
    expect(lookalike.body.slug).toBe('newsletter-sport');
    await createCategory(db, 'Sport');
    expect(await db.newsletter.count({ where: { slug: 'category-sport' } })).toBe(1);

    for (const bad of [
      { ...digest, kind: 'category' },
      { ...digest, kind: 'breaking' },
      { ...digest, name: '' },
      { ...digest, sendHour: 24 },
      { ...digest, kind: undefined },
    ])
      expect((await request(app).post('/api/newsletters').set(headers('admin')).send(bad)).status).toBe(400);

    const email = uniqueEmail('evening');
    expect((await importCsv(`email,consented_at,newsletters\n${email},2025-03-01,evening-briefing daily\n`)).status).toBe(200);
    expect(await slugsOf(email)).toEqual(['daily', 'evening-briefing']);

    expect((await request(app).delete(`/api/newsletters/${made.body.id}`).set(headers('editor'))).status).toBe(403);
    expect((await request(app).delete(`/api/newsletters/${made.body.id}`).set(headers('admin'))).status).toBe(200);
    expect(await slugsOf(email)).toEqual(['daily']);
    expect((await request(app).get('/api/newsletters')).body.newsletters.map((n: { slug: string }) => n.slug)).not.toContain(
      'evening-briefing',
    );
    expect((await request(app).delete(`/api/newsletters/${made.body.id}`).set(headers('admin'))).status).toBe(404);

    const audit = await db.auditEntry.findMany({ where: { targetId: made.body.id }, orderBy: { at: 'asc' }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(['newsletter.create', 'newsletter.delete']);
  });

  it("keeps the breaking-news alerts, a category's digest, and a newsletter with an issue still to send", async () => {
    for (const slug of ['breaking', 'category-sport']) {
      const { id } = await db.newsletter.findUniqueOrThrow({ where: { slug }, select: { id: true } });
      const res = await request(app).delete(`/api/newsletters/${id}`).set(headers('admin'));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/Pause/);
    }
    const made = await request(app)
      .post('/api/newsletters')
      .set(headers('admin'))
      .send({ ...digest, name: 'Noon' });
    const issue = await db.newsletterIssue.create({
      data: { newsletterId: made.body.id, key: `test:${made.body.id}`, subject: 'Noon', html: '', text: '', status: 'queued' },
    });
    expect((await request(app).delete(`/api/newsletters/${made.body.id}`).set(headers('admin'))).status).toBe(409);
    await db.newsletterIssue.update({ where: { id: issue.id }, data: { status: 'sent' } });
    for (const name of ['hist-a', 'hist-b', 'hist-c'])
      await db.newsletterSubscriber.create({
        data: {
          email: uniqueEmail(name),
          consentedAt: new Date('2025-01-01Z'),
          source: 'link',
          deliveries: { create: { issueId: issue.id, state: 'sent', sentAt: new Date() } },
        },
      });
    expect((await request(app).delete(`/api/newsletters/${made.body.id}`).set(headers('admin'))).status).toBe(200);
    // Its history goes later, in batches: meanwhile no list shows it.
    expect(await db.newsletterIssue.findUnique({ where: { id: issue.id }, select: { newsletterId: true } })).toEqual({
      newsletterId: null,
    });
    expect((await request(app).get(`/api/newsletters/issues/${issue.id}`).set(headers('editor'))).status).toBe(404);
    const { issues } = (await request(app).get('/api/newsletters/overview').set(headers('editor'))).body as { issues: { id: string }[] };
    expect(issues.map((i) => i.id)).not.toContain(issue.id);
    expect(await sweepDeletedIssues(db, { batch: 2 })).toEqual({ issues: 1, deliveries: 3 });
    expect(await db.newsletterIssue.count({ where: { id: issue.id } })).toBe(0);
    expect(await sweepDeletedIssues(db)).toEqual({ issues: 0, deliveries: 0 });
  });
});

describe('POST /api/newsletters/subscribers/import: subscribers from CSV, with their consent date', () => {
  it('creates new addresses with their consent date, adds newsletters to known ones, and reads what the export writes', async () => {
    const [a, b, c, d, e] = [
      uniqueEmail('imp-a'),
      uniqueEmail('imp-b'),
      uniqueEmail('imp-c'),
      uniqueEmail('imp-left'),
      uniqueEmail('imp-kept'),
    ];
    for (const [email, slug] of [
      [b, 'weekly'],
      [e, 'weekly'],
    ] as const)
      await db.newsletterSubscriber.create({
        data: {
          email,
          consentedAt: new Date('2024-01-01T00:00:00Z'),
          source: 'link',
          subscriptions: { create: { newsletter: { connect: { slug } } } },
        },
      });
    const csv = [
      '\uFEFFEmail,Consented At,Source,Newsletters,Suppressed At,Suppressed Reason',
      `${a.toUpperCase()},2025-06-01T09:30:00Z,link,daily weekly,,`,
      `${b},2025-06-02,import,daily,,`,
      `"${c}",2025-06-03,import,,2025-07-01,"Complained, twice"`,
      `${a},2025-05-01,import,breaking,,`,
      // People who left, as the export writes them: an empty newsletters cell adds none.
      `${d},2025-06-04,link,,,`,
      `${e},2025-06-05,link,,,`,
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rows: 5, created: 2, existing: 2, subscriptions: 4, suppressed: 1, skipped: 1 });

    // The same address twice: its newsletters together, its earliest consent.
    expect(await subscriber(a)).toMatchObject({ consentedAt: new Date('2025-05-01T00:00:00Z'), source: 'import', suppressedAt: null });
    expect(await slugsOf(a)).toEqual(['breaking', 'daily', 'weekly']);
    // A known address keeps its consent and gains what the file names.
    expect(await subscriber(b)).toMatchObject({ consentedAt: new Date('2024-01-01T00:00:00Z'), source: 'link' });
    expect(await slugsOf(b)).toEqual(['daily', 'weekly']);
    // A suppressed row is kept for its suppression, subscribed to nothing.
    expect(await subscriber(c)).toMatchObject({ suppressedAt: new Date('2025-07-01T00:00:00Z'), suppressedReason: 'Complained, twice' });
    expect(await slugsOf(c)).toEqual([]);
    // Someone new who left is not kept; someone known who left here stays as they are.
    expect(await subscriber(d)).toBeNull();
    expect(await slugsOf(e)).toEqual(['weekly']);

    // Importing it again changes nothing.
    expect((await importCsv(csv)).body).toEqual({
      rows: 5,
      created: 0,
      existing: 4,
      subscriptions: 0,
      suppressed: 0,
      skipped: 1,
    });
    const entries = await db.auditEntry.count({ where: { action: 'subscribers.import' } });
    expect(entries).toBeGreaterThanOrEqual(2);

    // The export's own file goes back in as it came out, an address it wrote as text ('-…) included.
    await db.newsletterSubscriber.create({
      data: {
        email: `-${uniqueEmail('dash')}`,
        consentedAt: new Date('2025-01-01Z'),
        source: 'link',
        subscriptions: { create: { newsletter: { connect: { slug: 'daily' } } } },
      },
    });
    const exported = await request(app).get('/api/newsletters/subscribers/export').set(headers('admin'));
    const back = await importCsv(exported.text);
    expect(back.status).toBe(200);
    expect(back.body.created).toBe(0);
    expect(back.body.subscriptions).toBe(0);
  });

  it('gives a list without a newsletters column the newsletters chosen for it, and refuses a choice beside the column', async () => {
    const [a, b] = [uniqueEmail('imp-list-a'), uniqueEmail('imp-list-b')];
    const res = await importCsv(`email,consented_at\n${a},2025-06-01\n${b},2025-06-02\n`, { newsletters: 'daily weekly' });
    expect(res.body).toEqual({ rows: 2, created: 2, existing: 0, subscriptions: 4, suppressed: 0, skipped: 0 });
    expect(await slugsOf(b)).toEqual(['daily', 'weekly']);
    const beside = await importCsv(`email,consented_at,newsletters\n${uniqueEmail('imp-beside')},2025-06-01,\n`, { newsletters: 'daily' });
    expect(beside.status).toBe(400);
    expect(beside.body.message).toMatch(/names each row's newsletters .*choose none/);
    const none = await importCsv(`email,consented_at\n${uniqueEmail('imp-none')},2025-06-01\n`);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose the newsletters for this file: it has no newsletters column');
  });

  it("takes a file of the most rows it allows, in one transaction within the pool's statement limits", async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `most-${i}@import.test,2025-06-01,weekly`);
    const res = await importCsv(`email,consented_at,newsletters\n${rows.join('\n')}\n`);
    expect(res.body).toEqual({
      rows: IMPORT_MAX_ROWS,
      created: IMPORT_MAX_ROWS,
      existing: 0,
      subscriptions: IMPORT_MAX_ROWS,
      suppressed: 0,
      skipped: 0,
    });
    expect(await db.newsletterSubscription.count({ where: { subscriber: { email: { endsWith: '@import.test' } } } })).toBe(IMPORT_MAX_ROWS);
  });

  it('never lifts a suppression: a bounce outlives a list from elsewhere', async () => {
    const email = uniqueEmail('imp-bounced');
    await db.newsletterSubscriber.create({
      data: { email, consentedAt: new Date('2025-01-01Z'), source: 'link', suppressedAt: new Date(), suppressedReason: 'Hard bounce' },
    });
    expect((await importCsv(`email,consented_at,newsletters,suppressed_at\n${email},2025-02-01,daily,\n`)).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ suppressedReason: 'Hard bounce', suppressedAt: expect.any(Date) });
  });

  it('refuses a file with a wrong row, naming each, and imports none of it', async () => {
    const good = uniqueEmail('imp-good');
    const csv = [
      'email,consented_at,newsletters',
      `${good},2025-06-01,daily`,
      'not-an-address,2025-06-01,daily',
      '',
      `${uniqueEmail('x')},yesterday,daily`,
      `${uniqueEmail('x')},2999-01-01,daily`,
      // A quoted cell over two lines: the row is named by the line it starts on, and so is the one after it.
      `"${uniqueEmail('x')}",2025-06-01T09:30,"daily`,
      'weekly"',
      `${uniqueEmail('x')},2025-06-01,no-such-letter`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('5 rows are wrong: nothing was imported');
    expect(res.body.details).toEqual([
      'Line 3: "not-an-address" is not an e-mail address',
      'Line 5: consented_at "yesterday" is not a date (2026-05-01 or 2026-05-01T09:30:00Z)',
      'Line 6: consented_at is in the future or before 1990',
      'Line 7: consented_at "2025-06-01T09:30" is not a date (2026-05-01 or 2026-05-01T09:30:00Z)',
      'Line 9: no newsletter "no-such-letter"',
    ]);
    expect(await subscriber(good)).toBeNull();
  });

  it('answers a file it cannot take with a 4xx, and lets admins alone import', async () => {
    const row = `${uniqueEmail('imp-perm')},2025-06-01,daily\n`;
    for (const actor of ['anonymous', 'user', 'author', 'editor'] as const)
      expect((await importCsv(`email,consented_at,newsletters\n${row}`, {}, actor)).status).toBe(actor === 'anonymous' ? 401 : 403);
    const cases: [Promise<request.Response>, number, RegExp][] = [
      [importCsv('name,date\nx,y\n'), 400, /columns email and consented_at/],
      [importCsv(`email,consented_at,newsletters\n${uniqueEmail('feb')},2025-02-30,daily\n`), 400, /1 row is wrong/],
      [importCsv(''), 400, /empty/],
      [importCsv('email,consented_at,newsletters\n'), 400, /no subscriber/],
      // A day PostgreSQL has no room for (year 0) is refused as a row, not failed on by the database.
      [
        importCsv(`email,consented_at,newsletters,suppressed_at\n${uniqueEmail('y0')},2025-01-01,daily,0000-01-01\n`),
        400,
        /1 row is wrong/,
      ],
      [importCsv('email,consented_at\n"unclosed,2025-01-01\n'), 400, /not CSV/],
      [importCsv(`email,consented_at\n${row}`, { newsletters: 'nope' }), 400, /No newsletter "nope"/],
      [request(app).post('/api/newsletters/subscribers/import').set(headers('admin')).send({}), 400, /file/],
      [
        importCsv(`email,consented_at,newsletters\n${`${uniqueEmail('many')},2025-01-01,daily\n`.repeat(IMPORT_MAX_ROWS + 1)}`),
        400,
        /At most 100,000/,
      ],
      [importCsv('x'.repeat(10 * 1024 * 1024 + 1)), 413, /too large/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, message.source).toBe(status);
      expect(res.body.message).toMatch(message);
    }
  });
});

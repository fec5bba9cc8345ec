import type { RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import request, { type Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { createArticle, createCategory, createUser, login } from '#tests/helpers/factories';
import { createApp } from '../app';
import { createDb, poolOf } from '../db/client';
import { freePort } from '../db/embedded';
import { createViewRecorder } from './view-recorder';
import type { TrustProxy } from '../lib/edge';
import { viewLane } from './view-lane';

/**
 * Issue 11: the view lane answers an anonymous view on the bare Node request (docs/decisions/029). It must
 * answer exactly what the route answers, and leave everything it is not sure of to the app.
 */
// Behind a proxy on this host, so that tests can be several readers and say they came over HTTPS.
const { ctx, db } = await createTestApp({ TRUST_PROXY: 'loopback' });
const express = createApp(ctx);
const trust = express.get('trust proxy fn') as TrustProxy;
let longWay = 0;
const app: RequestListener = viewLane(
  ctx,
  trust,
)((req, res) => {
  longWay += 1;
  express(req, res);
});

const category = await createCategory(db);
const writer = await createUser(db, { role: 'author' });
const published = () => createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'published' });
const MISSING = '0195f0a2-7b1c-7c3d-8e4f-5a6b7c8d9e0f';
const BODY = { percentViewed: 80, fullyViewed: true, middleViewed: true, topViewed: true, bottomViewed: true };
let readers = 0;
/** Another reader: a client address no other test uses. */
const reader = () => ({ 'X-Forwarded-For': `203.0.113.${++readers}` });

/** Which way an answer was made, and the answer. */
async function sent(send: () => Promise<Response>) {
  const before = longWay;
  const res = await send();
  return { res, way: longWay === before ? 'lane' : 'app' };
}
/** A view posted at `base`: the lane's spelling, or another that only Express routes (in any letter case). */
const viewAt =
  (base: string) =>
  (id: string, headers: Record<string, string> = reader(), body: unknown = BODY) =>
    sent(() =>
      request(app)
        .post(`${base}/${id}`)
        .set(headers)
        .send(body as object),
    );
const view = viewAt('/api/view/article');
/** The same request, sent the long way. */
const viewTheLongWay = viewAt('/api/VIEW/article');

/** The headers an answer carries, but those of one sending (and the ETag Express puts on any body, POST's too). */
const lasting = (res: Response) => {
  const { date: _date, etag: _etag, connection: _connection, 'keep-alive': _keepAlive, 'content-length': _length, ...rest } = res.headers;
  return rest;
};

describe('the view lane', () => {
  it('answers an anonymous view itself, with the answer and the headers the route gives', async () => {
    const article = await published();
    const lane = await view(article.id);
    const app_ = await viewTheLongWay(article.id);
    expect([lane.way, app_.way]).toEqual(['lane', 'app']);
    expect(lane.res.status).toBe(201);
    expect(lane.res.body).toEqual({ success: true, counted: true, id: expect.any(String), token: expect.any(String), totalViews: 1 });
    expect(app_.res.body).toEqual({ ...lane.res.body, id: expect.any(String), token: expect.any(String), totalViews: 2 });
    expect(lasting(lane.res)).toEqual(lasting(app_.res));
    expect(lane.res.headers['content-security-policy']).toContain("default-src 'self'");

    // Stored with its read depth; its token times it, the long way.
    const log = await db.viewLog.findUniqueOrThrow({ where: { id: lane.res.body.id } });
    expect(log).toMatchObject({ articleId: article.id, userId: null, percentViewed: 80, fullyViewed: true });
    const timed = await request(app).put(`/api/view/${lane.res.body.id}/duration`).send({ token: lane.res.body.token, duration: 42 });
    expect(timed.status).toBe(200);
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: lane.res.body.id } })).durationSeconds).toBe(42);
  });

  it('counts one view per reader in 30 minutes, readers told apart by the address the trusted proxy gives', async () => {
    const article = await published();
    const someone = reader();
    const first = await view(article.id, someone);
    const again = await view(article.id, someone);
    const other = await view(article.id, reader());
    expect([first.way, again.way, other.way]).toEqual(['lane', 'lane', 'lane']);
    expect([first.res.status, again.res.status, other.res.status]).toEqual([201, 200, 201]);
    expect(again.res.body).toEqual({ success: true, counted: false, id: null, token: null, totalViews: 1 });
    expect(other.res.body.totalViews).toBe(2);
    expect(await db.viewLog.count({ where: { articleId: article.id } })).toBe(2);
  });

  it('answers refusals with the envelope, status and details of the route', async () => {
    const article = await published();
    const draft = await createArticle(db, { authorId: writer.id, categoryId: category.id, status: 'draft' });
    const cases: [string, Record<string, string>, unknown][] = [
      [MISSING, {}, BODY],
      [draft.id, {}, BODY],
      [article.id, {}, { ...BODY, percentViewed: 101 }],
      [article.id, {}, { ...BODY, viewedAt: 'yesterday' }],
      [article.id, {}, [1, 2]],
    ];
    for (const [id, headers, body] of cases) {
      const lane = await view(id, { ...reader(), ...headers }, body);
      const app_ = await viewTheLongWay(id, { ...reader(), ...headers }, body);
      expect([lane.way, app_.way]).toEqual(['lane', 'app']);
      expect(lane.res.status).toBeGreaterThanOrEqual(400);
      expect({ status: lane.res.status, body: lane.res.body }).toEqual({ status: app_.res.status, body: app_.res.body });
      expect(lasting(lane.res)).toEqual(lasting(app_.res));
    }
    for (const broken of ['{"percentViewed": 1', 'true', '"text"']) {
      const lane = await sent(() =>
        request(app).post(`/api/view/article/${article.id}`).set(reader()).set('Content-Type', 'application/json').send(broken),
      );
      const app_ = await sent(() =>
        request(app).post(`/api/VIEW/article/${article.id}`).set(reader()).set('Content-Type', 'application/json').send(broken),
      );
      expect([lane.way, app_.way]).toEqual(['lane', 'app']);
      expect({ status: lane.res.status, body: lane.res.body }).toEqual({ status: 400, body: app_.res.body });
    }
    expect(await db.viewLog.count({ where: { articleId: { in: [article.id, draft.id] } } })).toBe(0);
  });

  it('sets HSTS when the trusted proxy says the request came over HTTPS, as the app does', async () => {
    const article = await published();
    const https = { ...reader(), 'X-Forwarded-Proto': 'https' };
    const lane = await view(article.id, https);
    const app_ = await viewTheLongWay(article.id, { ...https, 'X-Forwarded-For': '203.0.113.250' });
    expect(lane.res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(app_.res.headers['strict-transport-security']).toBe(lane.res.headers['strict-transport-security']);
    expect((await view(article.id)).res.headers['strict-transport-security']).toBeUndefined();
  });

  it('leaves to the app what it is not sure of, and the app answers it', async () => {
    const article = await published();
    const { user, auth } = await login(ctx, 'user');
    const signedIn = await view(article.id, { ...reader(), ...auth });
    expect(signedIn).toMatchObject({ way: 'app', res: { status: 201 } });
    expect((await db.viewLog.findUniqueOrThrow({ where: { id: signedIn.res.body.id } })).userId).toBe(user.id);

    expect(await view('not-an-id')).toMatchObject({ way: 'app', res: { status: 404 } });
    const asText = await sent(() =>
      request(app).post(`/api/view/article/${article.id}`).set(reader()).set('Content-Type', 'text/plain').send(JSON.stringify(BODY)),
    );
    expect(asText.way).toBe('app');
    const large = await view(article.id, reader(), { ...BODY, padding: 'x'.repeat(10_000) });
    expect(large).toMatchObject({ way: 'app', res: { status: 201 } });
    const zipped = await sent(() =>
      request(app)
        .post(`/api/view/article/${article.id}`)
        .set({ ...reader(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
        .send(gzipSync(JSON.stringify(BODY))),
    );
    expect(zipped.way).toBe('app');
    expect(await sent(() => request(app).get(`/api/view/article/${article.id}/stats`))).toMatchObject({ way: 'app', res: { status: 200 } });
  });

  it('answers 503 with Retry-After when the database cannot take the view', async () => {
    const down = createDb(`postgresql://postgres@127.0.0.1:${await freePort()}/none`, 1);
    const recorder = createViewRecorder(poolOf(down));
    const lane = viewLane(
      { ...ctx, viewRecorder: recorder },
      trust,
    )(() => {
      throw new Error('the lane should have answered');
    });
    const res = await request(lane).post(`/api/view/article/${MISSING}`).set(reader()).send(BODY);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ error: 'Service Unavailable' });
    await recorder.close();
    await down.$disconnect();
  });
});

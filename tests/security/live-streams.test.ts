import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerListener } from '../../server/src/app';
import { createLiveFeed, STREAM_LIMITS, type StreamLimits } from '../../server/src/breaking-news/live-feed';
import type { AppContext } from '../../server/src/context';
import { poolOf } from '../../server/src/db/client';
import { createTestApp } from '../helpers/app';
import { createBreakingNews, createUser } from '../helpers/factories';
import { openSse, type SseStream } from '../helpers/sse';

/**
 * Issue 22, items 3 and 11: one anonymous address could hold every live-ticker stream of a process (5,000),
 * and `/api/breaking-news/stream/` was held back by the response cache: no bytes, a slot held
 * (docs/decisions/040-live-stream-limits.md).
 */
const { ctx, db } = await createTestApp({ TRUST_PROXY: 'loopback' });
const author = await createUser(db, { role: 'editor' });
await createBreakingNews(db, { authorId: author.id, status: 'published', headline: 'Tram lines reopen' });

const servers: http.Server[] = [];
const streams: SseStream[] = [];
const sockets: net.Socket[] = [];
const feeds: AppContext['liveFeed'][] = [];

async function serve(listener: http.RequestListener) {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The app, with its own live feed whose limits the test sets (the heartbeat and lifetime in milliseconds). A
 * test closes the feed when done: it holds one of the pool's connections (its LISTEN) until then.
 */
async function appWith(limits: Partial<StreamLimits>) {
  const liveFeed = createLiveFeed({ db: ctx.db, pool: poolOf(ctx.db), logger: ctx.logger, limits });
  feeds.push(liveFeed);
  return { liveFeed, base: await serve(createServerListener({ ...ctx, liveFeed })) };
}

afterAll(async () => {
  for (const s of streams) s.close();
  for (const s of sockets) s.destroy();
  for (const feed of feeds) await feed.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

let base: string;
beforeAll(async () => {
  base = await serve(createServerListener(ctx));
});

/** A stream as a reader on `address` (X-Forwarded-For, trusted from loopback) opens it. */
async function open(from: string, address: string, headers: Record<string, string> = {}) {
  const stream = await openSse(`${from}/api/breaking-news/stream`, { 'X-Forwarded-For': address, ...headers });
  streams.push(stream);
  return stream;
}

/** A stream the test expects to be refused: its answer, body unread. */
/** A refused stream's answer: its status, when to retry, and the error envelope saying why. */
async function expectRefusal(res: Response, status: number, retryAfter: string, body: { error: string; message: string }) {
  expect(res.status).toBe(status);
  expect(res.headers.get('retry-after')).toBe(retryAfter);
  expect(await res.json()).toEqual(body);
}

async function refused(from: string, address: string) {
  const controller = new AbortController();
  streams.push({ close: () => controller.abort() } as SseStream);
  return fetch(`${from}/api/breaking-news/stream`, {
    headers: { Accept: 'text/event-stream', 'X-Forwarded-For': address },
    signal: controller.signal,
  });
}

/** A raw request for a stream, on a socket the test controls (read from, or not). */
function rawStream(from: string, address?: string): net.Socket {
  const socket = net.connect(Number(new URL(from).port), '127.0.0.1');
  sockets.push(socket);
  const forwarded = address ? `X-Forwarded-For: ${address}\r\n` : '';
  socket.write(`GET /api/breaking-news/stream HTTP/1.1\r\nHost: chronicle.test\r\nAccept: text/event-stream\r\n${forwarded}\r\n`);
  return socket;
}

describe('streams per network', () => {
  it(`opens ${STREAM_LIMITS.perNetwork} streams for one network and refuses the next with 429 and Retry-After, while another network still gets one`, async () => {
    const mine = [];
    for (let i = 0; i < STREAM_LIMITS.perNetwork; i++) mine.push(await open(base, '203.0.113.7'));
    expect(mine.map((s) => s.response.status)).toEqual(Array(STREAM_LIMITS.perNetwork).fill(200));
    await Promise.all(mine.map((s) => s.next((e) => e.event === 'headlines')));

    await expectRefusal(await refused(base, '203.0.113.7'), 429, '60', {
      error: 'Too Many Requests',
      message: 'Too many live updates are open from your network, please retry later',
    });
    expect(ctx.liveFeed.size()).toBe(STREAM_LIMITS.perNetwork);

    const neighbour = await open(base, '203.0.113.8');
    expect(neighbour.response.status).toBe(200);
    await neighbour.next((e) => e.event === 'headlines');

    // A stream closed by its reader frees its place.
    mine[0]!.close();
    await vi.waitFor(() => expect(ctx.liveFeed.size()).toBe(STREAM_LIMITS.perNetwork));
    expect((await open(base, '203.0.113.7')).response.status).toBe(200);
  });

  it('counts an IPv6 network as its /64: fresh addresses in it are refused alike', async () => {
    const statuses = [];
    for (let i = 1; i <= STREAM_LIMITS.perNetwork; i++)
      statuses.push((await open(base, `2001:db8:22:3::${i.toString(16)}`)).response.status);
    statuses.push((await refused(base, '2001:db8:22:3:ffff::1')).status);
    expect(statuses).toEqual([...Array(STREAM_LIMITS.perNetwork).fill(200), 429]);
    expect((await open(base, '2001:db8:22:4::1')).response.status).toBe(200);
  });

  it('keeps the cap on a process: past it, 503 with Retry-After, whatever the network', async () => {
    const { base: full, liveFeed } = await appWith({ perProcess: 2 });
    expect((await open(full, '198.51.100.1')).response.status).toBe(200);
    expect((await open(full, '198.51.100.2')).response.status).toBe(200);
    await expectRefusal(await refused(full, '198.51.100.3'), 503, '30', {
      error: 'Service Unavailable',
      message: 'Live updates are not available on this server right now, please retry shortly',
    });
    await liveFeed.close();
  });
});

describe('other spellings of the stream path', () => {
  it('answers /api/breaking-news/stream/ (and capitals) with a redirect to the stream, holding no stream itself', async () => {
    const before = ctx.liveFeed.size();
    for (const path of ['/api/breaking-news/stream/', '/API/Breaking-News/Stream', '/api/breaking-news/stream/?x=1']) {
      const answer = await fetch(`${base}${path}`, {
        headers: { Accept: 'text/event-stream', 'X-Forwarded-For': '192.0.2.50' },
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location')).toBe('/api/breaking-news/stream');
      await answer.arrayBuffer();
    }
    expect(ctx.liveFeed.size()).toBe(before);

    // Followed, as EventSource does: the reader gets its events.
    const followed = await openSse(`${base}/api/breaking-news/stream/`, { 'X-Forwarded-For': '192.0.2.50' });
    streams.push(followed);
    expect(followed.response.status).toBe(200);
    expect(followed.response.redirected).toBe(true);
    await followed.next((e) => e.event === 'headlines');
  });
});

describe('held streams end', () => {
  it('ends a stream after its lifetime; the browser reconnects with Last-Event-ID and is sent nothing new', async () => {
    const { base: short, liveFeed } = await appWith({ heartbeatMs: 50, lifetimeMs: 1_000, lifetimeJitterMs: 0 });
    const stream = await open(short, '198.51.100.20');
    const ticker = await stream.next((e) => e.event === 'headlines');
    await stream.ended;
    await vi.waitFor(() => expect(liveFeed.size()).toBe(0));

    const again = await open(short, '198.51.100.20', { 'Last-Event-ID': ticker.id! });
    await again.ended;
    expect(again.events.map((e) => e.event)).toEqual(['retry']);
    await liveFeed.close();
  });

  it('frees the place of a reader that never reads once the lifetime is over', async () => {
    const { base: short, liveFeed } = await appWith({ perNetwork: 1, heartbeatMs: 50, lifetimeMs: 300, lifetimeJitterMs: 0 });
    // Sends its request, then reads nothing at all.
    rawStream(short, '198.51.100.30').pause();
    await vi.waitFor(() => expect(liveFeed.size()).toBe(1));
    expect((await refused(short, '198.51.100.30')).status).toBe(429);

    await vi.waitFor(() => expect(liveFeed.size()).toBe(0), { timeout: 5_000 });
    const next = await open(short, '198.51.100.30');
    expect(next.response.status).toBe(200);
    await liveFeed.close();
  });

  it('drops a stream whose reader stopped reading once its unsent data piles up, and keeps one that reads', async () => {
    // A feed behind a route of the test's own that writes 8 MB into each stream it opens: what hours of events
    // would pile up for a reader that stopped reading, once the kernel's buffers are full.
    const liveFeed = createLiveFeed({ db: ctx.db, pool: poolOf(ctx.db), logger: ctx.logger, limits: { heartbeatMs: 500 } });
    feeds.push(liveFeed);
    const lab = express();
    lab.get('/api/breaking-news/stream', async (req, res) => {
      if ((await liveFeed.subscribe(req, res)) === 'open') res.write(Buffer.alloc(8 * 2 ** 20, 'x'));
    });
    const from = await serve(lab);

    const stalled = rawStream(from);
    stalled.pause();
    await vi.waitFor(() => expect(liveFeed.size()).toBe(1));

    const reading = rawStream(from);
    let received = 0;
    let text = '';
    reading.on('data', (chunk: Buffer) => {
      received += chunk.length;
      text = (text + chunk.toString('latin1')).slice(-4096);
    });
    await vi.waitFor(() => expect(liveFeed.size()).toBe(2));
    // The stalled one goes (its writes refused at two heartbeats running); the one that reads gets all 8 MB,
    // then heartbeats.
    await vi.waitFor(() => expect(liveFeed.size()).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(received).toBeGreaterThan(8 * 2 ** 20), { timeout: 10_000 });
    const beats = () => text.split(': keep-alive').length - 1;
    await vi.waitFor(() => expect(beats()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(liveFeed.size()).toBe(1);
    expect(reading.destroyed).toBe(false);
    await liveFeed.close();
  });
});

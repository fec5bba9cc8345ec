/**
 * `npm run test:cluster` (issue 13): Chronicle as a cluster, for real, on this machine. A balancer (Debian's
 * HAProxy, which checks each replica's /readyz) in front of three app processes (the production build, `node server/dist/main.js`) on one shared
 * PostgreSQL, one Redis and one S3 server (s3rver, started here); each replica has its own uploads folder. It proves across replicas what an operator
 * relies on, then measures throughput through the balancer with one replica and with three.
 *
 * Prints "Tests  N passed, M failed" at the end (counted by .ci/run), and exits non-zero when a check failed.
 * PostgreSQL: TEST_DATABASE_URL, else the machine's at 127.0.0.1:5432, else an embedded one (a database of
 * its own in each case, dropped after).
 * Redis: TEST_REDIS_URL, else the machine's at 127.0.0.1:6379, else a redis-server of its own.
 * HAProxy: HAPROXY (a path), else `haproxy` on the PATH, else /usr/sbin/haproxy (.ci/run installs it when missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { createClient } from 'redis';
import { freePort, startEmbeddedPostgres } from '../../server/src/db/embedded';
import { startS3 } from '../helpers/s3';
import { openSse, type SseStream } from '../helpers/sse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = mkdtempSync(path.join(os.tmpdir(), 'chronicle-cluster-'));
// Run as root, the embedded PostgreSQL drops to an account of its own, which must reach its folder in here.
chmodSync(WORK, 0o755);
const PASSWORD = `Cluster#${randomBytes(6).toString('hex')}`;
const ADMIN = 'admin@cluster.test';
const PREFIX = `chronicle-cluster-${randomBytes(4).toString('hex')}:`;
const REPLICAS = 3;
/** Live-ticker streams one source may hold through the balancer, across replicas (deploy/haproxy/haproxy.cfg). */
const STREAMS_PER_SOURCE = 6;
/** The drain a stopping replica keeps serving while not ready (docs/decisions/034-many-replicas.md). */
const SHUTDOWN_DELAY_MS = 2_500;

let passed = 0;
let failed = 0;
const cleanups: (() => Promise<void> | void)[] = [];
const figures: string[] = [];

/** Something that stops the run (a missing binary, a failed build, a refused configuration): always a failure. */
class Fatal extends Error {
  /** Already counted and printed by the check it stopped. */
  counted = false;
}

async function check(name: string, fn: () => unknown | Promise<unknown>, fatal = false): Promise<void> {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failed++;
    console.log(`  ✗ ${name}\n      ${err instanceof Error ? err.message : String(err)}`);
    if (fatal || err instanceof Fatal) throw Object.assign(new Fatal(`stopped: ${name}`), { counted: true });
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


async function answers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------- shared parts

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A database of its own on the PostgreSQL server; an embedded one (as `npm start` uses) when none answers. */
async function database(): Promise<string> {
  let base = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  if (!(await reachable(base.toString()))) {
    const embedded = await startEmbeddedPostgres(path.join(WORK, 'pg'), 'postgres');
    cleanups.push(() => embedded.stop());
    base = new URL(embedded.adminUrl);
  }
  const name = `chronicle_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function redis(): Promise<string> {
  const given = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answers(given)) {
    cleanups.push(async () => {
      const client = await createClient({ url: given }).connect();
      for await (const keys of client.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 500 })) if (keys.length) await client.unlink(keys);
      await client.close();
    });
    return given;
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  cleanups.push(() => void child.kill());
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answers(url)); i++) await sleep(100);
  return url;
}

/** HAPROXY when set (never replaced by another binary), else `haproxy` on the PATH, else Debian's /usr/sbin/haproxy. */
function haproxyBinary(): string {
  const given = process.env.HAPROXY;
  if (given) {
    if (spawnSync(given, ['-v'], { stdio: 'ignore' }).status === 0) return given;
    throw new Fatal(`HAPROXY=${given} does not run as HAProxy (haproxy -v failed)`);
  }
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Fatal('HAProxy is not installed (apt-get install haproxy, or set HAPROXY)');
}

/**
 * HAProxy as the balancer, as a load balancer in front of replicas is set up: round robin, each replica's
 * /readyz checked every 400 ms (a stopping replica leaves rotation at its second 503, while it still serves
 * what it has), and a request that could not reach a replica sent to another. The live ticker's streams go
 * through a backend of their own, with the bounds of deploy/haproxy/haproxy.cfg (docs/decisions/040), scaled
 * to this machine's file limit.
 */
function balancerConfig(port: number, upstreams: number[]): string {
  const servers = (check: (i: number) => string) => upstreams.map((p, i) => `  server r${i} 127.0.0.1:${p} ${check(i)}`).join('\n');
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  option abortonclose
  option redispatch
  retries 3
  # Only what never reached a replica, or that a replica refused while stopping, is sent again.
  retry-on conn-failure empty-response 503
frontend web
  bind 127.0.0.1:${port}
  option forwardfor
  tcp-request connection track-sc0 src,ipmask(32,64) table per_source
  tcp-request connection reject if { sc0_conn_cur(per_source) gt 500 }
  acl live_stream path /api/breaking-news/stream
  http-request track-sc1 src,ipmask(32,64) table per_source_streams if live_stream
  http-request return status 429 content-type application/json hdr Retry-After 60 string '{"error":"Too Many Requests","message":"Too many live updates are open from your network, please retry later"}' if live_stream { sc1_conn_cur(per_source_streams) gt ${STREAMS_PER_SOURCE} }
  http-request return status 503 content-type application/json hdr Retry-After 30 string '{"error":"Service Unavailable","message":"Live updates are not available on this server right now, please retry shortly"}' if live_stream { be_conn(streams) ge 2048 }
  use_backend streams if live_stream
  default_backend replicas
backend per_source
  stick-table type ipv6 size 100k expire 10m store conn_cur
backend per_source_streams
  stick-table type ipv6 size 100k expire 30m store conn_cur
backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  # Two failed checks take a replica out (well within its SHUTDOWN_DELAY_MS), one good check brings it back.
  timeout check 1s
  default-server inter 400ms fastinter 400ms fall 2 rise 1
${servers(() => 'check')}
backend streams
  balance leastconn
  # Up or down with the same replica in \`replicas\`.
${servers((i) => `track replicas/r${i}`)}
`;
}

async function balancer(upstreams: number[]): Promise<{ port: number; close: () => void }> {
  const bin = haproxyBinary();
  const port = await freePort();
  const conf = path.join(WORK, `haproxy-${port}.cfg`);
  writeFileSync(conf, balancerConfig(port, upstreams));
  const check = spawnSync(bin, ['-c', '-q', '-f', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Fatal(`the HAProxy configuration is refused: ${check.stderr}`);
  const child = spawn(bin, ['-db', '-f', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const close = () => void child.kill('SIGTERM');
  cleanups.push(close);
  for (let i = 0; i < 50; i++) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  return { port, close };
}

// ---------------------------------------------------------------------------------------------- replicas

interface Replica {
  name: string;
  port: number;
  child?: ChildProcess;
  exited?: Promise<number | null>;
  output: string;
}

let sharedEnv: Record<string, string> = {};

function start(replica: Replica): void {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    // Each replica its own data and uploads folder (a cache of the bucket): nothing shared but the services.
    env: {
      ...process.env,
      ...sharedEnv,
      PORT: String(replica.port),
      DATA_DIR: path.join(WORK, replica.name),
      UPLOAD_DIR: path.join(WORK, replica.name, 'uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  replica.child = child;
  replica.output = '';
  child.stdout!.on('data', (d: Buffer) => (replica.output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (replica.output += d.toString()));
  replica.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

async function ready(replica: Replica, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void replica.exited?.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    if (await fetch(`http://127.0.0.1:${replica.port}/readyz`).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${replica.name} did not become ready:\n${replica.output.slice(-2000)}`);
}

async function stop(replica: Replica, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  replica.child?.kill(signal);
  return (await replica.exited) ?? null;
}

// ---------------------------------------------------------------------------------------------- HTTP

async function api<T = Record<string, unknown>>(
  port: number,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML and the like stay text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/**
 * Keeps `concurrency` clients busy through the balancer until stopped: reads of pages and the API, and one
 * client writing breaking-news drafts. Counts every answer; remembers every write the cluster acknowledged.
 */
function load(port: number, token: string, concurrency = 8) {
  let running = true;
  const counts = { ok: 0, failed: 0, errors: [] as string[] };
  const acknowledged: string[] = [];
  const reads = ['/', '/api/articles/published?limit=5', '/api/categories', '/rss.xml', '/api/breaking-news'];
  const workers = Array.from({ length: concurrency }, async (_, i) => {
    let n = 0;
    while (running) {
      n++;
      try {
        if (i === 0) {
          const res = await api<{ id: string }>(port, 'POST', '/api/breaking-news', { headline: `Load ${n} ${randomBytes(3).toString('hex')}` }, token);
          if (res.status === 201) {
            acknowledged.push(res.body.id);
            counts.ok++;
          } else {
            counts.failed++;
            counts.errors.push(`POST ${res.status}`);
          }
        } else {
          const res = await fetch(`http://127.0.0.1:${port}${reads[n % reads.length]}`);
          await res.arrayBuffer();
          if (res.ok) counts.ok++;
          else {
            counts.failed++;
            counts.errors.push(`GET ${reads[n % reads.length]} ${res.status}`);
          }
        }
      } catch (err) {
        counts.failed++;
        counts.errors.push(String(err));
      }
    }
  });
  return {
    counts,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function throughput(port: number, seconds: number): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/api/articles/published?limit=10`, connections: 32, duration: seconds });
  return Math.round(result.requests.average);
}

// ---------------------------------------------------------------------------------------------- the run

async function main() {
  // Preconditions first, so that a machine without them fails at once and says why.
  haproxyBinary();
  console.log('== cluster: building the production server and client when stale');
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Fatal('the build failed');

  const databaseUrl = await database();
  const redisUrl = await redis();
  const s3 = await startS3('chronicle-cluster');
  cleanups.push(() => s3.stop());
  sharedEnv = {
    ...s3.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: PREFIX,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SUPERADMIN_EMAIL: ADMIN,
    SUPERADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    PUBLIC_URL: 'http://chronicle.cluster.test',
  };
  const replicas: Replica[] = [];
  for (const name of ['a', 'b', 'c']) replicas.push({ name, port: await freePort(), output: '' });
  cleanups.push(async () => {
    await Promise.all(replicas.map((r) => (r.child?.exitCode === null ? stop(r, 'SIGKILL') : undefined)));
  });
  const [a, b, c] = replicas as [Replica, Replica, Replica];

  console.log(`== cluster: ${REPLICAS} replicas, PostgreSQL, Redis, S3 (s3rver) and HAProxy`);
  await check(
    'three replicas start together on one empty database and become ready',
    async () => {
      replicas.forEach(start);
      await Promise.all(replicas.map((r) => ready(r)));
    },
    true,
  );
  const lb = await balancer(replicas.map((r) => r.port));

  let token = '';
  await check(
    'a login through one replica works on the others',
    async () => {
      const login = await api<{ token: string }>(a.port, 'POST', '/api/auth/login', { email: ADMIN, password: PASSWORD });
      assert(login.status === 200, `login on A: ${login.status}`);
      token = login.body.token;
      for (const r of [b, c]) {
        const me = await api<{ user: { email: string } }>(r.port, 'GET', '/api/auth/me', undefined, token);
        assert(me.status === 200 && me.body.user.email === ADMIN, `GET /api/auth/me on ${r.name}: ${me.status}`);
      }
      // A logout through B revokes the token on C.
      const second = await api<{ token: string }>(b.port, 'POST', '/api/auth/login', { email: ADMIN, password: PASSWORD });
      assert((await api(b.port, 'POST', '/api/auth/logout', undefined, second.body.token)).status === 200, 'logout on B');
      const revoked = await api(c.port, 'GET', '/api/auth/me', undefined, second.body.token);
      assert(revoked.status === 401, `a token revoked on B still works on C: ${revoked.status}`);
    },
    true,
  );

  await check('a publication through one replica is fresh at once on every page of every replica', async () => {
    const categories = await api<{ id: string; slug: string }[]>(a.port, 'GET', '/api/categories');
    const category = categories.body[0]!;
    // Every replica reads (and caches) the pages first.
    const pages = [`/category/${category.slug}`, '/news/general', '/rss.xml', '/sitemaps/news.xml', '/api/articles/published?limit=5'];
    for (const r of replicas) for (const p of pages) await api(r.port, 'GET', p);
    const title = `Cluster scoop ${randomBytes(3).toString('hex')}`;
    const created = await api<{ id: string }>(
      a.port,
      'POST',
      '/api/articles',
      { title, summary: 'A summary of the scoop.', content: '<p>The whole story.</p>', categoryId: category.id, section: 'General' },
      token,
    );
    assert(created.status === 201, `create on A: ${created.status} ${JSON.stringify(created.body)}`);
    const published = await api(a.port, 'POST', `/api/articles/${created.body.id}/publish`, undefined, token);
    assert(published.status === 200, `publish on A: ${published.status}`);
    for (const r of replicas) {
      for (const p of [...pages, `/article/${created.body.id}`]) {
        const text = JSON.stringify((await api<unknown>(r.port, 'GET', p)).body);
        // The news sitemap names the article by its address, the others by its title.
        const shown = p === '/sitemaps/news.xml' ? text.includes(created.body.id) : text.includes(title);
        assert(shown, `${p} on ${r.name} does not show the new article at once`);
      }
    }
  });

  await check('a settings save and a new static page through one replica show at once on every replica', async () => {
    // Every replica reads (and caches, and remembers the settings of) its pages first.
    const pages = ['/', '/api/site', '/manifest.webmanifest', '/rss.xml'];
    for (const r of replicas) for (const p of [...pages, '/sitemaps/pages.xml']) await api(r.port, 'GET', p);
    const name = `Cluster Courier ${randomBytes(3).toString('hex')}`;
    const current = await api<{ version: number }>(a.port, 'GET', '/api/settings', undefined, token);
    const saved = await api(a.port, 'PUT', '/api/settings', { name, accentColor: '#1d4ed8', version: current.body.version }, token);
    assert(saved.status === 200, `settings on A: ${saved.status} ${JSON.stringify(saved.body)}`);
    const slug = `cluster-${randomBytes(3).toString('hex')}`;
    const page = await api(b.port, 'POST', '/api/pages', { title: 'Cluster page', slug, content: '<p>Here.</p>', status: 'published' }, token);
    assert(page.status === 201, `page on B: ${page.status} ${JSON.stringify(page.body)}`);
    for (const r of replicas) {
      for (const p of pages) {
        const text = JSON.stringify((await api<unknown>(r.port, 'GET', p)).body);
        assert(text.includes(name), `${p} on ${r.name} does not show the new name at once`);
      }
      const home = JSON.stringify((await api<unknown>(r.port, 'GET', '/')).body);
      assert(home.includes('--color-brand:#1d4ed8') && home.includes(`/${slug}`), `the home page on ${r.name} lacks the accent or the page's footer link`);
      assert((await api(r.port, 'GET', `/${slug}`)).status === 200, `/${slug} on ${r.name}`);
      assert(String((await api<unknown>(r.port, 'GET', '/sitemaps/pages.xml')).body).includes(`/${slug}</loc>`), `the pages sitemap on ${r.name}`);
    }
  });

  await check('an upload through one replica is served by all, and so are its resized variants', async () => {
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#993366' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`http://127.0.0.1:${a.port}/api/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert(res.status === 201, `upload on A: ${res.status}`);
    const { path: url } = (await res.json()) as { path: string };
    for (const r of replicas) {
      const served = await fetch(`http://127.0.0.1:${r.port}${url}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      assert(served.status === 200 && bytes.equals(png), `${url} on ${r.name}: ${served.status}, ${bytes.length} bytes`);
      assert(served.headers.get('cache-control') === 'public, max-age=31536000, immutable', `cache-control on ${r.name}`);
    }
    // The variants are made in the background by A: each replica serves them once they exist.
    const variant = url.replace(/\.png$/, '-640w.webp');
    for (const r of replicas) {
      let status = 0;
      for (let i = 0; i < 60 && status !== 200; i++) {
        status = (await fetch(`http://127.0.0.1:${r.port}${variant}`)).status;
        if (status !== 200) await sleep(250);
      }
      assert(status === 200, `${variant} on ${r.name}: ${status}`);
    }
  });

  await check('rate limits count across replicas: the 11th wrong password for one account is refused, whichever replica', async () => {
    const email = `nobody-${randomBytes(3).toString('hex')}@cluster.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = replicas[i % replicas.length]!;
      statuses.push((await api(r.port, 'POST', '/api/auth/login', { email, password: 'wrong password 1' })).status);
    }
    assert(statuses.slice(0, 10).every((s) => s === 401), `first ten: ${statuses.slice(0, 10).join(',')}`);
    assert(statuses[10] === 429, `the 11th: ${statuses[10]}`);
  });

  await check('limits counted in Redis are one count too: a second code for one address within 60 s is refused by another replica', async () => {
    const email = `cooldown-${randomBytes(3).toString('hex')}@cluster.test`;
    const first = await api(replicas[0]!.port, 'POST', '/api/auth/signup/initiate', { email });
    assert(first.status === 200, `first code: ${first.status}`);
    for (const r of replicas.slice(1)) {
      const again = await api(r.port, 'POST', '/api/auth/signup/initiate', { email });
      assert(again.status === 429, `again through ${r.name}: ${again.status}`);
    }
  });

  await check('a live ticker on replica C sees breaking news published on replica A', async () => {
    const stream = await openSse(`http://127.0.0.1:${c.port}/api/breaking-news/stream`);
    try {
      await stream.next((e) => e.event === 'headlines');
      const headline = `Live from A ${randomBytes(3).toString('hex')}`;
      const created = await api<{ id: string }>(a.port, 'POST', '/api/breaking-news', { headline }, token);
      const from = stream.events.length;
      assert((await api(a.port, 'POST', `/api/breaking-news/${created.body.id}/publish`, undefined, token)).status === 200, 'publish');
      await stream.next((e) => e.event === 'headlines' && e.data.includes(headline), { from, timeoutMs: 10_000 });
      // And through the balancer too, event by event.
      const viaLb = await openSse(`http://127.0.0.1:${lb.port}/api/breaking-news/stream`);
      try {
        const first = await viaLb.next((e) => e.event === 'headlines');
        assert(first.data.includes(headline), 'the stream through the balancer has the headline');
      } finally {
        viaLb.close();
      }
    } finally {
      stream.close();
    }
  });

  await check(`through the balancer, one source holds at most ${STREAMS_PER_SOURCE} live-ticker streams across the replicas`, async () => {
    // The streams of the check before are closed; the balancer lets go of them as soon as it reads the close.
    await sleep(500);
    const held: SseStream[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_SOURCE; i++) {
        const stream = await openSse(`http://127.0.0.1:${lb.port}/api/breaking-news/stream`);
        held.push(stream);
        assert(stream.response.status === 200, `stream ${i + 1}: ${stream.response.status}`);
        await stream.next((e) => e.event === 'retry');
      }
      const refused = await fetch(`http://127.0.0.1:${lb.port}/api/breaking-news/stream`, { headers: { Accept: 'text/event-stream' } });
      assert(refused.status === 429, `stream ${STREAMS_PER_SOURCE + 1}: ${refused.status}`);
      assert(refused.headers.get('retry-after') === '60', `Retry-After: ${refused.headers.get('retry-after')}`);
      const body = (await refused.json()) as { error?: string };
      assert(body.error === 'Too Many Requests', `body: ${JSON.stringify(body)}`);
    } finally {
      for (const stream of held) stream.close();
    }
  });

  await check('one replica killed mid-load: no request lost beyond those in flight on it, no acknowledged write lost', async () => {
    const running = load(lb.port, token);
    await sleep(2_000);
    await stop(b, 'SIGKILL');
    await sleep(3_000);
    await running.stop();
    figures.push(`kill: ${running.counts.ok} answered, ${running.counts.failed} failed (${running.counts.errors.slice(0, 3).join('; ')})`);
    // At most the requests in flight on B when it died: one per load client.
    assert(running.counts.failed <= 8, `${running.counts.failed} failed: ${running.counts.errors.slice(0, 5).join('; ')}`);
    assert(running.counts.ok > 50, `only ${running.counts.ok} answered`);
    await assertStored(databaseUrl, running.acknowledged);
    start(b);
    await ready(b);
  });

  await check('a rolling restart of all three under load loses no request and no acknowledged write', async () => {
    const running = load(lb.port, token);
    await sleep(1_000);
    for (const r of replicas) {
      const code = await stop(r, 'SIGTERM');
      assert(code === 0, `${r.name} exited with ${code}:\n${r.output.slice(-1000)}`);
      start(r);
      await ready(r);
      // Back in rotation at the balancer's next check, before the next replica goes.
      await sleep(1_000);
    }
    await running.stop();
    figures.push(`rolling restart: ${running.counts.ok} answered, ${running.counts.failed} failed`);
    assert(running.counts.failed === 0, `${running.counts.failed} failed: ${running.counts.errors.slice(0, 5).join('; ')}`);
    await assertStored(databaseUrl, running.acknowledged);
  });

  await check('throughput through the balancer: one replica, then three', async () => {
    const single = await balancer([a.port]);
    await throughput(single.port, 2); // warm-up
    const one = await throughput(single.port, 8);
    single.close();
    await throughput(lb.port, 2);
    const three = await throughput(lb.port, 8);
    figures.push(`throughput, GET /api/articles/published?limit=10, 32 connections, 8 s: 1 replica ${one} req/s, 3 replicas ${three} req/s`);
    assert(one > 0 && three > 0, 'no throughput');
  });
}

/** Every id the cluster acknowledged (201) is in the database. */
async function assertStored(databaseUrl: string, ids: string[]): Promise<void> {
  assert(ids.length > 0, 'no write was acknowledged');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM "BreakingNews" WHERE id = ANY($1::uuid[])', [ids]);
    assert(Number(rows[0]!.n) === ids.length, `${ids.length - Number(rows[0]!.n)} of ${ids.length} acknowledged writes are missing`);
  } finally {
    await client.end();
  }
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  // Whatever stopped the run is a failure, said in its own words (a Fatal a check already counted was printed by it).
  if (!(err instanceof Fatal && err.counted)) {
    failed++;
    console.log(`  ✗ the cluster test stopped: ${err instanceof Fatal ? err.message : err instanceof Error ? err.stack : String(err)}`);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  rmSync(WORK, { recursive: true, force: true });
  for (const line of figures) console.log(`  · ${line}`);
  console.log(`\n  Tests  ${passed} passed | ${failed} failed`);
  if (failed) exitCode = 1;
}
process.exit(exitCode);

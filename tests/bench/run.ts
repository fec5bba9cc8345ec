/**
 * `npm run bench`: the benchmark of the public reads and of view logging (docs/benchmarks.md).
 *
 * A PostgreSQL (embedded in a temporary folder, or a fresh database on BENCH_DATABASE_URL) is migrated and
 * seeded with 10,000 published articles, and the client is built if stale (its server renderer makes the
 * reader's HTML). The real app runs in a child process (app-server.ts) and autocannon drives it from this
 * process, in three parts:
 *
 * - cache off (RESPONSE_CACHE=off): the JSON reads against bare-sql.ts, a bare node:http server that runs the
 *   SQL the app sent for the same request through `pg`: the ceiling of the uncached path;
 * - cached (RESPONSE_CACHE=memory): every public read, JSON and HTML, against bare-bytes.ts, a bare node:http
 *   server that sends the very answers the app gave (recorded once per URL, after checking that it rendered);
 * - cold pages (RESPONSE_CACHE=memory, a freshly started app each round): every published article's page asked
 *   once, against bare-bytes.ts sending recorded article pages; then what the default cache holds; then the same
 *   pass with an article page's render, and its reads, taken out (fixed-renderer.ts): the floor of the rest;
 * - search: uncached, at 20 connections, queries from a word of a few titles to a word of every article, after a check
 *   that a phrase from deep in a body finds its article first (docs/decisions/065-search.md);
 * - view logging: a burst of views from distinct readers, then a check that the counts are exact;
 * - newsletters: an issue to 100,000 subscribers, queued and sent by the worker process (newsletters.ts).
 *
 * Each comparison is interleaved (app, bare, app, bare) and reports the mean of both rounds. The tables, with
 * the machine they ran on, are written between the markers of docs/benchmarks.md.
 *
 * BENCH_DURATION (seconds per round, default 10), BENCH_CONNECTIONS (default 50), BENCH_ONLY (run only the
 * measurements whose label contains it: `cache=off <read>`, `cache=memory <read>`, the cold pages' or the view
 * burst's name; the tables are printed instead of written), BENCH_ACCEPT_ENCODING (what the cached and cold reads
 * send, default `gzip, deflate, br`; empty: none, the identity bytes), BENCH_PROFILE (a folder: each app process
 * writes a V8 CPU profile there).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon, { type Request, type Result } from 'autocannon';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { applyMigrations } from '../../server/src/db/migrate';
import { openDatabase } from './database';
import { BENCH_SIZES, SEARCH_WORDS, deepPhrase, seedBenchData, type Seeded } from './seed';
import {
  COLD_PAGES,
  READS,
  ask,
  VIEW_BURST,
  type ChildMessage,
  type ParentMessage,
  type Read,
  type RecordedAnswer,
  type StatementGroups,
} from './scenarios';
import { stopRunner } from '../helpers/runner';
import { NEWSLETTER_BENCH, newsletterPart, newsletterReport, type NewsletterRun } from './newsletters';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const REPORT = path.join(ROOT, 'docs/benchmarks.md');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Math.min(3, DURATION);
const ROUNDS = 2;
const AIMS = {
  cached: { ratio: 0.5, p99Ms: 50 },
  uncached: { ratio: 0.7 },
  cold: { perSecond: 400, p99Ms: 100, pagesHeld: 2_000 },
  views: { perSecond: 5_000 },
  reading: { perSecond: 5_000, reportP99Ms: 100 },
};
/**
 * What readers' browsers and crawlers send with every request, so what the cached and cold reads send: the answers
 * are then compressed ones, as on the site (the uncached reads, against bare SQL sending identity JSON, send none).
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const READER_HEADERS: Record<string, string> = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
const ONLY = process.env.BENCH_ONLY;
const selected = (label: string) => !ONLY || label.includes(ONLY);

type Mode = 'off' | 'memory';
const labelOf = (mode: Mode, read: Read) => `cache=${mode} ${read.name}`;

/** One measurement. */
interface Round {
  rps: number;
  /** The most requests answered in one second. */
  bestSecond: number;
  p50: number;
  p99: number;
  /** CPU time of the server process per answered request (user + system), in milliseconds. */
  cpuMs: number;
  errors: number;
  non2xx: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  seconds: number;
  /** The 1-minute load average before it. */
  load: number;
}

/** The rounds of one server on one read: means, and the sums of what went wrong. */
type Figures = Omit<Round, 'bestSecond' | 'statuses' | 'seconds' | 'load'> & { loads: number[] };

interface Comparison {
  read: Read;
  app: Figures;
  bare: Figures;
}

interface ColdPages {
  comparison: Comparison;
  /** The same pass with an article page's work taken out (COLD_FLOORS), against the same bare rounds. */
  floors: Comparison[];
  /** What the app's response cache held after each cold pass. */
  held: CacheHeld[];
}

interface CacheHeld {
  /** Entries the cold pass added: article pages. */
  pages: number;
  entries: number;
  bytes: number;
  budget: number;
}

interface ViewBurst {
  burst: Round;
  /** Views the app accepted (201) during the burst, and what the database gained meanwhile. */
  accepted: number;
  otherAnswers: number;
  viewsAdded: number;
  logsAdded: number;
}

interface Target {
  child: ChildProcess;
  base: string;
}

/**
 * Reports (issue 29, docs/decisions/068-reports.md): reading beacons of one event each, from readers of their own, then
 * the reports over READING.events generated events (90 days over every article), rolled up once.
 */
const READING = {
  name: 'POST /api/view/read',
  reports: 'GET /api/reports',
  events: Number(process.env.BENCH_READ_EVENTS ?? 10_000_000),
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

interface ReadingRuns {
  burst: Round;
  accepted: number;
  eventsAdded: number;
  generated: number;
  generateSeconds: number;
  rollupSeconds: number;
  reports: { label: string; figures: Round }[];
}

/** Search (issue 28, docs/decisions/065-search.md): uncached, at 20 connections, p99 under 50 ms. */
const SEARCH = { name: 'GET /api/search', connections: 20, p99Ms: 50 };

interface SearchRuns {
  cases: { label: string; figures: Figures }[];
  /** Deep phrases asked, and how many found their article first. */
  deep: { asked: number; first: number };
}

const log = (line: string) => console.log(`[bench] ${line}`);
const children = new Set<ChildProcess>();

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    return rows[0]?.v.split(' ')[0] ?? 'unknown';
  } finally {
    await client.end();
  }
}

/** The reader's HTML is rendered by the client's build (client/dist, client/dist-server). */
function buildIfNeeded() {
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed');
}

async function startChild(file: string, env: Record<string, string>): Promise<Target> {
  const child = fork(path.join(HERE, file), [], {
    // The app finds the client's build from its working directory.
    cwd: ROOT,
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE && file === 'app-server.ts' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code} before it was ready`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message.port);
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function stopChild(child: ChildProcess): Promise<void> {
  children.delete(child);
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.disconnect();
  });
}

const appEnv = (databaseUrl: string, cache: Mode) => ({ DATABASE_URL: databaseUrl, RESPONSE_CACHE: cache, TRUST_PROXY: 'loopback' });

/** The SQL the app sends for one request of `read` in the steady state, grouped by what ran side by side. */
async function capture({ child, base }: Target, read: Read, id: string): Promise<StatementGroups> {
  const send = (message: ParentMessage) => child.send(message);
  // The SQL of a request in the steady state: one before it fills what the app remembers (the lists' totals).
  await (await fetch(base + read.path(id))).arrayBuffer();
  send({ type: 'capture', on: true });
  // A round trip through the child so that recording is on before the request arrives.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const res = await fetch(base + read.path(id));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${read.name} answered ${res.status}, expected 200`);
  return (await ask(child, { type: 'capture', on: false, id }, 'captured')).groups;
}

/** Belong to one connection, not to the answer: the bare server's node:http sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

interface Answer {
  status: number;
  headers: [string, string][];
  /** As sent: compressed when the answer says so (Content-Encoding). */
  body: Buffer;
}

/** One answer as autocannon receives it: asked with the reader's Accept-Encoding, the bytes as sent. */
function fetchAnswer(base: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { headers: READER_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const [name, value] = [res.rawHeaders[i]!, res.rawHeaders[i + 1]!];
            if (!HOP_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  identity: (body) => body,
  gzip: (body) => zlib.gunzipSync(body),
  deflate: (body) => zlib.inflateSync(body),
  br: (body) => zlib.brotliDecompressSync(body),
};

const encodingOf = ({ headers }: Answer) =>
  headers
    .find(([name]) => name.toLowerCase() === 'content-encoding')?.[1]
    .trim()
    .toLowerCase() ?? 'identity';

/** The text a reader's browser gets from an answer: its body, decoded as its Content-Encoding says. */
function decodedText(answer: Answer): string {
  const encoding = encodingOf(answer);
  const decode = DECODERS[encoding];
  if (!decode) throw new Error(`An answer in an encoding the benchmark cannot read: ${encoding}`);
  return decode(answer.body).toString('utf8');
}

/** Throws unless the answer of `read` for `id` is a 200 showing the headline of what it shows. */
function checkRendered(read: Read, id: string, answer: Answer, seeded: Seeded) {
  const url = read.path(id);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}, expected 200`);
  const headline = read.headline?.(seeded.headlines, id);
  if (headline !== undefined && !decodedText(answer).includes(headline)) throw new Error(`${url} does not show "${headline}"`);
}

/**
 * A floor's pages (COLD_FLOORS) are one article page repeated: each a 200, all the same, and an article's (its
 * headline), not the shell a failed render falls back to, which would leave every page rendered for real.
 */
function checkRepeated(read: Read, answers: Answer[], seeded: Seeded) {
  const texts = answers.map((answer) => {
    if (answer.status !== 200) throw new Error(`${read.name}: a page answered ${answer.status}, expected 200`);
    return decodedText(answer);
  });
  if (new Set(texts).size !== 1) throw new Error(`${read.name}: the pages are not one page repeated`);
  if (![...seeded.headlines.articles.values()].some((headline) => texts[0]!.includes(headline)))
    throw new Error(`${read.name}: the page repeated shows no article's headline`);
}

/**
 * The app's answer to each URL the cached reads rotate over, checked (200, and the headline of what it
 * shows: an HTML page that fell back to the browser-rendered shell has none). Asked twice: the first
 * fills the cache, the second is what a cached read sends.
 */
async function recordAnswers(app: Target, reads: Read[], seeded: Seeded): Promise<Record<string, RecordedAnswer>> {
  const answers: Record<string, RecordedAnswer> = {};
  for (const read of reads) {
    const ids = rotation(read, 'memory', seeded);
    const sent = { bytes: 0, encodings: new Set<string>() };
    for (const id of ids) {
      const url = read.path(id);
      await fetchAnswer(app.base, url);
      const answer = await fetchAnswer(app.base, url);
      checkRendered(read, id, answer, seeded);
      answers[url] = { status: answer.status, headers: answer.headers, body: answer.body.toString('base64') };
      sent.bytes += answer.body.length;
      sent.encodings.add(encodingOf(answer));
    }
    log(
      `recorded ${read.name}: ${ids.length} answers, ${[...sent.encodings].join(' and ')}, ${(sent.bytes / ids.length / 1024).toFixed(1)} KB each`,
    );
  }
  return answers;
}

const cpuOf = async (child: ChildProcess): Promise<number> => (await ask(child, { type: 'cpu' }, 'cpu')).micros;

/** Load for a number of seconds (requests still in flight at the end are dropped), or a number of requests. */
async function load(
  { child, base }: Target,
  request: Request,
  length: { duration: number } | { amount: number },
  connections = CONNECTIONS,
): Promise<Round> {
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = await cpuOf(child);
  const result: Result = await autocannon({ url: base, connections, ...length, timeout: 10, requests: [request] });
  const cpuMicros = (await cpuOf(child)) - cpuBefore;
  return {
    // A number of requests ends within a second: its last, partial second would pull the mean of the seconds down.
    rps: 'amount' in length ? result.requests.total / Math.max(0.01, result.duration) : result.requests.average,
    bestSecond: result.requests.max,
    cpuMs: cpuMicros / 1000 / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    seconds: result.duration,
    load: loadBefore,
  };
}

/**
 * What the requests of `read` rotate over. Cached, the newest articles: the few URLs a spike of readers
 * asks for (each then stays in the cache); uncached, every article, as the database sees a day of reads.
 */
function rotation(read: Read, mode: Mode, seeded: Seeded): string[] {
  switch (read.rotate) {
    case 'none':
      return [''];
    case 'categories':
      return seeded.categories;
    case 'authors':
      return seeded.authors;
    case 'articles':
      return mode === 'memory' ? seeded.hot : seeded.articles;
    case 'commented':
      return mode === 'memory' ? seeded.hot : seeded.commented;
  }
}

/**
 * GETs of `read` rotating over `ids`, starting anew with each call. autocannon builds each request it sends once,
 * so `amount: ids.length` asks each id once.
 */
function rotating(read: Read, ids: string[], headers: Record<string, string>): Request {
  let next = 0;
  const pick = () => read.path(ids[next++ % ids.length] ?? '');
  return ids.length > 1
    ? { method: 'GET', path: pick(), headers, setupRequest: (req) => ({ ...req, path: pick() }) }
    : { method: 'GET', path: pick(), headers };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

function combine(rounds: Round[]): Figures {
  return {
    rps: mean(rounds.map((r) => r.rps)),
    p50: mean(rounds.map((r) => r.p50)),
    p99: mean(rounds.map((r) => r.p99)),
    cpuMs: mean(rounds.map((r) => r.cpuMs)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    loads: rounds.map((r) => r.load),
  };
}

function describe(who: string, f: Round | Figures): string {
  return (
    `${who.padEnd(6)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(0)} ms  p99 ${f.p99.toFixed(0)} ms  cpu ${f.cpuMs.toFixed(2)} ms/req` +
    (f.errors || f.non2xx ? `  errors ${f.errors} non-2xx ${f.non2xx}` : '')
  );
}

/** Interleaved: a warm-up each, then app, bare, app, bare, each request with `headers`; the mean of the rounds for each. */
async function compare(
  label: string,
  read: Read,
  ids: string[],
  { app, bare }: { app: Target; bare: Target },
  headers: Record<string, string>,
): Promise<Comparison> {
  await load(app, rotating(read, ids, headers), { duration: WARMUP });
  await load(bare, rotating(read, ids, headers), { duration: WARMUP });
  const rounds = { app: [] as Round[], bare: [] as Round[] };
  for (let i = 1; i <= ROUNDS; i++) {
    for (const [who, target] of [
      ['app', app],
      ['bare', bare],
    ] as const) {
      const round = await load(target, rotating(read, ids, headers), { duration: DURATION });
      rounds[who].push(round);
      log(`${label.padEnd(46)} round ${i} ${describe(who, round)}`);
    }
  }
  return { read, app: combine(rounds.app), bare: combine(rounds.bare) };
}

async function uncachedPart(databaseUrl: string, seeded: Seeded, tmp: string) {
  const reads = READS.filter((read) => read.sqlPattern && selected(labelOf('off', read)));
  const plans: Record<string, StatementGroups> = {};
  const comparisons: Comparison[] = [];
  if (!reads.length) return { plans, comparisons };
  const app = await startChild('app-server.ts', appEnv(databaseUrl, 'off'));
  for (const read of reads) plans[read.name] = await capture(app, read, rotation(read, 'off', seeded)[0]!);
  const planFile = path.join(tmp, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plans));
  const bare = await startChild('bare-sql.ts', { DATABASE_URL: databaseUrl, BENCH_PLAN: planFile });
  for (const read of reads) comparisons.push(await compare(labelOf('off', read), read, rotation(read, 'off', seeded), { app, bare }, {}));
  await stopChild(bare.child);
  await stopChild(app.child);
  return { plans, comparisons };
}

async function cachedPart(databaseUrl: string, seeded: Seeded, tmp: string): Promise<Comparison[]> {
  const reads = READS.filter((read) => selected(labelOf('memory', read)));
  if (!reads.length) return [];
  const app = await startChild('app-server.ts', appEnv(databaseUrl, 'memory'));
  const answersFile = path.join(tmp, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(await recordAnswers(app, reads, seeded)));
  const bare = await startChild('bare-bytes.ts', { BENCH_ANSWERS: answersFile });
  const comparisons: Comparison[] = [];
  for (const read of reads)
    comparisons.push(await compare(labelOf('memory', read), read, rotation(read, 'memory', seeded), { app, bare }, READER_HEADERS));
  await stopChild(bare.child);
  await stopChild(app.child);
  return comparisons;
}

const cacheOf = async (child: ChildProcess) => {
  const { stats } = await ask(child, { type: 'cache' }, 'cache');
  if (!stats.store) throw new Error('The app has no usable response cache');
  return stats.store;
};

/** Pages that the cold pass does not ask for (it asks for every article's): the renderer's code warmed, no article cached. */
const coldWarmUp = (seeded: Seeded) => ['/', ...seeded.categories.map((slug) => `/category/${slug}`), '/api/articles/published?limit=10'];

/** Pages checked after each cold pass, spread over the order they were asked in. */
const COLD_SAMPLE = 20;

/**
 * The cold pass again, of an app whose renderer answers every article page with the first it rendered, asked before
 * the pass: an article without comments, as nine in ten of the pass's pages are (fixed-renderer.ts). It answers after
 * the page's reads, or after nothing. What is left is what the rest of a cold page costs: the floor that a cheaper
 * render, or cheaper reads, could bring the pass down to. The answers are all one page: checked as that (checkRepeated).
 */
const COLD_FLOORS = [
  { render: 'reads', read: { ...COLD_PAGES, name: `${COLD_PAGES.name}, reads without render`, headline: undefined } },
  { render: 'none', read: { ...COLD_PAGES, name: `${COLD_PAGES.name}, neither reads nor render`, headline: undefined } },
] as const;

/**
 * Every published article's page, asked once each, of a freshly started app (nothing cached): renders that must not
 * queue. Interleaved with bare-bytes.ts answering the same URLs with recorded article pages: app, bare, app, bare,
 * a new app process each round. After each app pass: what its cache holds, and a sample of the pages checked.
 */
async function coldPart(databaseUrl: string, seeded: Seeded, tmp: string): Promise<ColdPages | undefined> {
  if (!selected(COLD_PAGES.name)) return undefined;
  const ids = seeded.articles;
  const rounds = { app: [] as Round[], bare: [] as Round[] };
  const floors = COLD_FLOORS.map(() => [] as Round[]);
  const commented = new Set(seeded.commented);
  const floorPage = ids.find((id) => !commented.has(id))!;
  const held: CacheHeld[] = [];
  let bare: Target | undefined;
  for (let i = 1; i <= ROUNDS; i++) {
    const app = await startChild('app-server.ts', appEnv(databaseUrl, 'memory'));
    for (const url of coldWarmUp(seeded)) await fetchAnswer(app.base, url);
    const before = await cacheOf(app.child);
    const round = await load(app, rotating(COLD_PAGES, ids, READER_HEADERS), { amount: ids.length });
    const after = await cacheOf(app.child);
    held.push({ pages: after.entries - before.entries, entries: after.entries, bytes: after.bytes, budget: after.budget });
    rounds.app.push(round);
    log(
      `${COLD_PAGES.name.padEnd(46)} round ${i} ${describe('app', round)}  cache: ${after.entries} entries, ${mb(after.bytes)} of ${mb(after.budget)}`,
    );
    for (let k = 0; k < COLD_SAMPLE; k++) {
      const id = ids[Math.floor((k * ids.length) / COLD_SAMPLE)]!;
      checkRendered(COLD_PAGES, id, await fetchAnswer(app.base, COLD_PAGES.path(id)), seeded);
    }
    if (!bare) {
      // The bare server's article pages: the hot ones, which any other article's URL is answered with.
      const answersFile = path.join(tmp, 'cold-answers.json');
      writeFileSync(answersFile, JSON.stringify(await recordAnswers(app, [COLD_PAGES], seeded)));
      bare = await startChild('bare-bytes.ts', { BENCH_ANSWERS: answersFile, BENCH_FALLBACK_PREFIX: COLD_PAGES.path('') });
    }
    await stopChild(app.child);
    for (const [k, { render, read }] of COLD_FLOORS.entries()) {
      const floor = await startChild('app-server.ts', { ...appEnv(databaseUrl, 'memory'), BENCH_RENDER: render });
      for (const url of coldWarmUp(seeded)) await fetchAnswer(floor.base, url);
      // The page repeated: rendered before the pass, and of the kind nine in ten of the pass's pages are.
      await fetchAnswer(floor.base, COLD_PAGES.path(floorPage));
      const round = await load(floor, rotating(read, ids, READER_HEADERS), { amount: ids.length });
      floors[k]!.push(round);
      log(`${read.name.padEnd(46)} round ${i} ${describe('app', round)}`);
      const answers = [];
      for (let j = 0; j < COLD_SAMPLE; j++)
        answers.push(await fetchAnswer(floor.base, read.path(ids[Math.floor((j * ids.length) / COLD_SAMPLE)]!)));
      checkRepeated(read, answers, seeded);
      await stopChild(floor.child);
    }
    const bareRound = await load(bare, rotating(COLD_PAGES, ids, READER_HEADERS), { amount: ids.length });
    rounds.bare.push(bareRound);
    log(`${COLD_PAGES.name.padEnd(46)} round ${i} ${describe('bare', bareRound)}`);
  }
  if (bare) await stopChild(bare.child);
  const bareFigures = combine(rounds.bare);
  return {
    comparison: { read: COLD_PAGES, app: combine(rounds.app), bare: bareFigures },
    floors: COLD_FLOORS.map(({ read }, k) => ({ read, app: combine(floors[k]!), bare: bareFigures })),
    held,
  };
}

interface ViewCounts {
  views: number;
  logs: number;
}

async function viewCounts(db: pg.Client): Promise<ViewCounts> {
  const { rows } = await db.query<{ views: string; logs: string }>(
    `SELECT (SELECT COALESCE(sum("totalViews"), 0) FROM "Article")::text AS views, (SELECT count(*) FROM "ViewLog")::text AS logs`,
  );
  return { views: Number(rows[0]!.views), logs: Number(rows[0]!.logs) };
}

/**
 * The counts once the views sent are written (the app may write them in batches after answering): when they
 * reach `until`, or have not moved for a second; at most 15 s.
 */
async function settledViewCounts(db: pg.Client, until?: ViewCounts): Promise<ViewCounts> {
  const deadline = Date.now() + 15_000;
  let last = await viewCounts(db);
  let movedAt = Date.now();
  while (Date.now() < deadline && Date.now() - movedAt < 1_000) {
    if (until && last.views === until.views && last.logs === until.logs) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await viewCounts(db);
    if (now.views !== last.views || now.logs !== last.logs) movedAt = Date.now();
    last = now;
  }
  return last;
}

/** One address per reader (10.0.0.0/8), as a proxy on loopback reports it: every view is a first view. */
const readerAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function viewPart(databaseUrl: string, seeded: Seeded): Promise<ViewBurst | undefined> {
  if (!selected(VIEW_BURST.name)) return undefined;
  const app = await startChild('app-server.ts', appEnv(databaseUrl, 'memory'));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let sent = 0;
    const next = () => {
      const n = sent++;
      return {
        path: VIEW_BURST.path(seeded.articles[n % seeded.articles.length]!),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': readerAddress(n) },
      };
    };
    const request = (): Request => ({ method: 'POST', body: VIEW_BURST.body, ...next(), setupRequest: (req) => ({ ...req, ...next() }) });
    const warm = await load(app, request(), { duration: WARMUP });
    // The burst is a number of views, sized by the warm-up's best second to last about DURATION seconds: it ends
    // when the last answer is in, so every view sent is answered (a timed run drops those in flight at the end).
    const before = await settledViewCounts(db);
    const burst = await load(app, request(), { amount: Math.max(CONNECTIONS, warm.bestSecond * DURATION) });
    const accepted = burst.statuses['201'] ?? 0;
    const answered = Object.values(burst.statuses).reduce((a, b) => a + b, 0);
    const after = await settledViewCounts(db, { views: before.views + accepted, logs: before.logs + accepted });
    const result = {
      burst,
      accepted,
      otherAnswers: answered - accepted,
      viewsAdded: after.views - before.views,
      logsAdded: after.logs - before.logs,
    };
    log(
      `${VIEW_BURST.name} ${describe('app', burst)}  ${((burst.statuses['201'] ?? 0) / burst.seconds).toFixed(0)} accepted views/s; ` +
        `${result.accepted} accepted, ${result.otherAnswers} other answers, totalViews +${result.viewsAdded}, ViewLog +${result.logsAdded}`,
    );
    return result;
  } finally {
    await db.end();
    await stopChild(app.child);
  }
}

/** A bearer token of an editor (made once), for the reports and the newsletter; or of an admin. */
async function editorToken(db: pg.Client, base: string, role: 'editor' | 'admin' = 'editor'): Promise<string> {
  const email = `bench-${role}@bench.local`;
  await db.query(
    `INSERT INTO "User" (id, name, email, "passwordHash", role, "emailVerifiedAt", "updatedAt")
     VALUES (gen_random_uuid(), $4, $1, $2, $3::"Role", now(), now()) ON CONFLICT (email) DO NOTHING`,
    [email, await bcrypt.hash(`Bench#2026-${role}`, 10), role, `Bench ${role}`],
  );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `Bench#2026-${role}` }),
  });
  return ((await login.json()) as { token: string }).token;
}

async function newsletters(databaseUrl: string): Promise<NewsletterRun | undefined> {
  if (!selected(NEWSLETTER_BENCH.name)) return undefined;
  const app = await startChild('app-server.ts', appEnv(databaseUrl, 'memory'));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await newsletterPart({
      databaseUrl,
      root: ROOT,
      base: app.base,
      token: await editorToken(db, app.base),
      adminToken: await editorToken(db, app.base, 'admin'),
      log,
    });
  } finally {
    await db.end();
    await stopChild(app.child);
  }
}

/** A random v4 UUID's text, for a page id. */
const pageId = () => crypto.randomUUID();

async function readingPart(databaseUrl: string, seeded: Seeded): Promise<ReadingRuns | undefined> {
  if (!selected(READING.name)) return undefined;
  const app = await startChild('app-server.ts', { ...appEnv(databaseUrl, 'memory'), READ_BEACONS_PER_MINUTE: '1000000000' });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const count = async () => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "ReadEvent"`)).rows[0]!.n);
  try {
    let sent = 0;
    const next = () => {
      const n = sent++;
      const event = {
        article: seeded.articles[n % seeded.articles.length]!,
        page: pageId(),
        elapsed: 90_000,
        engaged: 40,
        depth: 75,
        referrer: 'search',
      };
      return {
        body: JSON.stringify({ events: [event] }),
        headers: { 'content-type': 'application/json', 'user-agent': READING.userAgent, 'x-forwarded-for': readerAddress(n) },
      };
    };
    const request = (): Request => ({ method: 'POST', path: '/api/view/read', ...next(), setupRequest: (req) => ({ ...req, ...next() }) });
    const warm = await load(app, request(), { duration: WARMUP });
    const before = await count();
    const burst = await load(app, request(), { amount: Math.max(CONNECTIONS, warm.bestSecond * DURATION) });
    const accepted = burst.statuses['204'] ?? 0;
    const eventsAdded = (await count()) - before;
    log(
      `${READING.name} ${describe('app', burst)}  ${(accepted / burst.seconds).toFixed(0)} events/s; ${accepted} accepted, ReadEvent +${eventsAdded}`,
    );

    // The reports over READING.events events: generated in the database, spread over 90 days and every article.
    const t0 = Date.now();
    await db.query(`SET statement_timeout = 0`);
    await db.query(
      `INSERT INTO "ReadEvent" ("articleId", "pageId", "at", "visitor", "depth", "engaged", "referrer", "device")
       SELECT a.ids[1 + (g % a.n)], gen_random_uuid(), now() - (g % (90 * 86400)) * interval '1 second', (g % 2000003)::bigint,
              (ARRAY[0, 25, 50, 75, 100])[1 + (g % 5)], (g * 7) % 900, g % 6, g % 3
       FROM generate_series(1, $1::int) AS g,
            (SELECT array_agg(id) AS ids, count(*)::int AS n FROM "Article" WHERE status = 'published') AS a`,
      [READING.events],
    );
    await db.query(`VACUUM ANALYZE "ReadEvent"`);
    const generateSeconds = (Date.now() - t0) / 1000;
    log(`generated ${READING.events.toLocaleString('en')} reading events in ${generateSeconds.toFixed(0)} s`);

    // An editor, to ask for the reports.
    const auth = { authorization: `Bearer ${await editorToken(db, app.base)}` };
    // The first report starts the roll-up of every day (and answers after a few seconds at most): wait for it to end.
    const t1 = Date.now();
    const first = await fetch(`${app.base}/api/reports/site`, { headers: auth });
    if (!first.ok) throw new Error(`the first report answered ${first.status}`);
    const rolled = async () =>
      (await db.query<{ done: boolean }>(`SELECT "seenId" >= (SELECT max(id) FROM "ReadEvent") AS done FROM "ReadRollup"`)).rows[0]!.done;
    while (!(await rolled())) await new Promise((resolve) => setTimeout(resolve, 200));
    const rollupSeconds = (Date.now() - t1) / 1000;
    log(`rolled up in ${rollupSeconds.toFixed(1)} s`);

    const from90 = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      ['site, 30 days', '/api/reports/site'],
      ['site, 90 days', `/api/reports/site?from=${from90}`],
      ['articles, 30 days, by views', '/api/reports/articles'],
      ['articles, 90 days, by completion', `/api/reports/articles?from=${from90}&sort=completion`],
      ['articles, 90 days, title search', `/api/reports/articles?from=${from90}&q=council`],
      ['one article, 90 days', `/api/reports/articles/${seeded.articles[0]}?from=${from90}`],
    ] as const;
    const reports: ReadingRuns['reports'] = [];
    for (const [label, path] of cases) {
      const figures = await load(app, { method: 'GET', path, headers: auth }, { duration: DURATION }, 1);
      log(`${READING.reports} ${label}: ${describe('app', figures)}`);
      reports.push({ label, figures });
    }
    return { burst, accepted, eventsAdded, generated: READING.events, generateSeconds, rollupSeconds, reports };
  } finally {
    await db.end();
    await stopChild(app.child);
  }
}

function readingReport(r: ReadingRuns): string[] {
  const perSecond = r.accepted / r.burst.seconds;
  const ingestMet = perSecond >= AIMS.reading.perSecond && r.eventsAdded === r.accepted && !r.burst.errors;
  return [
    '',
    `**Reading events** (issue 29): a burst of \`${READING.name}\`, one event a beacon, each from a reader of its own, rotating over every article:`,
    '',
    `| accepted events/s | p50 ms | p99 ms | CPU ms/event | 204 answers | ReadEvent rows added | aim met (≥ ${AIMS.reading.perSecond.toLocaleString('en')}/s, exact) |`,
    '|---:|---:|---:|---:|---:|---:|---|',
    `| ${perSecond.toFixed(0)} | ${ms(r.burst.p50)} | ${ms(r.burst.p99)} | ${cpu(r.burst.cpuMs)} | ${r.accepted} | ${r.eventsAdded} | ${ingestMet ? 'yes' : 'no'} |`,
    '',
    `**Reports over ${r.generated.toLocaleString('en')} reading events** (generated over 90 days and every article in ${r.generateSeconds.toFixed(0)} s; ` +
      `the first report rolled them all up in ${r.rollupSeconds.toFixed(1)} s), one editor's calls one after another (1 connection):`,
    '',
    `| report | req/s | p50 ms | p99 ms | CPU ms/req | errors, non-2xx | aim met (p99 < ${AIMS.reading.reportP99Ms} ms) |`,
    '|---|---:|---:|---:|---:|---|---|',
    ...r.reports.map(
      ({ label, figures: f }) =>
        `| ${label} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${cpu(f.cpuMs)} | ${f.errors}, ${f.non2xx} | ${f.p99 < AIMS.reading.reportP99Ms && !f.errors && !f.non2xx ? 'yes' : 'no'} |`,
    ),
  ];
}

const ms = (n: number) => n.toFixed(0);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const cpu = (n: number) => n.toFixed(2);
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;

const judged = (missed: (string | false)[]) => (missed.some(Boolean) ? `no (${missed.filter(Boolean).join(', ')})` : 'yes');

/** "yes", or what was missed. */
/**
 * Search, uncached (`RESPONSE_CACHE=off`: each request ranks the matches itself), at SEARCH.connections connections,
 * rotating over queries of four kinds, from the common to the worst; first a check that a phrase from deep in a body
 * finds that article first.
 */
async function searchPart(databaseUrl: string, seeded: Seeded): Promise<SearchRuns | undefined> {
  if (!selected(SEARCH.name)) return undefined;
  const app = await startChild('app-server.ts', { ...appEnv(databaseUrl, 'off'), SEARCHES_PER_MINUTE: '1000000000' });
  const numbers = [...seeded.numbered.keys()];
  const sample = numbers.filter((_, i) => i % Math.ceil(numbers.length / 50) === 0);
  let first = 0;
  for (const n of sample) {
    const res = await fetch(`${app.base}/api/search?${new URLSearchParams({ q: `"${deepPhrase(n)}"` })}`);
    const body = (await res.json()) as { data: { id: string }[] };
    if (res.status === 200 && body.data[0]?.id === seeded.numbered.get(n)) first += 1;
  }
  log(`${SEARCH.name}: ${first} of ${sample.length} phrases from deep in a body found their article first`);
  const read: Read = { name: SEARCH.name, path: (q) => `/api/search?${new URLSearchParams({ q })}`, rotate: 'none' };
  const cases = [
    { label: 'a word of 200 titles (`harbour`…)', queries: [...SEARCH_WORDS] },
    { label: 'a phrase from deep in one body', queries: numbers.map((n) => `"${deepPhrase(n)}"`) },
    { label: 'a title word and a word of every body', queries: SEARCH_WORDS.map((w) => `${w} benchmark`) },
    { label: 'a word of every article: 10,000 matches ranked (`benchmark`…)', queries: ['benchmark', 'ledger', 'report', 'signed'] },
  ];
  const runs: SearchRuns['cases'] = [];
  for (const { label, queries } of cases) {
    await load(app, rotating(read, queries, {}), { duration: WARMUP }, SEARCH.connections);
    const rounds: Round[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const round = await load(app, rotating(read, queries, {}), { duration: DURATION }, SEARCH.connections);
      rounds.push(round);
      log(`${`${SEARCH.name}: ${label}`.slice(0, 70).padEnd(70)} round ${i} ${describe('app', round)}`);
    }
    runs.push({ label, figures: combine(rounds) });
  }
  await stopChild(app.child);
  return { cases: runs, deep: { asked: sample.length, first } };
}

function searchReport({ cases, deep }: SearchRuns): string[] {
  return [
    '',
    `**Search** (\`${SEARCH.name}\`, \`RESPONSE_CACHE=off\`: every request ranks its matches; ${SEARCH.connections} connections), ` +
      `rotating over queries of each kind. A phrase from deep in a body found its article first ${deep.first} times of ${deep.asked}.`,
    '',
    `| query | req/s | p50 ms | p99 ms | CPU ms/req | errors, non-2xx | aim met (p99 < ${SEARCH.p99Ms} ms) |`,
    '|---|---:|---:|---:|---:|---:|---|',
    ...cases.map(
      ({ label, figures: f }) =>
        `| ${label} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${cpu(f.cpuMs)} | ${f.errors}, ${f.non2xx} | ${f.p99 < SEARCH.p99Ms && !f.errors && !f.non2xx ? 'yes' : 'no'} |`,
    ),
  ];
}

function verdict({ app, bare }: Comparison, ratio: number, p99Ms: number | undefined): string {
  if (app.errors || app.non2xx) return 'no (errors)';
  return judged([app.rps / bare.rps < ratio && 'ratio', p99Ms !== undefined && app.p99 >= p99Ms && 'p99']);
}

function comparisonTable(comparisons: Comparison[], bareName: string, aim: string, verdictOf: (c: Comparison) => string): string[] {
  return [
    `| read | app req/s | app p50 ms | app p99 ms | app CPU ms/req | ${bareName} req/s | p50 ms | p99 ms | CPU ms/req | app / ${bareName} | aim met (${aim}) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...comparisons.map((c) => {
      const { app, bare } = c;
      return (
        `| \`${c.read.name}\` | ${app.rps.toFixed(0)} | ${ms(app.p50)} | ${ms(app.p99)} | ${cpu(app.cpuMs)} | ` +
        `${bare.rps.toFixed(0)} | ${ms(bare.p50)} | ${ms(bare.p99)} | ${cpu(bare.cpuMs)} | ${pct(app.rps / bare.rps)} | ${verdictOf(c)} |`
      );
    }),
  ];
}

function statementsSummary(groups: StatementGroups): string {
  const count = groups.reduce((n, g) => n + g.length, 0);
  return `${count} statement${count === 1 ? '' : 's'} in ${groups.length} round trip${groups.length === 1 ? '' : 's'}`;
}

function coldReport({ comparison, floors, held }: ColdPages): string[] {
  const { perSecond, p99Ms, pagesHeld } = AIMS.cold;
  const { app } = comparison;
  const fewest = held.reduce((a, b) => (b.pages < a.pages ? b : a));
  return [
    '',
    `**Cold pages** (\`RESPONSE_CACHE=memory\`): each of the ${BENCH_SIZES.articles.toLocaleString('en')} published article pages asked once ` +
      `of a freshly started app (a new process each round, nothing cached), against the bare server sending recorded article pages:`,
    '',
    ...comparisonTable([comparison, ...floors], 'bare', `≥ ${perSecond} pages/s, p99 < ${p99Ms} ms`, (c) =>
      c !== comparison
        ? 'a floor, not a page'
        : app.errors || app.non2xx
          ? 'no (errors)'
          : judged([app.rps < perSecond && 'rate', app.p99 >= p99Ms && 'p99']),
    ),
    '',
    'The floors are the same pass of an app whose renderer answers every article page with the first it rendered ' +
      "(tests/bench/fixed-renderer.ts): after the page's reads, or after nothing, so that what is left is the rest of a " +
      'cold page: Express, the response cache, compression and the socket. A render or reads that cost nothing would ' +
      'bring the pass no further than its floor.',
    '',
    `The default ${mb(fewest.budget)} response cache held ${fewest.pages.toLocaleString('en')} article pages after the cold pass ` +
      `(aim ≥ ${pagesHeld.toLocaleString('en')}: ${fewest.pages >= pagesHeld ? 'yes' : 'no'}): ${fewest.entries.toLocaleString('en')} entries in all, ` +
      `${mb(fewest.bytes)}, ${(fewest.bytes / Math.max(1, fewest.entries) / 1024).toFixed(1)} KB an entry` +
      (held.length > 1 ? ` (the fewer of the ${held.length} rounds).` : '.'),
  ];
}

function report(results: {
  uncached: Comparison[];
  plans: Record<string, StatementGroups>;
  cached: Comparison[];
  cold: ColdPages | undefined;
  views: ViewBurst | undefined;
  search: SearchRuns | undefined;
  reading: ReadingRuns | undefined;
  newsletters: NewsletterRun | undefined;
  pgVersion: string;
}): string {
  const { uncached, plans, cached, cold, views, search, reading } = results;
  const loads = [...cached, ...uncached, ...(cold ? [cold.comparison, ...cold.floors] : [])]
    .flatMap((c) => [...c.app.loads, ...c.bare.loads])
    .concat(views ? [views.burst.load] : [])
    .concat(reading ? [reading.burst.load, ...reading.reports.map((r) => r.figures.load)] : [])
    .concat(search ? search.cases.flatMap((c) => c.figures.loads) : []);
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.availableParallelism()} CPU (\`nproc\`), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${results.pgVersion}, ${os.type()} ${os.release()}. ` +
      `${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION} s per server and read, interleaved, after a ${WARMUP} s warm-up each; ` +
      `cached and cold reads sent ${ACCEPT_ENCODING ? `\`Accept-Encoding: ${ACCEPT_ENCODING}\`` : 'no `Accept-Encoding`'}; ` +
      `load generator, servers and PostgreSQL on the same machine. ` +
      (loads.length
        ? `1-minute load average before the measurements: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}.`
        : ''),
  ];
  if (cached.length)
    lines.push(
      '',
      '**Cached** (`RESPONSE_CACHE=memory`), against a bare `node:http` server sending the same bytes:',
      '',
      ...comparisonTable(cached, 'bare', `≥ ${pct(AIMS.cached.ratio)}, p99 < ${AIMS.cached.p99Ms} ms`, (c) =>
        verdict(c, AIMS.cached.ratio, AIMS.cached.p99Ms),
      ),
    );
  if (uncached.length)
    lines.push(
      '',
      '**Uncached** (`RESPONSE_CACHE=off`), against a bare `node:http` server running the same SQL:',
      '',
      ...comparisonTable(uncached, 'bare SQL', `≥ ${pct(AIMS.uncached.ratio)}; the published list also p99 < 100 ms`, (c) =>
        verdict(c, AIMS.uncached.ratio, c.read.uncachedP99Ms),
      ),
    );
  if (cold) lines.push(...coldReport(cold));
  if (search) lines.push(...searchReport(search));
  if (views) {
    const perSecond = (views.burst.statuses['201'] ?? 0) / views.burst.seconds;
    const exact = views.viewsAdded === views.accepted && views.logsAdded === views.accepted;
    const met = perSecond >= AIMS.views.perSecond && exact && !views.burst.errors;
    lines.push(
      '',
      `**View logging**: a burst of \`${VIEW_BURST.name}\` (\`RESPONSE_CACHE=memory\`), each from a reader of its own, rotating over every article:`,
      '',
      `| accepted views/s | p50 ms | p99 ms | CPU ms/view | 201 answers | other answers | totalViews added | ViewLog rows added | aim met (≥ ${AIMS.views.perSecond.toLocaleString('en')}/s, exact counts) |`,
      '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      `| ${perSecond.toFixed(0)} | ${ms(views.burst.p50)} | ${ms(views.burst.p99)} | ${cpu(views.burst.cpuMs)} | ${views.accepted} | ${views.otherAnswers} | ` +
        `${views.viewsAdded} | ${views.logsAdded} | ${met ? 'yes' : `no (${[perSecond < AIMS.views.perSecond ? 'rate' : '', exact ? '' : 'counts', views.burst.errors ? 'errors' : ''].filter(Boolean).join(', ')})`} |`,
      '',
      'The burst is a number of views (sized by a warm-up to last about the round length) rather than a duration, so that every view ' +
        'sent is answered; the counts are read once they stop moving.',
    );
  }
  if (reading) lines.push(...readingReport(reading));
  if (results.newsletters) lines.push(...newsletterReport(results.newsletters));
  const errors = [
    ...cached.map((c) => ['cache=memory', c] as const),
    ...uncached.map((c) => ['cache=off', c] as const),
    ...(cold ? [cold.comparison, ...cold.floors].map((c) => ['cold', c] as const) : []),
  ].flatMap(([mode, c]) =>
    // A floor's bare rounds are the cold pages' own, reported with them.
    (cold?.floors.includes(c) ? (['app'] as const) : (['app', 'bare'] as const)).flatMap((who) => {
      const f = c[who];
      return f.errors || f.non2xx ? [`- ${mode} ${who} \`${c.read.name}\`: ${f.errors} errors/timeouts, ${f.non2xx} non-2xx answers`] : [];
    }),
  );
  lines.push(
    ...(errors.length ? ['', 'Errors during the runs:', '', ...errors] : []),
    '',
    `Seed: ${BENCH_SIZES.articles.toLocaleString('en')} published articles (+${BENCH_SIZES.drafts} drafts), media on each, a main story and three featured, ` +
      `threads of 32 comments on the ${BENCH_SIZES.commentedArticles.toLocaleString('en')} newest, ${BENCH_SIZES.viewLogs.toLocaleString('en')} view logs. ` +
      `Cached reads rotate over the ${BENCH_SIZES.hotArticles} newest articles, the ${BENCH_SIZES.categories} categories and the ${BENCH_SIZES.authors} authors; ` +
      'uncached reads over every article (comments: every commented one).',
  );
  if (uncached.length)
    lines.push(
      '',
      'SQL per uncached request, as captured from the app (and replayed by the bare-SQL server):',
      '',
      ...uncached.map((c) => `- \`${c.read.name}\`: ${statementsSummary(plans[c.read.name]!)}`),
      '',
      '<details><summary>The captured SQL</summary>',
      '',
      ...uncached.flatMap((c) => [
        `${c.read.name} (statements of one round trip are run side by side):`,
        '',
        '```sql',
        ...plans[c.read.name]!.map(
          (group, i) => `-- round trip ${i + 1}\n${group.map((st) => st.text.trim().replace(/\n\s+/g, '\n  ')).join(';\n')};`,
        ),
        '```',
        '',
      ]),
      '</details>',
    );
  return lines.join('\n');
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

function writeReport(results: string) {
  const block = `${START}\n${results}\n${END}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
  const next =
    current.includes(START) && current.includes(END)
      ? current.slice(0, current.indexOf(START)) + block + current.slice(current.indexOf(END) + END.length)
      : `# Benchmark\n\nWritten by \`npm run bench\` (tests/bench/run.ts).\n\n${block}\n`;
  writeFileSync(REPORT, next);
}

async function main() {
  const started = Date.now();
  const labels = [
    ...READS.flatMap((read) => [labelOf('memory', read), ...(read.sqlPattern ? [labelOf('off', read)] : [])]),
    COLD_PAGES.name,
    SEARCH.name,
    VIEW_BURST.name,
    READING.name,
    NEWSLETTER_BENCH.name,
  ];
  if (!labels.some(selected)) throw new Error(`BENCH_ONLY matches none of: ${labels.join('; ')}`);
  buildIfNeeded();
  log(`starting PostgreSQL${process.env.BENCH_DATABASE_URL ? ' (BENCH_DATABASE_URL)' : ' (embedded)'}`);
  const database = await openDatabase();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-'));
  try {
    await applyMigrations(database.url);
    log('seeding');
    const t0 = Date.now();
    const seeded = await seedBenchData(database.url);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const pgVersion = await serverVersion(database.url);

    const { plans, comparisons: uncached } = await uncachedPart(database.url, seeded, tmp);
    const cached = await cachedPart(database.url, seeded, tmp);
    const cold = await coldPart(database.url, seeded, tmp);
    const search = await searchPart(database.url, seeded);
    // Last: its writes would change what the reads show.
    const views = await viewPart(database.url, seeded);
    const reading = await readingPart(database.url, seeded);
    const newsletterRun = await newsletters(database.url);

    const results = report({ uncached, plans, cached, cold, views, search, reading, newsletters: newsletterRun, pgVersion });
    if (ONLY) console.log(results);
    else {
      writeReport(results);
      log(`wrote ${path.relative(process.cwd(), REPORT)}`);
    }
    log(`done in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    for (const child of children) await stopChild(child);
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => stopRunner('npm run bench', err));

/**
 * `npm run lighthouse`: builds what is stale, starts the built app on a fresh embedded database with demo
 * content (as `npm start` would), runs Lighthouse with the system Chromium on the home page, an article, a category
 * page and an author page (mobile, then desktop), and writes the scores to docs/lighthouse.md: the median of the runs
 * per page and form factor, every run's performance and Total Blocking Time, and whether each mobile page meets the
 * aim (performance >= 95 in each of 3 runs and 100 in their median, TBT under 150 ms in every run). Each page is
 * visited once first, and measured once the machine is quiet (the app's start-up work done).
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 3997), LIGHTHOUSE_RUNS
 * (runs per page and form factor; default 3, what the aim counts), LIGHTHOUSE_ONLY (page names, comma-separated:
 * home, article, category, author, page; measures only those and prints the report instead of writing docs/lighthouse.md,
 * which always holds every page).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { paths } from '#client/config/paths';
import type { ArticleListItem } from '#shared/types';
import { stopRunner } from '../helpers/runner';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3997);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGE_NAMES = ['home', 'article', 'category', 'author', 'page', 'newsletters'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const ONLY = process.env.LIGHTHOUSE_ONLY ? process.env.LIGHTHOUSE_ONLY.split(',').map((name) => name.trim()) : undefined;
/** The aim for mobile pages: each run's performance, their median, and each run's Total Blocking Time. */
const AIM = { runs: 3, runPerformance: 95, medianPerformance: 100, tbtBelowMs: 150 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
].join(' ');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

interface Row {
  page: PageName;
  formFactor: 'mobile' | 'desktop';
  /** The medians of the runs. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Each run's performance score and Total Blocking Time (ms, rounded), in the order they ran. */
  runs: { performance: number[]; tbt: number[] };
}

/** The settings, checked before anything starts: a typo measures nothing rather than the wrong thing. */
function checkSettings(): PageName[] {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS=${process.env.LIGHTHOUSE_RUNS} is not a number of runs`);
  if (!ONLY) return [...PAGE_NAMES];
  const unknown = ONLY.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_ONLY=${process.env.LIGHTHOUSE_ONLY} names no page of ${PAGE_NAMES.join(', ')}`);
  return ONLY as PageName[];
}

const REPORT = path.join(ROOT, 'docs/lighthouse.md');
/** What follows this marker in docs/lighthouse.md is written by people (earlier figures, readings) and kept by each run. */
const NOTES_MARKER = '<!-- lighthouse:notes -->';

function keptNotes(): string {
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
  const at = current.indexOf(NOTES_MARKER);
  return at === -1 ? '' : `\n${current.slice(at)}`;
}

function buildIfNeeded() {
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed');
}

async function startApp(dataDir: string): Promise<{ server: ChildProcess; stop: () => Promise<void> }> {
  const server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATABASE_URL: process.env.LIGHTHOUSE_DATABASE_URL ?? '',
      DATA_DIR: path.join(dataDir, 'data'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      SMTP_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null) throw new Error('The app exited during start-up (see its output above)');
    if (Date.now() > deadline) throw new Error('The app did not become ready within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    server,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

function lighthouse(url: string, formFactor: 'mobile' | 'desktop', outFile: string): Report {
  const args = [
    url,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--output=json',
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // A loaded machine now and then loses the trace (NO_NAVSTART): one more try before giving up.
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/lighthouse'), args, {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROME },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status === 0) break;
    if (attempt === 2) throw new Error(`Lighthouse failed on ${url} (${formFactor})`);
  }
  return JSON.parse(readFileSync(outFile, 'utf8')) as Report;
}

/**
 * One GET, retried once: a kept-alive socket the server has just closed fails the first try. A page that does not
 * answer 200 stops the run: Lighthouse would score the error page.
 */
async function warm(url: string) {
  let res: Response;
  try {
    res = await fetch(url);
    await res.arrayBuffer();
  } catch {
    res = await fetch(url, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
  }
  if (!res.ok) throw new Error(`${url} answered ${res.status}: no page to measure`);
}

/** The machine's CPU time so far, busy and in all, from /proc/stat (Linux), in clock ticks. */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - fields[3]! - (fields[4] ?? 0), total };
}

/**
 * Waits until the machine is quiet: the app's start-up work (the image variants it makes for the demo content, with
 * sharp on every core) would otherwise count in the first runs' blocking time. Quiet: under 10 % of the CPU busy for
 * 3 seconds in a row. Fails after 3 minutes rather than measure a busy machine.
 */
async function settle(): Promise<void> {
  const deadline = Date.now() + 180_000;
  let quiet = 0;
  let last = cpuTicks();
  while (quiet < 3) {
    if (Date.now() > deadline) throw new Error('The machine did not quieten within 3 minutes: nothing measured');
    await new Promise((r) => setTimeout(r, 1_000));
    const now = cpuTicks();
    const busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    quiet = busy < 0.1 ? quiet + 1 : 0;
    last = now;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function toRow(page: PageName, formFactor: Row['formFactor'], reports: Report[]): Row {
  const scores = (c: (typeof CATEGORIES)[number]) => reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100));
  const score = (c: (typeof CATEGORIES)[number]) => median(scores(c));
  const metric = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? NaN));
  return {
    page,
    formFactor,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    runs: {
      performance: scores('performance'),
      tbt: reports.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN)),
    },
  };
}

/** Whether a mobile row meets AIM, and if not, why. TBT is compared as the report shows it, rounded. */
function aimVerdict(row: Row): string {
  const { performance, tbt } = row.runs;
  if (performance.length < AIM.runs) return `not judged (${performance.length} run(s); the aim counts ${AIM.runs})`;
  const worst = Math.min(...performance);
  const misses = [
    ...(worst < AIM.runPerformance ? [`a run's performance ${worst}`] : []),
    ...(row.scores.performance < AIM.medianPerformance ? [`median performance ${row.scores.performance}`] : []),
    ...(tbt.some((ms) => !(ms < AIM.tbtBelowMs)) ? [`a run's TBT ${Math.max(...tbt)} ms`] : []),
  ];
  return misses.length === 0 ? '**met**' : `**not met** (${misses.join(', ')})`;
}

/** The JavaScript the reader's first page load downloads: the entry and its static imports, gzipped. */
function initialJavaScript(): { files: string[]; gzipBytes: number; brotliBytes: number } {
  const dist = path.join(ROOT, 'client/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const read = (f: string) => readFileSync(path.join(dist, f));
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(read(f)).length, 0);
  // What the server sends browsers that accept it (compression's default brotli quality).
  const brotliBytes = files.reduce((sum, f) => sum + brotliCompressSync(read(f), { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length, 0);
  return { files, gzipBytes, brotliBytes };
}

function markdown(
  rows: Row[],
  js: ReturnType<typeof initialJavaScript>,
  measured: { articlePath: string; authorPath: string },
  load: number[],
): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mobile = rows.filter((r) => r.formFactor === 'mobile');
  const lines = [
    '# Lighthouse',
    '',
    `Written by \`npm run lighthouse\` (tests/lighthouse/run.ts) on ${new Date().toISOString().slice(0, 10)}: Lighthouse against the built app`,
    'served by `server/dist/main.js` on a fresh embedded database with the demo content, headless system Chromium,',
    `${RUNS} run(s) per page and form factor: the median of the runs, and each run's performance and TBT in the order they ran.`,
    "Mobile is Lighthouse's default emulation (Moto G power, slow 4G throttling, 4x CPU slowdown); desktop is its",
    `\`desktop\` preset. The article page is the newest published article (\`${measured.articlePath}\`), the category page`,
    `that article's category, the author page that article's author (\`${measured.authorPath}\`). Machine: ${os.cpus().length} CPU(s), load average ${load.map((l) => l.toFixed(1)).join(' / ')} during the runs`,
    '(1-minute figures at start and end); Lighthouse scales the CPU time it observes, so a busy machine lowers the',
    'performance scores (mostly Total Blocking Time).',
    '',
    '| page | form factor | performance | performance (runs) | accessibility | best practices | SEO | FCP | LCP | TBT | TBT (runs) | CLS | Speed Index |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.formFactor} | ${r.scores.performance} | ${r.runs.performance.join(' / ')} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${s(r.metrics.fcp)} | ${s(r.metrics.lcp)} | ${Math.round(r.metrics.tbt)} ms | ${r.runs.tbt.join(' / ')} ms | ${r.metrics.cls.toFixed(3)} | ${s(r.metrics.si)} |`,
    ),
    '',
    `Aim for mobile (performance ≥ ${AIM.runPerformance} in each of ${AIM.runs} runs and ${AIM.medianPerformance} in their median, TBT under ${AIM.tbtBelowMs} ms in every run): ${mobile.map((r) => `${r.page} ${aimVerdict(r)}`).join('; ')}.`,
    '',
    `Initial JavaScript of a reader page: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped (budget 110 KB, scripts/bundle-report.mjs), ${(js.brotliBytes / 1024).toFixed(1)} KB as the server sends it with brotli, in ${js.files.length} file(s): ${js.files.map((f) => `\`${path.basename(f)}\``).join(', ')}.`,
    'The dashboard, the auth pages and the comments section are separate chunks loaded on demand; readers never download the dashboard.',
    '',
  ];
  return lines.join('\n');
}

async function main() {
  // Preconditions first: a machine without them fails at once and says why.
  const measure = checkSettings();
  if (!existsSync(CHROME)) throw new Error(`Chromium is not at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  buildIfNeeded();
  // Like the e2e set-up: a fresh data folder in the project (the embedded PostgreSQL needs to reach it).
  const dataDir = path.join(ROOT, 'test-results/lighthouse-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const outDir = path.join(ROOT, 'test-results/lighthouse');
  mkdirSync(outDir, { recursive: true });
  const app = await startApp(dataDir);
  try {
    const res = await fetch(`${BASE}/api/articles/published?limit=1`);
    if (!res.ok) throw new Error(`GET /api/articles/published answered ${res.status}`);
    const newest = ((await res.json()) as { data: ArticleListItem[] }).data[0];
    if (!newest) throw new Error('No published article to measure');
    if (!newest.author.slug) throw new Error(`The newest article's author has no slug: no author page to measure`);
    const measured = { articlePath: paths.article(newest.id), authorPath: paths.author(newest.author.slug) };
    const pagePaths: Record<PageName, string> = {
      home: paths.home,
      article: measured.articlePath,
      category: paths.category(newest.category.slug),
      author: measured.authorPath,
      // A static page: a fresh install's Privacy page (docs/decisions/057-pages-and-navigation.md).
      page: paths.page('privacy'),
      // The newsletters' sign-up page (docs/decisions/069-newsletters.md).
      newsletters: '/newsletters',
    };
    const pages = measure.map((name) => ({ name, path: pagePaths[name] }));
    const rows: Row[] = [];
    const loadAtStart = os.loadavg()[0]!;
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const p of pages) {
        // A first visit warms the server's caches (and the database's) so the runs measure the page.
        await warm(`${BASE}${p.path}`);
        await settle();
        const reports: Report[] = [];
        for (let i = 0; i < RUNS; i++)
          reports.push(lighthouse(`${BASE}${p.path}`, formFactor, path.join(outDir, `${p.name}-${formFactor}-${i}.json`)));
        const row = toRow(p.name, formFactor, reports);
        console.log(
          `${p.name} (${formFactor}): ${CATEGORIES.map((c) => `${c} ${row.scores[c]}`).join(', ')}; runs: performance ${row.runs.performance.join(' / ')}, TBT ${row.runs.tbt.join(' / ')} ms`,
        );
        rows.push(row);
      }
    }
    const report = markdown(rows, initialJavaScript(), measured, [loadAtStart, os.loadavg()[0]!]);
    if (ONLY) {
      console.log(`LIGHTHOUSE_ONLY=${ONLY.join(',')}: docs/lighthouse.md holds every page and is left as it was.\n\n${report}`);
    } else {
      writeFileSync(REPORT, report + keptNotes());
      console.log('Wrote docs/lighthouse.md');
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => stopRunner('npm run lighthouse', err));

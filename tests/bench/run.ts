/**
 * `npm run bench`: the API benchmark (docs/benchmarks.md).
 *
 * A PostgreSQL (embedded in a temporary folder, or a fresh database on BENCH_DATABASE_URL) is migrated and
 * seeded with 10,000 published articles; the real app runs in a child process (app-server.ts) and autocannon
 * drives each scenario of scenarios.ts from this process. Then a bare node:http server (baseline.ts) replays
 * the SQL the app sent for each request through `pg`: the ceiling of this stack. The table of both, with
 * the machine it ran on, is written between the markers of docs/benchmarks.md.
 *
 * BENCH_DURATION (seconds per measurement, default 20), BENCH_CONNECTIONS (default 50), BENCH_ONLY (run only the
 * scenarios whose name contains it, and print instead of writing the report), BENCH_PROFILE (a folder: the app
 * process writes a V8 CPU profile there).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded';
import { applyMigrations } from '../../server/src/db/migrate';
import { BENCH_SIZES, seedBenchData } from './seed';
import { SCENARIOS, type ChildMessage, type ParentMessage, type Scenario, type StatementGroups } from './scenarios';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPORT = path.resolve(HERE, '../../docs/benchmarks.md');
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Math.min(3, DURATION);
const AIM = { ratio: 0.5, p99Ms: 50 };
const ONLY = process.env.BENCH_ONLY;
const RUN = ONLY ? SCENARIOS.filter((s) => s.name.includes(ONLY)) : SCENARIOS;

interface Figures {
  rps: number;
  /** CPU time of the server process per answered request (user + system), in milliseconds. */
  cpuMs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  load: number;
}

const log = (line: string) => console.log(`[bench] ${line}`);

async function openDatabase(): Promise<{ url: string; close: () => Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const name = `chronicle_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      close: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-pg-'));
  // The embedded server runs as the `postgres` system user when we are root: it must reach the folder.
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), 'chronicle_bench');
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const db = embedded;
  return {
    url: db.url,
    close: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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

function startChild(file: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(HERE, file), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE && file === 'app-server.ts' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code} before it was ready`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve({ child, port: message.port });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
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

/** The SQL the app sends for one request of `scenario`, grouped by what ran side by side. */
async function capture(child: ChildProcess, base: string, scenario: Scenario, id: string): Promise<StatementGroups> {
  const send = (message: ParentMessage) => child.send(message);
  send({ type: 'capture', on: true });
  // A round trip through the child so that recording is on before the request arrives.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const res = await fetch(base + scenario.path(id), {
    method: scenario.method,
    headers: scenario.body ? { 'Content-Type': 'application/json' } : {},
    body: scenario.body,
  });
  await res.arrayBuffer();
  if (res.status !== scenario.status) throw new Error(`${scenario.name} answered ${res.status}, expected ${scenario.status}`);
  const captured = new Promise<StatementGroups>((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'captured') return;
      child.off('message', onMessage);
      resolve(message.groups);
    };
    child.on('message', onMessage);
  });
  send({ type: 'capture', on: false, id });
  return captured;
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(message.micros);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' } satisfies ParentMessage);
  });
}

async function load(child: ChildProcess, base: string, scenario: Scenario, ids: string[], seconds: number): Promise<Figures> {
  let next = 0;
  const pick = () => ids[next++ % ids.length] ?? '';
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = await cpuOf(child);
  const result: Result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: scenario.method,
        path: scenario.path(pick()),
        headers: scenario.body ? { 'content-type': 'application/json' } : {},
        body: scenario.body,
        setupRequest: (req) => ({ ...req, path: scenario.path(pick()) }),
      },
    ],
  });
  const cpuMicros = (await cpuOf(child)) - cpuBefore;
  return {
    rps: result.requests.average,
    cpuMs: cpuMicros / 1000 / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load: loadBefore,
  };
}

function idsFor(scenario: Scenario, seeded: { published: string[]; commented: string[] }): string[] {
  return scenario.ids === 'commented' ? seeded.commented : scenario.ids === 'published' ? seeded.published : [''];
}

async function measure(
  label: string,
  child: ChildProcess,
  base: string,
  seeded: { published: string[]; commented: string[] },
): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  for (const scenario of RUN) {
    const ids = idsFor(scenario, seeded);
    await load(child, base, scenario, ids, WARMUP);
    const f = await load(child, base, scenario, ids, DURATION);
    figures.set(scenario.name, f);
    log(
      `${label.padEnd(8)} ${scenario.name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  cpu ${f.cpuMs.toFixed(2)} ms/req${f.errors || f.non2xx ? `  errors ${f.errors} non-2xx ${f.non2xx}` : ''}`,
    );
  }
  return figures;
}

function statementsSummary(groups: StatementGroups): string {
  const count = groups.reduce((n, g) => n + g.length, 0);
  return `${count} statement${count === 1 ? '' : 's'} in ${groups.length} round trip${groups.length === 1 ? '' : 's'}`;
}

function report(app: Map<string, Figures>, base: Map<string, Figures>, plans: Record<string, StatementGroups>, pgVersion: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const rows = SCENARIOS.map((s) => {
    const a = app.get(s.name)!;
    const b = base.get(s.name)!;
    const ratio = a.rps / b.rps;
    const isRead = s.method === 'GET';
    const met =
      a.errors || a.non2xx
        ? 'errors'
        : isRead
          ? ratio >= AIM.ratio && a.p99 < AIM.p99Ms
            ? 'yes'
            : 'no'
          : a.p99 < AIM.p99Ms
            ? 'yes (p99)'
            : 'no (p99)';
    return `| \`${s.name}\` | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${(ratio * 100).toFixed(0)} % | ${met} |`;
  });
  const sql = SCENARIOS.map((s) => `- \`${s.name}\`: ${statementsSummary(plans[s.name]!)}`);
  const errors = SCENARIOS.flatMap((s) =>
    [
      ['app', app.get(s.name)!],
      ['baseline', base.get(s.name)!],
    ].flatMap(([who, f]) => {
      const fig = f as Figures;
      return fig.errors || fig.non2xx ? [`- ${who} \`${s.name}\`: ${fig.errors} errors/timeouts, ${fig.non2xx} non-2xx answers`] : [];
    }),
  );
  return [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.availableParallelism()} CPU (\`nproc\`), ${cpu}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${pgVersion}, ${os.type()} ${os.release()}. ` +
      `${CONNECTIONS} connections, ${DURATION} s per measurement after a ${WARMUP} s warm-up; load generator, app and PostgreSQL on the same machine. ` +
      `1-minute load average before the runs: ${SCENARIOS.map((s) => app.get(s.name)!.load.toFixed(1)).join(', ')} (app), ` +
      `${SCENARIOS.map((s) => base.get(s.name)!.load.toFixed(1)).join(', ')} (baseline).`,
    '',
    '| endpoint | app req/s | app p50 ms | app p99 ms | baseline req/s | baseline p50 ms | baseline p99 ms | app / baseline | aim met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Seed: ${BENCH_SIZES.articles.toLocaleString('en')} published articles (+${BENCH_SIZES.drafts} drafts), media on each, ` +
      `threads of 32 comments on the ${BENCH_SIZES.commentedArticles.toLocaleString('en')} newest, ${BENCH_SIZES.viewLogs.toLocaleString('en')} view logs. ` +
      'Article and comment requests rotate over the seeded ids.',
    '',
    'SQL per request, as captured from the app (and replayed by the baseline):',
    '',
    ...sql,
    ...(errors.length ? ['', 'Errors during the runs:', '', ...errors] : []),
    '',
    '<details><summary>The captured SQL</summary>',
    '',
    ...SCENARIOS.flatMap((s) => [
      `${s.name} (statements of one round trip are run side by side):`,
      '',
      '```sql',
      ...plans[s.name]!.map(
        (group, i) => `-- round trip ${i + 1}\n${group.map((st) => st.text.trim().replace(/\n\s+/g, '\n  ')).join(';\n')};`,
      ),
      '```',
      '',
    ]),
    '</details>',
  ].join('\n');
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

function writeReport(results: string) {
  const block = `${START}\n${results}\n${END}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
  const next =
    current.includes(START) && current.includes(END)
      ? current.slice(0, current.indexOf(START)) + block + current.slice(current.indexOf(END) + END.length)
      : `# API benchmark\n\nWritten by \`npm run bench\` (tests/bench/run.ts).\n\n${block}\n`;
  writeFileSync(REPORT, next);
}

async function main() {
  log(`starting PostgreSQL${process.env.BENCH_DATABASE_URL ? ' (BENCH_DATABASE_URL)' : ' (embedded)'}`);
  const database = await openDatabase();
  const children: ChildProcess[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-'));
  try {
    await applyMigrations(database.url);
    log('seeding');
    const t0 = Date.now();
    const seeded = await seedBenchData(database.url);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const pgVersion = await serverVersion(database.url);

    const app = await startChild('app-server.ts', { DATABASE_URL: database.url });
    children.push(app.child);
    const appBase = `http://127.0.0.1:${app.port}`;
    const plans: Record<string, StatementGroups> = {};
    for (const scenario of RUN) plans[scenario.name] = await capture(app.child, appBase, scenario, idsFor(scenario, seeded)[0]!);
    const appFigures = await measure('app', app.child, appBase, seeded);
    await stopChild(app.child);

    const planFile = path.join(tmp, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plans));
    const baseline = await startChild('baseline.ts', { DATABASE_URL: database.url, BENCH_PLAN: planFile });
    children.push(baseline.child);
    const baselineFigures = await measure('baseline', baseline.child, `http://127.0.0.1:${baseline.port}`, seeded);
    await stopChild(baseline.child);

    if (ONLY) console.log(JSON.stringify(plans, null, 2));
    else {
      writeReport(report(appFigures, baselineFigures, plans, `PostgreSQL ${pgVersion}`));
      log(`wrote ${path.relative(process.cwd(), REPORT)}`);
    }
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

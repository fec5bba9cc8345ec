/**
 * The newsletter part of `npm run bench` (docs/decisions/069-newsletters.md): an issue to 100,000 subscribers, sent by
 * the real worker process (`server/dist/main.js worker`, as operators run it) over SMTP to a real SMTP server in this
 * process, at the configured rate.
 *
 * - rendering: an eight-article issue through MJML (once per issue), then each recipient's message: their links
 *   (personalize) and the MIME message nodemailer writes for it;
 * - queueing: from an editor's `POST /api/newsletters/:id/issues` until its 100,000 recipients are listed;
 * - sending: messages the SMTP server took per second over a window, against NEWSLETTER_SEND_RATE, and the worker's
 *   heap after a full collection every 5 s (heap-probe.mjs; flat: the worker holds a batch, never the list) beside its
 *   resident memory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import MailComposer from 'nodemailer/lib/mail-composer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { renderIssue, personalize, type Brand, type IssueContent } from '../../server/src/newsletters/newsletter-mail';

export const NEWSLETTER_BENCH = {
  name: 'newsletter issue',
  subscribers: 100_000,
  rate: Number(process.env.BENCH_NEWSLETTER_RATE ?? 200),
  seconds: Number(process.env.BENCH_NEWSLETTER_SECONDS ?? 60),
  aims: { queuedSeconds: 10, messageMs: 2, rateShare: 0.95, heapGrowthMb: 10 },
};

export interface NewsletterRun {
  importSeconds: number;
  renderMs: number;
  messageMs: number;
  queuedSeconds: number;
  rate: number;
  sent: number;
  sentPerSecond: number;
  duplicates: number;
  rssMb: { first: number; max: number; last: number };
  heapMb: { first: number; max: number; last: number };
}

const BRAND: Brand = {
  name: 'Chronicle News',
  publicUrl: 'https://news.example',
  accentColor: '#b91c1c',
  logoUrl: 'https://news.example/logo.png',
  address: '1 Press Street, Springfield',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The cost of rendering: the issue (MJML, once), then one recipient's message (their links, the MIME text). */
async function renderCost(): Promise<{ renderMs: number; messageMs: number }> {
  const content: IssueContent = {
    newsletterName: 'The daily briefing',
    subject: 'The day in eight stories',
    intro: 'What happened today, and what it means.',
    articles: Array.from({ length: 8 }, (_, i) => ({
      id: `0190f3c2-0000-7000-8000-00000000000${i}`,
      title: `A headline of some length for the story number ${i + 1} of the day`,
      summary: 'Two sentences of summary, as an editor writes them. The second one says why it matters.'.repeat(2),
      category: 'Politics',
      imageUrl: `https://news.example/uploads/story-${i}.jpg`,
    })),
  };
  const renders: number[] = [];
  let issue = { html: '', text: '' };
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    issue = await renderIssue(BRAND, content);
    renders.push(performance.now() - t);
  }
  const messages = 2_000;
  const t = performance.now();
  for (let i = 0; i < messages; i++) {
    const mail = personalize(
      { subject: content.subject, html: issue.html, text: issue.text, fromName: 'The desk' },
      {
        email: `reader${i}@bench.local`,
        preferencesUrl: `https://news.example/newsletters/preferences?token=t${i}`,
        leaveUrl: `https://news.example/newsletters/preferences?token=t${i}&leave=1`,
        unsubscribeUrl: `https://news.example/api/newsletters/unsubscribe?token=t${i}`,
        messageId: `<issue.${i}@news.example>`,
      },
    );
    await new MailComposer({ from: 'no-reply@news.example', ...mail }).compile().build();
  }
  return { renderMs: median(renders.slice(3)), messageMs: (performance.now() - t) / messages };
}

const rssMbOf = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function newsletterPart(options: {
  databaseUrl: string;
  root: string;
  /** The app's base URL (its API), and an editor's bearer token for it. */
  base: string;
  token: string;
  /** An admin's, for the import of the subscribers. */
  adminToken: string;
  log: (line: string) => void;
}): Promise<NewsletterRun> {
  const { databaseUrl, root, base, token, adminToken, log } = options;
  const { renderMs, messageMs } = await renderCost();
  log(`${NEWSLETTER_BENCH.name}: an issue renders in ${renderMs.toFixed(1)} ms, each message in ${messageMs.toFixed(3)} ms`);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const received: number[] = [];
  const messageIds = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    // Loopback has no reverse DNS to look up here (a mail server's own lookups are its business).
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received.push(performance.now());
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
        if (id) messageIds.add(id);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const heapFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'chronicle-bench-heap-')), 'heap');
  const worker = spawn(
    process.execPath,
    ['--expose-gc', '--import', path.join(root, 'tests/bench/heap-probe.mjs'), path.join(root, 'server/dist/main.js'), 'worker'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: 'bench-newsletters-0123456789abcdef0123456789',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NEWSLETTER_SEND_RATE: String(NEWSLETTER_BENCH.rate),
        PUBLIC_URL: 'http://bench.local',
        LOG_LEVEL: 'warn',
        BENCH_HEAP_FILE: heapFile,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    // The subscribers come as a newsroom's would: one CSV through the admin's import (all-or-nothing, one transaction).
    const csv = [
      'email,consented_at',
      ...Array.from({ length: NEWSLETTER_BENCH.subscribers }, (_, i) => `reader${i + 1}@bench.local,2025-06-01`),
    ];
    const form = new FormData();
    form.set('newsletters', 'daily');
    form.set('file', new Blob([csv.join('\n')], { type: 'text/csv' }), 'subscribers.csv');
    const t0 = performance.now();
    const imported = await fetch(`${base}/api/newsletters/subscribers/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    if (imported.status !== 200) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
    const importSeconds = (performance.now() - t0) / 1000;
    await db.query('VACUUM ANALYZE "NewsletterSubscriber", "NewsletterSubscription"');
    log(
      `${NEWSLETTER_BENCH.name}: ${NEWSLETTER_BENCH.subscribers.toLocaleString('en')} subscribers imported from CSV in ${importSeconds.toFixed(1)} s (${JSON.stringify(await imported.json())})`,
    );

    const { rows } = await db.query<{ newsletter: string; articles: string[] }>(
      `SELECT (SELECT id::text FROM "Newsletter" WHERE slug = 'daily') AS newsletter,
              (SELECT array_agg(id::text) FROM (SELECT id FROM "Article" WHERE status = 'published' ORDER BY "publishedAt" DESC LIMIT 8) a) AS articles`,
    );
    const started = performance.now();
    const answer = await fetch(`${base}/api/newsletters/${rows[0]!.newsletter}/issues`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ subject: 'The bench edition', intro: 'Eight stories.', articleIds: rows[0]!.articles }),
    });
    if (answer.status !== 202) throw new Error(`the edition answered ${answer.status}: ${await answer.text()}`);
    const { issueId } = (await answer.json()) as { issueId: string };
    const recipients = async () =>
      (await db.query<{ n: number }>(`SELECT recipients AS n FROM "NewsletterIssue" WHERE id = $1`, [issueId])).rows[0]!.n;
    while ((await recipients()) === 0) {
      if (performance.now() - started > 120_000) throw new Error('the issue was not listed in 2 minutes');
      await sleep(50);
    }
    const queuedSeconds = (performance.now() - started) / 1000;
    log(`${NEWSLETTER_BENCH.name}: ${(await recipients()).toLocaleString('en')} recipients queued in ${queuedSeconds.toFixed(1)} s`);

    // The window starts with the first message; memory is sampled every second from then.
    while (received.length === 0) await sleep(20);
    const from = received[0]!;
    const rss: number[] = [];
    while (performance.now() - from < NEWSLETTER_BENCH.seconds * 1000) {
      await sleep(1000);
      rss.push(rssMbOf(worker.pid!));
    }
    const end = performance.now();
    // The first seconds fill the pipeline: the rate is counted from the fifth second on.
    const steadyFrom = from + 5_000;
    const steady = received.filter((t) => t >= steadyFrom && t < end).length;
    const sentPerSecond = steady / ((end - steadyFrom) / 1000);
    const sent = received.length;
    const heap = readFileSync(heapFile, 'utf8')
      .trim()
      .split('\n')
      .map((n) => Number(n) / 2 ** 20);
    // Samples once the sending runs (the first was taken while the recipients were listed).
    const sending = heap.slice(Math.max(0, heap.length - Math.floor(NEWSLETTER_BENCH.seconds / 5)));
    const run: NewsletterRun = {
      importSeconds,
      renderMs,
      messageMs,
      queuedSeconds,
      rate: NEWSLETTER_BENCH.rate,
      sent,
      sentPerSecond,
      duplicates: sent - messageIds.size,
      rssMb: { first: rss[4] ?? rss[0]!, max: Math.max(...rss.slice(4)), last: rss.at(-1)! },
      heapMb: { first: sending[0]!, max: Math.max(...sending), last: sending.at(-1)! },
    };
    log(
      `${NEWSLETTER_BENCH.name}: ${sent.toLocaleString('en')} sent in ${NEWSLETTER_BENCH.seconds} s, ${sentPerSecond.toFixed(0)}/s ` +
        `at NEWSLETTER_SEND_RATE=${NEWSLETTER_BENCH.rate}; worker heap after GC ${run.heapMb.first.toFixed(0)} → max ${run.heapMb.max.toFixed(0)} → ${run.heapMb.last.toFixed(0)} MB, ` +
        `RSS ${run.rssMb.first.toFixed(0)} → max ${run.rssMb.max.toFixed(0)} → ${run.rssMb.last.toFixed(0)} MB; ` +
        `${run.duplicates} duplicates`,
    );
    return run;
  } finally {
    worker.kill('SIGTERM');
    await new Promise((resolve) => (worker.exitCode !== null ? resolve(null) : worker.once('exit', resolve)));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await db.end();
  }
}

export function newsletterReport(r: NewsletterRun): string[] {
  const { aims } = NEWSLETTER_BENCH;
  const growth = r.heapMb.max - r.heapMb.first;
  const yes = (ok: boolean) => (ok ? 'yes' : 'no');
  return [
    '',
    `**Newsletters**: an issue to ${NEWSLETTER_BENCH.subscribers.toLocaleString('en')} subscribers, sent by the worker process ` +
      '(`server/dist/main.js worker`) to a real SMTP server on loopback (docs/decisions/069-newsletters.md):',
    '',
    '| measure | figure | aim | met |',
    '|---|---:|---|---|',
    `| ${NEWSLETTER_BENCH.subscribers.toLocaleString('en')} subscribers imported from one CSV (the admin's import: checked, then one transaction) | ${r.importSeconds.toFixed(1)} s | | |`,
    `| an issue rendered (MJML, eight articles, once per issue) | ${r.renderMs.toFixed(1)} ms | | |`,
    `| one recipient's message (their links and its MIME text) | ${r.messageMs.toFixed(3)} ms | < ${aims.messageMs} ms | ${yes(r.messageMs < aims.messageMs)} |`,
    `| from the editor's send to ${NEWSLETTER_BENCH.subscribers.toLocaleString('en')} recipients queued | ${r.queuedSeconds.toFixed(1)} s | < ${aims.queuedSeconds} s | ${yes(r.queuedSeconds < aims.queuedSeconds)} |`,
    `| messages the SMTP server took a second (NEWSLETTER_SEND_RATE=${r.rate}; from the 5th to the ${NEWSLETTER_BENCH.seconds}th second) | ${r.sentPerSecond.toFixed(0)} | ≥ ${pct(aims.rateShare)} of the rate | ${yes(r.sentPerSecond >= r.rate * aims.rateShare)} |`,
    `| the worker's heap after a full collection, every 5 s (first → highest → last) | ${r.heapMb.first.toFixed(0)} → ${r.heapMb.max.toFixed(0)} → ${r.heapMb.last.toFixed(0)} MB | flat (grows < ${aims.heapGrowthMb} MB) | ${yes(growth < aims.heapGrowthMb)} |`,
    `| the worker's resident memory, every second (5th → highest → last) | ${r.rssMb.first.toFixed(0)} → ${r.rssMb.max.toFixed(0)} → ${r.rssMb.last.toFixed(0)} MB | | |`,
    `| messages sent twice (by Message-ID) of ${r.sent.toLocaleString('en')} | ${r.duplicates} | 0 | ${yes(r.duplicates === 0)} |`,
  ];
}

const pct = (n: number) => `${(n * 100).toFixed(0)} %`;

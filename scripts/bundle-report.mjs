#!/usr/bin/env node
// Bundle sizes by audience, from Vite's manifest: what a reader downloads (the entry and its static imports),
// what opening /dashboard adds, and every chunk only the dashboard can reach. `npm run bundle:report` builds
// the client when it is stale, and fails when a reader page's initial script passes its budget (issue 23: 110 KB
// gzipped; React, react-router and React Query set the floor at about 93 KB). Figures are in docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'client/dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** Chunks loaded with `key`: itself and its static imports, transitively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** Everything reachable from `keys`, lazy imports included. */
function reachable(keys, skip = new Set()) {
  const seen = new Set(skip);
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next);
  };
  keys.forEach(visit);
  return minus(seen, skip);
}

function minus(a, b) {
  return new Set([...a].filter((k) => !b.has(k)));
}

function size(keys) {
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { chunks: keys.size, kB: +(raw / 1000).toFixed(1), gzipKB: +(gzip / 1000).toFixed(1) };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const dashboardKey = Object.keys(manifest).find(
  (k) => /app\/routes\/dashboard\.tsx$/.test(k) || /app\/dashboard\/(dashboard-route|index)\.tsx?$/.test(k),
);
if (!entry || !dashboardKey) throw new Error('The manifest names no entry or no dashboard chunk');

const reader = closure([entry]);
const dashboardOpen = minus(closure([dashboardKey]), reader);
// The rest of the site without the dashboard: the reader pages and the lazy auth pages.
const elsewhere = reachable([entry], new Set([dashboardKey]));
const dashboardAll = minus(reachable([dashboardKey]), elsewhere);
const report = {
  reader: size(reader),
  'dashboard (opening /dashboard, beyond the reader bundle)': size(dashboardOpen),
  'dashboard (every chunk only it reaches, the editor included)': size(dashboardAll),
};
console.table(report);

/** The reader's initial script, gzipped, at most (kB of 1,000 bytes, as the table shows). */
const READER_BUDGET_KB = 110;
if (report.reader.gzipKB > READER_BUDGET_KB) {
  console.error(`The reader's initial script is ${report.reader.gzipKB} kB gzipped, over its budget of ${READER_BUDGET_KB} kB.`);
  process.exit(1);
}
console.log(`The reader's initial script: ${report.reader.gzipKB} kB gzipped, within its budget of ${READER_BUDGET_KB} kB.`);

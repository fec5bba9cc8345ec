/**
 * The ceiling of the cached path: a bare node:http server that answers each URL with the very answer the
 * app gave for it (status, headers, body; recorded by run.ts), from a Map. What any server written in
 * Node would pay to send those bytes on this machine, and nothing more.
 *
 * With BENCH_FALLBACK_PREFIX (`/article/`, for the cold pages), a URL under that prefix that was not recorded is
 * answered with one of the recorded answers under it, picked by a hash of the URL: the same kind and size of
 * bytes for each of 10,000 pages, from a hundred recorded.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCpuQuestions, type ChildMessage, type RecordedAnswer } from './scenarios';

const recorded = JSON.parse(readFileSync(process.env.BENCH_ANSWERS!, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([url, { status, headers, body }]) => {
    const bytes = Buffer.from(body, 'base64');
    // Flat, name then value, as writeHead takes repeated headers.
    const flat = [...headers, ['Content-Length', String(bytes.length)]].flat();
    return [url, { status, headers: flat, body: bytes }] as const;
  }),
);

const prefix = process.env.BENCH_FALLBACK_PREFIX;
const fallbacks = prefix ? [...answers].filter(([url]) => url.startsWith(prefix)).map(([, answer]) => answer) : [];

/** FNV-1a: the same URL always gets the same recorded answer. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const find = (url: string) =>
  answers.get(url) ?? (prefix && fallbacks.length && url.startsWith(prefix) ? fallbacks[hash(url) % fallbacks.length] : undefined);

const server = http.createServer((req, res) => {
  const answer = req.method === 'GET' ? find(req.url ?? '/') : undefined;
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 65_000;

answerCpuQuestions();
process.on('disconnect', () => {
  server.close();
  process.exit(0);
});

server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port } satisfies ChildMessage));

/**
 * The ceiling of the cached path: a bare node:http server that answers each URL with the very answer the
 * app gave for it (status, headers, body; recorded by run.ts), from a Map. What any server written in
 * Node would pay to send those bytes on this machine, and nothing more.
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

const server = http.createServer((req, res) => {
  const answer = req.method === 'GET' ? answers.get(req.url ?? '/') : undefined;
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

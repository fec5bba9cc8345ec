/**
 * What an open live-ticker stream costs the process that holds it (docs/decisions/040-live-stream-limits.md):
 * `npx tsx tests/bench/stream-memory.ts`, STREAMS (default 1000; at most 4,500, the process admitting 5,000)
 * streams.
 *
 * The app runs in a child process (app-server.ts, with --expose-gc) on a migrated PostgreSQL (database.ts).
 * This process opens the streams over raw sockets, each from an X-Forwarded-For address of its own
 * (TRUST_PROXY=loopback) so that the per-network cap does not refuse them, reads what it is sent, and asks the
 * child for its memory after a full collection, before and after the STREAMS counted streams.
 */
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '../../server/src/db/migrate';
import { openDatabase } from './database';
import { ask, type ChildMessage } from './scenarios';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.STREAMS ?? 1000);
const BATCH = 100;
const WARM_UP = 500;

const memoryOf = async (child: ChildProcess) => (await ask(child, { type: 'memory' }, 'memory')).usage;

/** Opens one stream and resolves once its first event (the retry line) has arrived. */
function openStream(port: number, n: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let seen = '';
    const onData = (chunk: string) => {
      seen += chunk;
      if (!seen.includes('\r\n\r\n')) return;
      if (!seen.startsWith('HTTP/1.1 200')) return reject(new Error(`stream ${n} refused: ${seen.split('\r\n')[0]}`));
      if (!seen.includes('retry:')) return;
      // Every later chunk is read and dropped, as a browser would.
      socket.off('data', onData);
      socket.on('data', () => {});
      resolve(socket);
    };
    socket.on('data', onData);
    socket.on('error', reject);
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    socket.write(
      `GET /api/breaking-news/stream HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${address}\r\n\r\n`,
    );
  });
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kbEach = (bytes: number) => `${(bytes / STREAMS / 1024).toFixed(1)} KB`;

const database = await openDatabase();
let child: ChildProcess | undefined;
try {
  await applyMigrations(database.url);
  child = fork(path.join(HERE, 'app-server.ts'), [], {
    cwd: path.resolve(HERE, '../..'),
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url, RESPONSE_CACHE: 'memory', TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const server = child;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`app-server.ts exited with code ${code}`)));
    server.on('message', (message: ChildMessage) => message.type === 'ready' && resolve(message.port));
  });
  const sockets: net.Socket[] = [];
  const openMore = async (count: number) => {
    for (let done = 0; done < count; done += BATCH) {
      const from = sockets.length;
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => openStream(port, from + i)))));
    }
  };
  // A first round pays what is paid once (the feed's listener and first read, code compiled on first use, the
  // heap's young generation growing to its working size): only the streams after it are counted.
  await openMore(WARM_UP);
  const before = await memoryOf(server);
  await openMore(STREAMS);
  const open = await memoryOf(server);
  for (const socket of sockets) socket.destroy();

  console.log(`${STREAMS} streams on one process, after ${WARM_UP} others (Node ${process.version}):`);
  for (const key of ['rss', 'heapTotal', 'heapUsed', 'external'] as const) {
    console.log(`  ${key.padEnd(9)} ${mb(before[key])} → ${mb(open[key])}: ${kbEach(open[key] - before[key])} a stream`);
  }
} finally {
  child?.disconnect();
  await new Promise((resolve) => (child && child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  await database.close();
}

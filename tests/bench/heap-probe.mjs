// Preloaded into the benchmark's worker process (tests/bench/newsletters.ts, with --expose-gc): every 5 s, a full
// collection, then the heap still in use, appended to BENCH_HEAP_FILE. What stays after a collection is what the
// process holds; resident memory alone also counts garbage V8 has not collected yet.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_HEAP_FILE;
if (file && typeof globalThis.gc === 'function')
  setInterval(() => {
    globalThis.gc();
    appendFileSync(file, `${process.memoryUsage().heapUsed}\n`);
  }, 5_000).unref();

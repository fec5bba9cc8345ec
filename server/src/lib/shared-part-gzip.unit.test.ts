import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SharedPartGzip } from './shared-part-gzip';

/** Text like a reader page's: repetitive markup, with some bytes of its own. */
const markup = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `<div class="card ${seed}"><a href="/article/${seed}-${i}">Headline ${i} — ${seed}</a></div>`).join(
    '',
  );

/** Inflates as a browser does: the stream in small pieces, not the whole buffer at once. */
const inflateInPieces = (gz: Buffer) =>
  buffer(
    Readable.from(Array.from({ length: Math.ceil(gz.length / 97) }, (_, i) => gz.subarray(i * 97, (i + 1) * 97))).pipe(zlib.createGunzip()),
  );

const page = (...parts: (Buffer | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

describe('SharedPartGzip: answers that carry the same bytes, compressed around them', () => {
  // Over 32 KB: the dictionary is the window's worth at its end.
  const shared = Buffer.from(`<script type="module" src="/a.js"></script><style>${markup(900, 'style')}</style></head><body>`);
  const gz = new SharedPartGzip(4);
  gz.add(shared);

  it('makes one gzip member that inflates to the answer, whole or in pieces, about the size of a whole gzip', async () => {
    const answer = page(`<!doctype html><head><title>One page</title>`, shared, markup(300, 'page'));
    const out = await gz.gzip(answer);
    expect(shared.length).toBeGreaterThan(32 * 1024);
    expect(zlib.gunzipSync(out).equals(answer)).toBe(true);
    expect((await inflateInPieces(out)).equals(answer)).toBe(true);
    expect(out.length).toBeLessThan(zlib.gzipSync(answer, { level: 4 }).length * 1.05);
    // The shared bytes are compressed once: two pages' members hold the same run of bytes.
    const other = await gz.gzip(page(`<!doctype html><head><title>Another page, longer</title>`, shared, markup(10, 'x')));
    const run = out.subarray(200, 4200);
    expect(other.includes(run)).toBe(true);
  });

  it('handles the shared bytes first, last or alone, and bytes after them that deflate cannot shrink', async () => {
    for (const answer of [
      page(shared, markup(40, 'after')),
      page(markup(40, 'before'), shared),
      shared,
      page('<head>', shared, randomBytes(70_000)),
      page(markup(400, 'a long head'), shared, 'x'),
    ]) {
      const out = await gz.gzip(answer);
      expect(zlib.gunzipSync(out).equals(answer)).toBe(true);
      expect((await inflateInPieces(out)).equals(answer)).toBe(true);
    }
  });

  it('compresses other answers whole, as zlib does', async () => {
    for (const other of [shared.subarray(0, 1000), page(shared.subarray(1), 'x'), Buffer.from('{"data":[]}'), Buffer.alloc(0)]) {
      const out = await gz.gzip(other);
      expect(zlib.gunzipSync(out).equals(other)).toBe(true);
      expect(out.equals(zlib.gzipSync(other, { level: 4 }))).toBe(true);
    }
  });

  it('keeps the last few parts added, each once', async () => {
    const many = new SharedPartGzip(4);
    const parts = Array.from({ length: 6 }, (_, i) => Buffer.from(`<!--build ${i}-->${markup(50, `b${i}`)}`));
    for (const p of [...parts, parts[5]!]) many.add(p);
    for (const [i, p] of parts.entries()) {
      const answer = page('<title>t</title>', p, markup(20, 'tail'));
      const out = await many.gzip(answer);
      expect(zlib.gunzipSync(out).equals(answer)).toBe(true);
      // The two oldest are dropped: those answers are compressed whole, as zlib alone would.
      expect(out.equals(zlib.gzipSync(answer, { level: 4 }))).toBe(i < 2);
    }
  });
});

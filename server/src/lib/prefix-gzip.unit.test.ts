import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PrefixGzip } from './prefix-gzip';

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

describe('PrefixGzip: answers that begin with the same bytes, compressed from where those end', () => {
  const prefix = Buffer.from(`<!doctype html><style>${markup(900, 'style')}</style>`); // > 32 KB: the window's end counts
  const gz = new PrefixGzip(4);
  gz.add(prefix);

  it('makes one gzip member that inflates to the answer, whole or in pieces', async () => {
    const page = Buffer.concat([prefix, Buffer.from(markup(300, 'page'))]);
    const out = await gz.gzip(page);
    expect(prefix.length).toBeGreaterThan(32 * 1024);
    expect(zlib.gunzipSync(out).equals(page)).toBe(true);
    expect((await inflateInPieces(out)).equals(page)).toBe(true);
    // The rest refers back into the prefix, as a whole-answer gzip does: about the same size, never much more.
    expect(out.length).toBeLessThan(zlib.gzipSync(page, { level: 4 }).length * 1.05);
  });

  it('handles an answer that is the prefix alone, and one with bytes deflate cannot shrink', async () => {
    expect(zlib.gunzipSync(await gz.gzip(prefix)).equals(prefix)).toBe(true);
    const noisy = Buffer.concat([prefix, randomBytes(70_000)]);
    expect(zlib.gunzipSync(await gz.gzip(noisy)).equals(noisy)).toBe(true);
  });

  it('compresses other answers whole: shorter than the prefix, or differing from it', async () => {
    for (const other of [prefix.subarray(0, 1000), Buffer.concat([Buffer.from('x'), prefix]), Buffer.from('{"data":[]}')]) {
      const out = await gz.gzip(other);
      expect(zlib.gunzipSync(out).equals(other)).toBe(true);
      expect(out.equals(zlib.gzipSync(other, { level: 4 }))).toBe(true);
    }
  });

  it('keeps the last few prefixes added, each once', async () => {
    const many = new PrefixGzip(4);
    const prefixes = Array.from({ length: 6 }, (_, i) => Buffer.from(`<!doctype html><!--build ${i}-->${markup(50, `b${i}`)}`));
    for (const p of [...prefixes, prefixes[5]!]) many.add(p);
    const tail = Buffer.from(markup(20, 'tail'));
    for (const [i, p] of prefixes.entries()) {
      const page = Buffer.concat([p, tail]);
      const out = await many.gzip(page);
      expect(zlib.gunzipSync(out).equals(page)).toBe(true);
      // The two oldest are dropped: those pages are compressed whole, as zlib alone would.
      expect(out.equals(zlib.gzipSync(page, { level: 4 }))).toBe(i < 2);
    }
  });
});

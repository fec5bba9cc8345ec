import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

/** How far back deflate may refer (RFC 1951 §2): the part of a prefix the rest of an answer can use. */
const WINDOW = 32 * 1024;
/** A gzip member's header (RFC 1952 §2.3): deflate, no flags, no modification time, Unix, as zlib writes it. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/**
 * Output written a piece at a time: one piece holds a compressed page (~20 KB). Node's default, 16 KB, takes a second
 * trip through the thread pool for most pages, which with a dictionary more than doubles the CPU a page costs.
 */
const CHUNK = 64 * 1024;
/** Prefixes kept: one per build of the reader's page (a dev server's template changes with its stylesheet). */
const MAX_PREFIXES = 4;

interface Prefix {
  bytes: Buffer;
  /** The prefix as raw deflate, ended by a sync flush: not final, byte-aligned, so more blocks may follow. */
  deflated: Buffer;
  crc: number;
  /** Its last 32 KB: what the rest's deflate may refer back to, as the inflater's window will hold them. */
  dictionary: Buffer;
}

/**
 * gzip for answers that begin with the same bytes: every reader page starts with the same 45 KB (its head up to
 * the inlined stylesheet). Those are compressed once, when they are added; an answer that starts with them is
 * compressed from where they end, with them as the dictionary, and the two parts are joined into one gzip member
 * that any inflater reads as one stream (how pigz compresses in parallel). The bytes are the same gzip an answer
 * would have had, a little smaller, for the work of its own part only (docs/decisions/070-cold-renders.md).
 */
export class PrefixGzip {
  readonly #prefixes: Prefix[] = [];

  constructor(private readonly level: number) {}

  /** Leading bytes that many answers share. Adding the same bytes again changes nothing. */
  add(bytes: Buffer): void {
    if (this.#prefixes.some((p) => p.bytes.equals(bytes))) return;
    if (this.#prefixes.length === MAX_PREFIXES) this.#prefixes.shift();
    this.#prefixes.push({
      bytes,
      deflated: zlib.deflateRawSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      crc: zlib.crc32(bytes),
      dictionary: bytes.subarray(Math.max(0, bytes.length - WINDOW)),
    });
  }

  /** The data as one gzip member, at this level. */
  async gzip(data: Buffer): Promise<Buffer> {
    const prefix = this.#prefixes.find(
      (p) => data.length >= p.bytes.length && data.compare(p.bytes, 0, p.bytes.length, 0, p.bytes.length) === 0,
    );
    if (!prefix) return gzip(data, { level: this.level, chunkSize: CHUNK });
    const rest = data.subarray(prefix.bytes.length);
    const deflated = await deflateRaw(rest, { level: this.level, dictionary: prefix.dictionary, chunkSize: CHUNK });
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(zlib.crc32(rest, prefix.crc), 0);
    // ISIZE: the length modulo 2^32.
    trailer.writeUInt32LE(data.length % 2 ** 32, 4);
    return Buffer.concat([HEADER, prefix.deflated, deflated, trailer]);
  }
}

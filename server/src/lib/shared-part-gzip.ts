import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

/** How far back deflate may refer (RFC 1951 §2): the part of the shared bytes what follows them can use. */
const WINDOW = 32 * 1024;
/** A gzip member's header (RFC 1952 §2.3): deflate, no flags, no modification time, Unix, as zlib writes it. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/**
 * Output written a piece at a time: one piece holds a compressed page (~20 KB). Node's default, 16 KB, takes a second
 * trip through the thread pool for most pages, which with a dictionary more than doubles the CPU a page costs.
 */
const CHUNK = 64 * 1024;
/** Parts kept: one per build of the reader's page (a dev server's template changes with its script tags). */
const MAX_PARTS = 4;
/** Raw deflate that more blocks may follow: not final, and byte-aligned (RFC 1951 §3.2.4's empty stored block). */
const NOT_FINAL = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** For a few KB: a 4 KB window, and the state to match (zlib's defaults allocate ~270 KB a stream). */
const SMALL = { windowBits: 12, memLevel: 4 };
/** What comes before the shared bytes is compressed on the event loop up to this size (a page's head), else in the pool. */
const SMALL_HEAD = 16 * 1024;

interface Part {
  bytes: Buffer;
  /** The part alone as raw deflate (referring to nothing before it), not final. */
  deflated: Buffer;
  /** Its last 32 KB: what the deflate of the rest may refer back to, as the inflater's window will hold them. */
  dictionary: Buffer;
}

/**
 * gzip for answers that carry the same bytes: every reader page holds the same 43 KB (the build's script and inlined
 * stylesheet, after its own head tags). Those are compressed once, when they are added. An answer that holds them is
 * compressed in three parts joined into one gzip member, which any inflater reads as one stream (pigz joins its
 * parallel parts so): what comes before them, ended by a sync flush; their own deflate; and what follows them, with
 * them as the dictionary, as a whole-answer gzip would refer back to them. So a page costs the compression of its own
 * bytes only (docs/decisions/070-cold-renders.md).
 */
export class SharedPartGzip {
  readonly #parts: Part[] = [];

  constructor(private readonly level: number) {}

  /** Bytes that many answers carry. Adding the same bytes again changes nothing. */
  add(bytes: Buffer): void {
    if (bytes.length === 0 || this.#parts.some((p) => p.bytes.equals(bytes))) return;
    if (this.#parts.length === MAX_PARTS) this.#parts.shift();
    this.#parts.push({
      bytes,
      deflated: zlib.deflateRawSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION, ...NOT_FINAL }),
      dictionary: bytes.subarray(Math.max(0, bytes.length - WINDOW)),
    });
  }

  /** The data as one gzip member, at this level. */
  async gzip(data: Buffer): Promise<Buffer> {
    for (const part of this.#parts) {
      const at = data.length >= part.bytes.length ? data.indexOf(part.bytes) : -1;
      if (at !== -1) return this.#joined(data, part, at);
    }
    return gzip(data, { level: this.level, chunkSize: CHUNK });
  }

  async #joined(data: Buffer, part: Part, at: number): Promise<Buffer> {
    const before = data.subarray(0, at);
    const after = data.subarray(at + part.bytes.length);
    // A page's own head: a few KB, too little to be worth a trip through the thread pool, compressed with a 4 KB window
    // and its smaller state (as small as it compresses).
    const head =
      before.length === 0
        ? Buffer.alloc(0)
        : before.length <= SMALL_HEAD
          ? zlib.deflateRawSync(before, { level: this.level, ...SMALL, ...NOT_FINAL })
          : await deflateRaw(before, { level: this.level, chunkSize: CHUNK, ...NOT_FINAL });
    const tail = await deflateRaw(after, { level: this.level, dictionary: part.dictionary, chunkSize: CHUNK });
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(zlib.crc32(data), 0);
    // ISIZE: the length modulo 2^32.
    trailer.writeUInt32LE(data.length % 2 ** 32, 4);
    return Buffer.concat([HEADER, head, part.deflated, tail, trailer]);
  }
}

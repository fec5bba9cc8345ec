import { LRUCache } from 'lru-cache';

/**
 * One stored answer: status, headers, and its body in one encoding (docs/decisions/053-cheap-reader-pages.md): gzipped
 * when it is worth compressing (every reader's browser and crawler takes gzip; the others get it unzipped when sent).
 */
export interface CachedAnswer {
  status: number;
  /** Lower-case names; `content-length`, `content-encoding` and `etag` are set when sent. */
  headers: [string, string][];
  /** Strong validator of the identity body, without quotes. */
  etag: string;
  body: Buffer;
  /** How `body` is encoded: gzip, or as the app made it. */
  encoding?: 'gzip';
  /** With `encoding`, the length of the body unzipped (a HEAD's Content-Length for a reader that takes no gzip). */
  identityLength?: number;
  /** Milliseconds since the epoch. */
  storedAt: number;
  /**
   * After this (milliseconds since the epoch) the next request makes the answer afresh, while the requests arriving
   * meanwhile are served this copy; set by the response cache.
   */
  staleAt?: number;
  /** After this (milliseconds since the epoch) the answer is not served; set by the store. */
  expiresAt?: number;
}

export interface Lookup {
  answer?: CachedAnswer;
  /** The purge sequence when the lookup ran: a fill started now is refused if its tags are purged later. */
  seq: number;
}

/**
 * Where answers are kept: in this process (MemoryStore) or in Redis, shared by every app process
 * (RedisStore). Both keep the same promise: `set` refuses an answer if one of its tags was purged after
 * the lookup that started its read, so a read that raced a write never stores what it read before it.
 */
export interface CacheStore {
  lookup(key: string): Lookup | Promise<Lookup>;
  /** True when stored. */
  set(key: string, answer: CachedAnswer, tags: string[], seq: number, ttlMs: number): boolean | Promise<boolean>;
  /** Drops every answer under the tags; false when the store could not be reached (the caller relays the purge). */
  purge(tags: string[]): boolean | Promise<boolean>;
  /**
   * A purge that neither this process nor another could apply: kept, and the store not used, until it is applied
   * (docs/decisions/038-bounded-shared-cache.md).
   */
  defer(tags: string[]): void;
  /** False while the store cannot be trusted (Redis not answering, or purges waiting to be applied). */
  readonly usable: boolean;
  stats(): StoreStats | Promise<StoreStats>;
  close(): Promise<void>;
}

export interface StoreStats {
  entries: number;
  bytes: number;
  budget: number;
}

export const EVERYTHING = '*';

/** How long a purge is remembered: a read that takes longer is not stored (see `set`). */
export const PURGE_MEMORY_MS = 60_000;

export const answerSize = (a: CachedAnswer) =>
  a.body.length + a.headers.reduce((n, [k, v]) => n + k.length + v.length, 64);

interface Stored {
  answer: CachedAnswer;
  tags: string[];
}

/** The default: an LRU bounded in bytes, in this process (lru-cache). */
export class MemoryStore implements CacheStore {
  readonly usable = true;
  private readonly maxBytes: number;
  private seq = 0;
  /** tag → [sequence, time] of its last purge. */
  private readonly purged = new Map<string, [number, number]>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly lru: LRUCache<string, Stored>;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    this.lru = new LRUCache<string, Stored>({
      maxSize: maxBytes,
      sizeCalculation: (s) => Math.max(1, answerSize(s.answer)),
      dispose: (s, key) => this.unindex(key, s.tags),
    });
  }

  lookup(key: string): Lookup {
    return { answer: this.lru.get(key)?.answer, seq: this.seq };
  }

  set(key: string, answer: CachedAnswer, tags: string[], seq: number, ttlMs: number): boolean {
    for (const tag of [...tags, EVERYTHING]) {
      const last = this.purged.get(tag);
      if (last && last[0] > seq) return false;
    }
    this.lru.set(key, { answer, tags }, { ttl: ttlMs });
    if (!this.lru.has(key)) return false; // larger than the whole cache
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  purge(tags: string[]): boolean {
    const now = Date.now();
    this.seq += 1;
    for (const tag of tags) {
      this.purged.set(tag, [this.seq, now]);
      if (tag === EVERYTHING) {
        this.lru.clear();
        continue;
      }
      for (const key of [...(this.byTag.get(tag) ?? [])]) this.lru.delete(key);
    }
    this.forgetOldPurges(now);
    return true;
  }

  /** A purge of this process's own memory never fails. */
  defer(tags: string[]): void {
    this.purge(tags);
  }

  stats(): StoreStats {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize, budget: this.maxBytes };
  }

  async close(): Promise<void> {
    this.lru.clear();
  }

  private unindex(key: string, tags: string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private forgetOldPurges(now: number) {
    // Map order is insertion order, and a re-purged tag is re-inserted at the end only if deleted first.
    for (const [tag, [, at]] of this.purged) {
      if (now - at <= PURGE_MEMORY_MS) continue;
      this.purged.delete(tag);
    }
  }
}

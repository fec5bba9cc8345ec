import { createClient, RESP_TYPES } from 'redis';
import type { Logger } from '../lib/logger';
import { EVERYTHING, PURGE_MEMORY_MS, type CacheStore, type CachedAnswer, type Lookup } from './store';

/**
 * Stores with a tag newer than the read's start are refused, then the answer and its tag sets are written,
 * all in one script: Redis runs it atomically, so no purge can fall between the check and the write.
 * KEYS: answer key, prefix. ARGV: answer, ttl ms, start sequence, tags…
 */
const SET_SCRIPT = `
local prefix = KEYS[2]
local start = tonumber(ARGV[3])
for i = 4, #ARGV do
  local last = redis.call('GET', prefix .. 'p:' .. ARGV[i])
  if last and tonumber(last) > start then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for i = 4, #ARGV do
  local set = prefix .. 't:' .. ARGV[i]
  redis.call('SADD', set, KEYS[1])
  if redis.call('PTTL', set) < tonumber(ARGV[2]) then redis.call('PEXPIRE', set, ARGV[2]) end
end
return 1`;

/**
 * Bumps the sequence, remembers each tag's purge, and unlinks every answer stored under it. The sequence
 * never goes below the floor (the highest this process has seen): a Redis that restarted empty must not
 * hand out numbers that reads started before it already hold. KEYS: prefix. ARGV: memory ms, floor, tags…
 */
const PURGE_SCRIPT = `
local prefix = KEYS[1]
local current = tonumber(redis.call('GET', prefix .. 'seq') or '0')
if current < tonumber(ARGV[2]) then redis.call('SET', prefix .. 'seq', ARGV[2]) end
local seq = redis.call('INCR', prefix .. 'seq')
for i = 3, #ARGV do
  redis.call('SET', prefix .. 'p:' .. ARGV[i], seq, 'PX', ARGV[1])
  local set = prefix .. 't:' .. ARGV[i]
  local keys = redis.call('SMEMBERS', set)
  for j = 1, #keys, 500 do
    redis.call('UNLINK', unpack(keys, j, math.min(j + 499, #keys)))
  end
  redis.call('UNLINK', set)
end
return seq`;

/**
 * The shared store when `REDIS_URL` is set: every app process reads and fills the same answers, and a
 * purge by one is seen by all at once, since there is only one copy. While Redis is unreachable the cache
 * is bypassed (reads go to the database); when it is back, everything is purged before it is used again,
 * since purges may have been missed meanwhile.
 */
export class RedisStore implements CacheStore {
  private readonly client;
  private readonly buffers;
  private readonly prefix: string;
  private stale = true;
  /** The highest purge sequence seen: the floor of the sequence if Redis comes back empty. */
  private highestSeq = 0;
  private emptying: Promise<void> | undefined;

  constructor(
    url: string,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.prefix = prefix;
    this.client = createClient({
      url,
      // Fail at once while disconnected instead of queueing: a request must not wait for Redis.
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
    });
    this.buffers = this.client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
    this.client.on('error', (err: Error) => {
      if (!this.stale) logger.warn({ err }, 'the response cache lost Redis; reads go to the database until it is back');
      this.stale = true;
    });
    this.client.on('ready', () => void this.empty());
  }

  async connect(): Promise<void> {
    await this.client.connect();
    await this.empty();
  }

  get usable(): boolean {
    return !this.stale && this.client.isReady;
  }

  async lookup(key: string): Promise<Lookup> {
    const [answer, raw] = await within(COMMAND_MS, this.buffers.mGet([this.prefix + 'e:' + key, this.prefix + 'seq']));
    const seq = raw ? Number(raw.toString()) : 0;
    this.highestSeq = Math.max(this.highestSeq, seq);
    return { answer: answer ? decode(answer) : undefined, seq };
  }

  async set(key: string, answer: CachedAnswer, tags: string[], seq: number, ttlMs: number): Promise<boolean> {
    const stored = await within(
      COMMAND_MS,
      this.client.eval(SET_SCRIPT, {
        keys: [this.prefix + 'e:' + key, this.prefix],
        arguments: [encode(answer), String(ttlMs), String(seq), ...tags, EVERYTHING],
      }),
    );
    return stored === 1;
  }

  async purge(tags: string[]): Promise<void> {
    try {
      await within(PURGE_MS, this.purgeScript(tags));
    } catch (err) {
      // A purge that did not happen: nothing stored can be trusted until everything has been purged.
      this.stale = true;
      this.logger.warn({ err, tags }, 'the response cache could not purge; it is bypassed until Redis answers again');
      void this.empty();
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  private purgeScript(tags: string[]) {
    return this.client.eval(PURGE_SCRIPT, { keys: [this.prefix], arguments: [String(PURGE_MEMORY_MS), String(this.highestSeq), ...tags] });
  }

  /** Purges everything, then trusts the store again; retried until it succeeds while connected. */
  private empty(): Promise<void> {
    this.emptying ??= (async () => {
      while (this.client.isOpen) {
        try {
          await this.purgeScript([EVERYTHING]);
          this.stale = false;
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 500).unref());
        }
      }
    })().finally(() => (this.emptying = undefined));
    return this.emptying;
  }
}

/**
 * A Redis that is connected but stalled must not stall the site: a read gives up after COMMAND_MS (a miss,
 * not stored), a purge after PURGE_MS (the store is then distrusted and emptied when Redis answers again).
 */
const COMMAND_MS = 250;
const PURGE_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** [4-byte header length][header JSON][identity][gzip][br] */
function encode(a: CachedAnswer): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      status: a.status,
      headers: a.headers,
      etag: a.etag,
      storedAt: a.storedAt,
      sizes: [a.identity.length, a.gzip?.length ?? -1, a.br?.length ?? -1],
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, a.identity, a.gzip ?? Buffer.alloc(0), a.br ?? Buffer.alloc(0)]);
}

function decode(raw: Buffer): CachedAnswer {
  const headerLength = raw.readUInt32BE(0);
  const h = JSON.parse(raw.subarray(4, 4 + headerLength).toString()) as Omit<CachedAnswer, 'identity'> & { sizes: number[] };
  let at = 4 + headerLength;
  const take = (size: number) => {
    if (size < 0) return undefined;
    const part = raw.subarray(at, at + size);
    at += size;
    return part;
  };
  const [identity, gzip, br] = h.sizes.map(take);
  return { status: h.status, headers: h.headers, etag: h.etag, storedAt: h.storedAt, identity: identity!, gzip, br };
}

import type { Logger } from '../lib/logger';
import { BreakerOpenError, type RedisLink } from '../lib/redis-link';
import { EVERYTHING, PURGE_MEMORY_MS, type CacheStore, type CachedAnswer, type Lookup, type StoreStats } from './store';

/**
 * The shared store when `REDIS_URL` is set (docs/decisions/026 and 038). Every app process reads and fills the
 * same answers, and a purge by one is seen by all at once, since there is only one copy.
 *
 * Its size is kept by the store itself, inside Redis, whatever Redis's own `maxmemory` is: every entry is
 * accounted (`m`: its size and tags; `bytes`: the sum) and ordered by its last use (`lru`), and a store that
 * passes the budget evicts the least recently used entries in the same script. No key of the cache expires by
 * itself, so nothing leaves without its accounting and its tag sets following. Redis must therefore never evict
 * on its own (`maxmemory-policy` noeviction or volatile-*): checked at connection.
 *
 * Keys under the prefix: `e:<key>` an answer, `m` and `lru` and `bytes` the accounting, `t:<tag>` the answers
 * stored under a tag, `p:<tag>` the sequence of the tag's last purge (kept a minute), `seq` the purge sequence,
 * `server` the run id of the Redis server that holds them.
 */
const DROP = `
local function drop(prefix, key)
  local meta = redis.call('HGET', prefix .. 'm', key)
  redis.call('UNLINK', prefix .. 'e:' .. key)
  redis.call('ZREM', prefix .. 'lru', key)
  if not meta then return 0 end
  redis.call('HDEL', prefix .. 'm', key)
  local size = 0
  local first = true
  for part in string.gmatch(meta, '[^\\31]+') do
    if first then size = tonumber(part); first = false
    else redis.call('SREM', prefix .. 't:' .. part, key) end
  end
  redis.call('DECRBY', prefix .. 'bytes', size)
  return size
end
`;

/** KEYS: prefix. ARGV: key, now (ms). Returns the answer and the purge sequence; a hit is marked as used. */
const LOOKUP_SCRIPT = `
local prefix = KEYS[1]
local answer = redis.call('GET', prefix .. 'e:' .. ARGV[1])
local seq = redis.call('GET', prefix .. 'seq')
if answer then redis.call('ZADD', prefix .. 'lru', 'XX', ARGV[2], ARGV[1]) end
return { answer or false, seq or false }`;

/**
 * Refuses an answer one of whose tags was purged after the read's start, else stores it, indexes it and evicts
 * the least recently used answers past the budget, all at once: Redis runs a script atomically, so no purge
 * can fall between the check and the write. KEYS: prefix. ARGV: key, answer, now, start sequence, budget, tags…
 */
const SET_SCRIPT = `${DROP}
local prefix = KEYS[1]
local key = ARGV[1]
local start = tonumber(ARGV[4])
for i = 6, #ARGV do
  local last = redis.call('GET', prefix .. 'p:' .. ARGV[i])
  if last and tonumber(last) > start then return 0 end
end
local size = string.len(ARGV[2]) + string.len(key) + 64
local budget = tonumber(ARGV[5])
if size > budget then return 0 end
drop(prefix, key)
redis.call('SET', prefix .. 'e:' .. key, ARGV[2])
local meta = tostring(size)
for i = 6, #ARGV do
  meta = meta .. '\\31' .. ARGV[i]
  redis.call('SADD', prefix .. 't:' .. ARGV[i], key)
end
redis.call('HSET', prefix .. 'm', key, meta)
redis.call('ZADD', prefix .. 'lru', ARGV[3], key)
local bytes = redis.call('INCRBY', prefix .. 'bytes', size)
while bytes > budget do
  local oldest = redis.call('ZRANGE', prefix .. 'lru', 0, 0)
  if #oldest == 0 then break end
  bytes = bytes - drop(prefix, oldest[1])
end
return 1`;

/**
 * Bumps the sequence, remembers each tag's purge, and drops every answer stored under it (all of them for
 * the tag '*'). The sequence never goes below the floor (the highest this process has seen): a Redis that
 * restarted empty must not hand out numbers that reads started before it already hold.
 * KEYS: prefix. ARGV: memory ms, floor, tags…
 */
const PURGE_SCRIPT = `${DROP}
local prefix = KEYS[1]
local current = tonumber(redis.call('GET', prefix .. 'seq') or '0')
if current < tonumber(ARGV[2]) then redis.call('SET', prefix .. 'seq', ARGV[2]) end
local seq = redis.call('INCR', prefix .. 'seq')
for i = 3, #ARGV do
  local tag = ARGV[i]
  redis.call('SET', prefix .. 'p:' .. tag, seq, 'PX', ARGV[1])
  local keys
  if tag == '*' then keys = redis.call('HKEYS', prefix .. 'm') else keys = redis.call('SMEMBERS', prefix .. 't:' .. tag) end
  for j = 1, #keys do drop(prefix, keys[j]) end
  if tag == '*' then
    local rest = redis.call('ZRANGE', prefix .. 'lru', 0, -1)
    for j = 1, #rest do drop(prefix, rest[j]) end
    redis.call('SET', prefix .. 'bytes', 0)
  else
    redis.call('DEL', prefix .. 't:' .. tag)
  end
end
return seq`;

/** Pending purges kept at most; past it they collapse into one purge of everything. */
const MAX_PENDING = 100;
/**
 * How long a purge may take before the breaker opens and the purge is relayed (cache/purge-relay.ts). A purge
 * touches every answer under its tags: a few milliseconds for a full 64 MB cache.
 */
const PURGE_MS = 500;

export class RedisStore implements CacheStore {
  private readonly prefix: string;
  /** The highest purge sequence seen: the floor of the sequence if Redis comes back empty. */
  private highestSeq = 0;
  /** Purges this process knows of and that no one has applied yet: the store is not used until they are. */
  private pending: string[][] = [];
  /** Redis evicts keys by itself (an allkeys-* policy): a purge could then be lost, so the store is never used. */
  private refused = false;
  private budget: number;
  /** Who must hear about purges for the store to be trusted (the purge relay): false while it cannot. */
  private listening = true;

  constructor(
    private readonly link: RedisLink,
    prefix: string,
    private readonly logger: Logger,
    /** Bytes the store may hold (RESPONSE_CACHE_MB), lowered to fit Redis's maxmemory when that is smaller. */
    private readonly maxBytes: number,
  ) {
    this.prefix = prefix;
    this.budget = maxBytes;
    link.onRecovery((client) => this.recover(client));
  }

  get usable(): boolean {
    return !this.refused && this.listening && this.pending.length === 0 && this.link.usable;
  }

  /** The purge relay's word: false while this process may miss a purge another process asked for. */
  setListening(listening: boolean): void {
    if (!listening && this.listening) this.defer([EVERYTHING]);
    this.listening = listening;
  }

  async lookup(key: string): Promise<Lookup> {
    const [answer, raw] = (await this.link.runBuffers((client) =>
      client.eval(LOOKUP_SCRIPT, { keys: [this.prefix], arguments: [key, String(Date.now())] }),
    )) as [Buffer | null, Buffer | null];
    const seq = raw ? Number(raw.toString()) : 0;
    this.highestSeq = Math.max(this.highestSeq, seq);
    const found = answer ? decode(answer) : undefined;
    // An answer past its age is a miss (its replacement is stored over it).
    return { answer: found && (found.expiresAt ?? Infinity) > Date.now() ? found : undefined, seq };
  }

  async set(key: string, answer: CachedAnswer, tags: string[], seq: number, ttlMs: number): Promise<boolean> {
    const stored = await this.link.run((client) =>
      client.eval(SET_SCRIPT, {
        keys: [this.prefix],
        arguments: [key, encode({ ...answer, expiresAt: Date.now() + ttlMs }), String(Date.now()), String(seq), String(this.budget), ...tags],
      }),
    );
    return stored === 1;
  }

  async purge(tags: string[]): Promise<boolean> {
    try {
      await this.link.run((client) => this.purgeWith(client, tags), PURGE_MS);
      return true;
    } catch (err) {
      if (!(err instanceof BreakerOpenError)) this.logger.warn({ err, tags }, 'the response cache could not purge in Redis');
      return false;
    }
  }

  defer(tags: string[]): void {
    if (this.pending.length >= MAX_PENDING || tags.includes(EVERYTHING)) this.pending = [[EVERYTHING]];
    else this.pending.push(tags);
    // Redis may answer this process (the purge failed elsewhere): apply them now rather than at the next recovery.
    if (this.link.usable) {
      void this.link
        .run((client) => this.applyPending(client), PURGE_MS)
        .catch(() => {});
    }
  }

  async stats(): Promise<StoreStats> {
    const [entries, bytes] = await this.link.run(async (client) => [await client.hLen(this.prefix + 'm'), await client.get(this.prefix + 'bytes')]);
    return { entries: Number(entries), bytes: Number(bytes ?? 0), budget: this.budget };
  }

  async close(): Promise<void> {}

  private purgeWith(client: NonNullable<RedisLink['client']>, tags: string[]) {
    return client.eval(PURGE_SCRIPT, { keys: [this.prefix], arguments: [String(PURGE_MEMORY_MS), String(this.highestSeq), ...tags] });
  }

  private async applyPending(client: NonNullable<RedisLink['client']>) {
    while (this.pending.length) {
      await this.purgeWith(client, this.pending[0]!);
      this.pending.shift();
    }
  }

  /**
   * Before Redis is used again (at the first connection, and after every outage): its eviction policy is one
   * the cache can live with, the budget fits in its memory, a Redis that restarted since the answers were
   * stored (from a snapshot, it may hold answers purged since) is emptied, and the purges that this process
   * could not send are applied.
   */
  private async recover(client: NonNullable<RedisLink['client']>) {
    // The link itself stays up for the rate limits, whose keys may be evicted without harm.
    if (this.refused) return;
    const settings = await client.configGet(['maxmemory-policy', 'maxmemory']).catch(() => undefined);
    if (settings) {
      const policy = String(settings['maxmemory-policy'] ?? 'noeviction');
      if (policy.startsWith('allkeys-')) {
        this.refused = true;
        this.logger.error(
          `Redis evicts any key when full (maxmemory-policy ${policy}): purges could be lost and stale pages served, so the response cache will not use it. Set maxmemory-policy noeviction (or volatile-lru) on this Redis.`,
        );
        return;
      }
      const maxmemory = Number(settings.maxmemory ?? 0);
      const fits = maxmemory > 0 ? Math.floor(maxmemory * 0.8) : Infinity;
      const budget = Math.min(this.maxBytes, fits);
      if (budget !== this.budget) {
        this.logger.warn(`the response cache keeps at most ${Math.round(budget / 1048576)} MB in Redis (80% of its maxmemory)`);
        this.budget = budget;
      }
    }
    const server = /run_id:(\w+)/.exec(await client.info('server'))?.[1] ?? '';
    const known = await client.get(this.prefix + 'server');
    if (known !== server) {
      // A new Redis, or one restarted from a snapshot: whatever it holds was stored before purges it never saw.
      await this.purgeWith(client, [EVERYTHING]);
      await client.set(this.prefix + 'server', server);
    }
    await this.applyPending(client);
  }
}

/** The layout of a stored answer: one written by an earlier version (three bodies) is a miss, replaced when stored anew. */
const FORMAT = 2;

/** [4-byte header length][header JSON][body] */
function encode(a: CachedAnswer): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      status: a.status,
      headers: a.headers,
      etag: a.etag,
      format: FORMAT,
      encoding: a.encoding,
      storedAt: a.storedAt,
      staleAt: a.staleAt,
      expiresAt: a.expiresAt,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, a.body]);
}

function decode(raw: Buffer): CachedAnswer | undefined {
  const headerLength = raw.readUInt32BE(0);
  const { format, ...h } = JSON.parse(raw.subarray(4, 4 + headerLength).toString()) as Omit<CachedAnswer, 'body'> & { format?: number };
  return format === FORMAT ? { ...h, body: raw.subarray(4 + headerLength) } : undefined;
}

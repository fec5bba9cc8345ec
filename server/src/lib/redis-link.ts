import { createClient, RESP_TYPES } from 'redis';
import type { Logger } from './logger';

/**
 * One connection to Redis with a circuit breaker (docs/decisions/038-bounded-shared-cache.md). Redis only ever
 * saves work here (the response cache, the rate limits' counters): when it fails or stops answering, the
 * callers do without it at once rather than wait on it. The first command that fails or outlives its time
 * opens the breaker: the connection is dropped (with every command queued on it, so a stalled Redis holds no
 * memory), `usable` turns false, and no command is sent until a probe in the background (a fresh connection
 * and a PING, once a second) finds Redis answering again. Recovery hooks then run (the response cache
 * applies the purges it could not send) before the breaker closes.
 */
export interface RedisLinkOptions {
  url: string;
  logger: Logger;
  /** Named in log lines: what this link serves. */
  name: string;
  /** How long a command may take before the breaker opens. */
  commandMs?: number;
  /** How often a probe tries Redis while the breaker is open. */
  probeMs?: number;
}

type Client = ReturnType<typeof newClient>;

function newClient(url: string) {
  return createClient({
    url,
    // Fail at once while disconnected instead of queueing: a request must not wait for Redis.
    disableOfflineQueue: true,
    // Reconnecting is the probe's job: it replaces a client whose connection was lost.
    socket: { connectTimeout: 2_000, reconnectStrategy: false },
  });
}

export class BreakerOpenError extends Error {
  constructor(name: string) {
    super(`Redis (${name}) is not answering; skipped`);
  }
}

export class RedisLink {
  private current: Client | undefined;
  private buffersOf: ReturnType<Client['withTypeMapping']> | undefined;
  private open = true;
  private closed = false;
  private probing: Promise<void> | undefined;
  private started: Promise<void> | undefined;
  private readonly hooks: ((client: Client) => Promise<void>)[] = [];
  private readonly commandMs: number;
  private readonly probeMs: number;
  /** Times the breaker opened, for diagnostics and tests. */
  trips = 0;

  constructor(private readonly options: RedisLinkOptions) {
    this.commandMs = options.commandMs ?? 250;
    this.probeMs = options.probeMs ?? 1_000;
  }

  /** Connects (once, whoever asks); resolves once usable, or rejects on the first failure (the probe keeps trying). */
  start(): Promise<void> {
    if (!this.started) {
      this.started = this.attempt();
      this.started.catch(() => this.schedule());
    }
    return this.started;
  }

  /** The breaker is closed and the connection ready: commands may be sent. */
  get usable(): boolean {
    return !this.open && !this.closed && this.current?.isReady === true;
  }

  /** The connected client, for a library that takes one (rate-limiter-flexible); undefined while the breaker is open. */
  get client(): Client | undefined {
    return this.usable ? this.current : undefined;
  }

  /** Runs a hook after every recovery, before the breaker closes; if it throws, the breaker stays open. */
  onRecovery(hook: (client: Client) => Promise<void>): void {
    this.hooks.push(hook);
  }

  /** Runs one command (or a few) within the time limit; any failure opens the breaker. */
  async run<T>(work: (client: Client) => Promise<T>, ms = this.commandMs): Promise<T> {
    const client = this.current;
    if (!client || !this.usable) throw new BreakerOpenError(this.options.name);
    try {
      return await within(ms, work(client));
    } catch (err) {
      this.trip(err);
      throw err;
    }
  }

  /** Like `run`, with replies as Buffers (bodies of cached answers). */
  runBuffers<T>(work: (client: ReturnType<Client['withTypeMapping']>) => Promise<T>, ms = this.commandMs): Promise<T> {
    return this.run(() => work(this.buffersOf!), ms);
  }

  /** Opens the breaker (a command failed, or a caller knows the link cannot be trusted). */
  trip(err?: unknown): void {
    if (this.closed) return;
    if (!this.open) {
      this.open = true;
      this.trips += 1;
      this.options.logger.warn({ err }, `Redis (${this.options.name}) failed or stopped answering; going on without it until it answers again`);
    }
    this.drop();
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.current;
    this.current = undefined;
    if (client?.isReady) await within(500, client.close()).catch(() => client.destroy());
    else if (client?.isOpen) client.destroy();
  }

  private drop() {
    const client = this.current;
    this.current = undefined;
    this.buffersOf = undefined;
    // Rejects every command still waiting for an answer: nothing piles up behind a stalled Redis.
    if (client?.isOpen) client.destroy();
  }

  /** One try: a fresh connection, a PING, the recovery hooks; the breaker closes when all succeed. */
  private async attempt(): Promise<void> {
    this.drop();
    const client = newClient(this.options.url);
    // Only the client in use trips the breaker: a probe's failures end in its own catch.
    client.on('error', (err: unknown) => this.current === client && this.trip(err));
    client.on('end', () => this.current === client && this.trip());
    try {
      await within(2_500, client.connect());
      await within(this.commandMs * 4, client.ping());
      for (const hook of this.hooks) await hook(client);
    } catch (err) {
      if (client.isOpen) client.destroy();
      throw err;
    }
    if (this.closed) return void client.destroy();
    this.current = client;
    this.buffersOf = client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
    if (this.open && this.trips > 0) this.options.logger.info(`Redis (${this.options.name}) answers again`);
    this.open = false;
  }

  private schedule() {
    if (this.closed || this.probing) return;
    this.probing = (async () => {
      while (this.open && !this.closed) {
        await new Promise((resolve) => setTimeout(resolve, this.probeMs).unref());
        if (this.closed) return;
        await this.attempt().catch(() => {});
      }
    })().finally(() => (this.probing = undefined));
  }
}

export function within<T>(ms: number, work: Promise<T>): Promise<T> {
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

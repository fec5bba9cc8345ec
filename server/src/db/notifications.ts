import type pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY, the messages between the app's processes that need no broker beyond the database
 * (the response cache's purge relay, cache/purge-relay.ts; docs/architecture.md, "The cache").
 */

/** Says `payload` on `channel` to every process listening, through a connection of `pool`. */
export async function notify(pool: pg.Pool, channel: string, payload: string): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/**
 * A connection of `pool` that listens on `channels`, its handlers attached before the LISTEN so that nothing said
 * after it is missed. The caller keeps it, and releases it when it stops listening or the connection fails.
 */
export async function listenOn(
  pool: pg.Pool,
  channels: string[],
  on: { notification: (message: pg.Notification) => void; error: (err: Error) => void },
): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('notification', on.notification);
  client.on('error', on.error);
  try {
    await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
  } catch (err) {
    // A connection whose LISTEN failed goes back to the pool to be discarded, not kept by no one.
    client.off('notification', on.notification);
    client.off('error', on.error);
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  return client;
}

/** A LISTEN kept while it is wanted (lasting-listener below). */
export interface LastingListener {
  /** Listens, if it does not already; resolves once it does (or once the attempt failed, a retry scheduled). */
  ensure(): Promise<void>;
  /** Stops listening and retrying, for good. */
  close(): Promise<void>;
}

/**
 * One connection of `pool` that LISTENs on `channel` for as long as `wanted()` (someone is connected to hear it):
 * a lost connection is replaced after `reconnectMs`, and `onListening` runs after each start, to read what changed
 * while nobody listened. The live ticker (breaking-news/live-feed.ts) and the editors' presence
 * (articles/presence.service.ts) each keep one.
 */
export function lastingListener({
  pool,
  channel,
  onNotification,
  onListening,
  wanted,
  logger,
  what,
  reconnectMs = 1_000,
}: {
  pool: pg.Pool;
  channel: string;
  onNotification: (payload: string) => void;
  onListening: () => Promise<void>;
  wanted: () => boolean;
  logger: { warn: (obj: object, msg: string) => void };
  /** Named in the log: 'the live breaking-news listener'. */
  what: string;
  reconnectMs?: number;
}): LastingListener {
  let client: pg.PoolClient | undefined;
  let connecting: Promise<void> | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let closed = false;

  const drop = (err?: Error) => {
    const held = client;
    client = undefined;
    if (held) {
      held.removeAllListeners('notification');
      held.release(err ?? true);
    }
  };
  const scheduleReconnect = () => {
    if (closed || reconnect || !wanted()) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      if (!client) void listen();
    }, reconnectMs);
    reconnect.unref();
  };
  const listen = (): Promise<void> =>
    (connecting ??= (async () => {
      try {
        const listening = await listenOn(pool, [channel], {
          notification: (msg) => msg.channel === channel && onNotification(msg.payload ?? ''),
          error: (err) => {
            logger.warn({ err }, `${what} lost its connection; reconnecting`);
            drop(err);
            scheduleReconnect();
          },
        });
        if (closed) return void listening.release(true);
        client = listening;
        await onListening();
      } catch (err) {
        logger.warn({ err }, `${what} could not listen; retrying`);
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })());

  return {
    ensure: () => (client ? Promise.resolve() : listen()),
    async close() {
      closed = true;
      clearTimeout(reconnect);
      await connecting;
      drop();
    },
  };
}

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

import net from 'node:net';

/**
 * A TCP proxy in front of a real server (Redis, PostgreSQL) that a test can cut off without closing anything:
 * `blackhole()` stops forwarding bytes both ways while every connection stays open, as a dropped network or a
 * frozen host looks to a client (no reset, no answer); `restore()` forwards again, with what was held. Counts
 * the bytes clients sent on each connection, so a test can tell whether a client still talks to the server over
 * the connections it had, apart from the fresh connections a reconnecting client opens.
 */
export interface TcpProxy {
  port: number;
  url(scheme: string, path?: string): string;
  blackhole(): void;
  restore(): void;
  /** Connections accepted since the proxy started. */
  readonly connections: number;
  /** Bytes received from clients since the proxy started, on every connection or on the first `connections` only. */
  clientBytes(connections?: number): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cut = false;
  /** Bytes received from clients, per connection in the order they were accepted. */
  const received: number[] = [];
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket, connection?: number) =>
    from.on('data', (chunk: Buffer) => {
      if (connection !== undefined) received[connection]! += chunk.length;
      if (cut) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    received.push(0);
    forward(client, upstream, received.length - 1);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    blackhole: () => {
      cut = true;
    },
    restore: () => {
      cut = false;
      for (const write of held.splice(0)) write();
    },
    get connections() {
      return received.length;
    },
    clientBytes: (connections = received.length) => received.slice(0, connections).reduce((sum, bytes) => sum + bytes, 0),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

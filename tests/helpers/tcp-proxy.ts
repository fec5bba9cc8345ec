import net from 'node:net';

/**
 * A TCP proxy in front of a real server (Redis, PostgreSQL) that a test can cut off without closing anything:
 * `blackhole()` stops forwarding bytes both ways while every connection stays open, as a dropped network or a
 * frozen host looks to a client (no reset, no answer); `restore()` forwards again, with what was held. Counts
 * the bytes clients sent, so a test can tell whether a client still talks to the server.
 */
export interface TcpProxy {
  port: number;
  url(scheme: string, path?: string): string;
  blackhole(): void;
  restore(): void;
  /** Bytes received from clients since the proxy started. */
  readonly clientBytes: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cut = false;
  let clientBytes = 0;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket, counts: boolean) =>
    from.on('data', (chunk: Buffer) => {
      if (counts) clientBytes += chunk.length;
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
    forward(client, upstream, true);
    forward(upstream, client, false);
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
    get clientBytes() {
      return clientBytes;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import http from 'node:http';
import type { TestApp } from './app';

/**
 * A listening server with the response cache's front door before the app, as the server process has it, handed
 * to `use` and closed afterwards; `reachedApp()` counts the requests that got past the door.
 */
export async function behindFrontDoor(
  { ctx, app }: Pick<TestApp, 'ctx' | 'app'>,
  use: (server: http.Server, reachedApp: () => number) => Promise<void>,
): Promise<void> {
  let reached = 0;
  const server = http.createServer(
    ctx.cache.frontDoor((req, res) => {
      reached += 1;
      app(req, res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(server, () => reached);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createResponseCache } from './response-cache';
import { MemoryStore } from './store';

/** Values the pages' kept reads remember (server/src/reader/internal-api.ts), in the memory store. */
describe('a remembered value', () => {
  it('is read from its stored bytes once, shared frozen by every reader, and made anew after a purge of its tags', async () => {
    const cache = createResponseCache({ store: new MemoryStore(1024 * 1024), logger: createLogger('silent'), ttlSeconds: 300 });
    let made = 0;
    const read = () => cache.remember('read:/api/site', ['site'], async () => ({ made: ++made, menus: { header: [{ path: '/about' }] } }));
    const made1 = await read();
    expect(made1).toEqual({ made: 1, menus: { header: [{ path: '/about' }] } });
    // The value just made is frozen too: a reader that changes it fails on the first page, not only on later ones.
    expect(Object.isFrozen(made1.menus.header[0])).toBe(true);
    const [first, second] = [await read(), await read()];
    expect(first).toEqual({ made: 1, menus: { header: [{ path: '/about' }] } });
    expect(second).toBe(first);
    expect(Object.isFrozen(first.menus.header[0])).toBe(true);
    expect(() => {
      (first.menus.header as { path: string }[]).push({ path: '/x' });
    }).toThrow(TypeError);
    await cache.purge(['site']);
    expect(await read()).toMatchObject({ made: 2 });
    expect(await read()).not.toBe(first);
  });

  it('is frozen too when there is nowhere to keep it, and made for each caller', async () => {
    const cache = createResponseCache({ store: undefined, logger: createLogger('silent'), ttlSeconds: 300 });
    let made = 0;
    const read = () => cache.remember('read:/api/site', ['site'], async () => ({ made: ++made, menus: { header: [{ path: '/about' }] } }));
    const first = await read();
    expect(Object.isFrozen(first.menus.header[0])).toBe(true);
    expect(await read()).toMatchObject({ made: 2 });
  });
});

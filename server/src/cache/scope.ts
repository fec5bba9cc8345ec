/**
 * The page renderer (reader/) still names the cache scope here; it lives in lib/cache-scope.ts, where lib/route.ts
 * can use it without depending on the cache (docs/architecture.md, "Layers").
 */
export { refuseCaching } from '../lib/cache-scope';

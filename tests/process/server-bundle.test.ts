import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server-process';

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit', timeout: 240_000 });
  expect(build.status).toBe(0);
}, 300_000);

/**
 * The built server's source map (scripts/build-server.mjs, docs/decisions/071-server-source-map.md): Node parses all of
 * it the first time a stack is formatted, so it holds our own code's positions only.
 */
describe('the server bundle’s source map', () => {
  let map: { sources: string[]; mappings: string };
  let lines: ReturnType<typeof decode>;
  let code: string[];

  beforeAll(() => {
    map = JSON.parse(readFileSync(path.join(ROOT, 'server/dist/main.js.map'), 'utf8'));
    lines = decode(map.mappings);
    code = readFileSync(path.join(ROOT, 'server/dist/main.js'), 'utf8').split('\n');
  }, 300_000);

  it('maps no position into an npm package', () => {
    const mapped = new Set(lines.flatMap((line) => line.filter((s) => s.length > 1).map((s) => map.sources[s[1]!]!)));
    expect([...mapped].filter((source) => source.includes('node_modules/'))).toEqual([]);
    // The packages are in the bundle all the same: the map is what leaves them out.
    expect(map.sources.some((source) => source.includes('node_modules/@prisma/client'))).toBe(true);
  });

  it('maps the server’s own code back to its file and line', () => {
    const line = code.findIndex((l) => l.includes('async function shutdown('));
    expect(line).toBeGreaterThan(-1);
    const column = code[line]!.indexOf('async function shutdown(');
    const segment = lines[line]!.find((s) => s[0] === column);
    expect(segment && [map.sources[segment[1]!], segment[2]! + 1]).toEqual([
      '../src/main.ts',
      readFileSync(path.join(ROOT, 'server/src/main.ts'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('async function shutdown(')) + 1,
    ]);
  });
});

/**
 * The reader's render bundle (client/dist-server) carries React and the libraries it renders with, each of which picks
 * its development or production code by NODE_ENV when it is loaded. The build chooses production for them
 * (client/vite.config.ts): `npm start` runs without NODE_ENV, and React's development renderer costs twice the CPU a
 * page (docs/decisions/075-production-render-bundle.md).
 */
describe('the server’s render bundle', () => {
  let modules: string[];

  beforeAll(() => {
    const dist = path.join(ROOT, 'client/dist-server');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    // Each bundled module opens with a comment naming its file.
    modules = files.flatMap((file) => readFileSync(path.join(dist, file), 'utf8').match(/^\/\/ node_modules\/\S+\.m?js$/gm) ?? []);
  }, 300_000);

  it('holds the production code of React and its libraries, and none of their development code', () => {
    expect(modules).toContain('// node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js');
    expect(modules).toContain('// node_modules/react/cjs/react.production.js');
    expect(modules.some((module) => module.startsWith('// node_modules/react-router/dist/production/'))).toBe(true);
    expect(modules.filter((module) => /[./]development[./]/.test(module))).toEqual([]);
  });
});

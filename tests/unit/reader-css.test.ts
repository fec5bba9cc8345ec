import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * client/src/reader.css leaves out of the reader's stylesheet the components only the dashboard imports. A component a
 * reader page imports, left out there, would render unstyled on the reader's pages (until the dashboard's stylesheet
 * loads, which a reader never does): every file the reader's entry reaches must be in the stylesheet's sources.
 */
const SRC = path.resolve(import.meta.dirname, '../../client/src');
const DASHBOARD_ENTRY = 'app/dashboard/dashboard-route.tsx';

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('#client/')
    ? path.join(SRC, spec.slice('#client/'.length))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.tsx`, `${base}.ts`].find((file) => {
    try {
      return /\.tsx?$/.test(file) && readFileSync(file) !== undefined;
    } catch {
      return false;
    }
  });
}

/** The source files the reader's entry imports, statically or lazily, short of the dashboard's chunk. */
function readerFiles(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, a, b, c] of text.matchAll(
      /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    )) {
      const spec = (a ?? b ?? c)!;
      const target = resolveImport(file, spec);
      if (target && path.relative(SRC, target) !== DASHBOARD_ENTRY) visit(target);
    }
  };
  visit(path.join(SRC, 'main.tsx'));
  return new Set([...seen].map((file) => path.relative(SRC, file)));
}

/** The paths reader.css leaves out: `@source not './x'` (a file, or a folder and everything in it). */
function leftOut(): string[] {
  const css = readFileSync(path.join(SRC, 'reader.css'), 'utf8');
  return [...css.matchAll(/@source not '\.\/([^'*]+)'/g)].map(([, p]) => p!);
}

describe('the reader stylesheet', () => {
  it('leaves out nothing a reader page imports', () => {
    const reader = readerFiles();
    expect(reader.size).toBeGreaterThan(50);
    expect(reader.has('app/reader/routes/article.tsx')).toBe(true);
    const wrongly = [...reader].filter((file) => leftOut().some((out) => file === out || file.startsWith(`${out}/`)));
    expect(wrongly).toEqual([]);
  });

  it('leaves out only files that exist', () => {
    const all = new Set(readdirSync(SRC, { recursive: true, encoding: 'utf8' }));
    expect(leftOut().filter((out) => !all.has(out))).toEqual([]);
  });
});

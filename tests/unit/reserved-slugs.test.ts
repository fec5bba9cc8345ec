import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { RESERVED_SLUGS } from '#shared/schemas/pages';
import { routePatterns } from '#client/config/paths';

/** The first segment of a path, when it is a word a page's address could be (`/news/:section` → `news`). */
const firstWord = (p: string) => /^\/([a-z0-9-]+)/.exec(p)?.[1];

describe('the addresses a static page may not take (docs/decisions/057-pages-and-navigation.md)', () => {
  it('hold the first segment of every route of the app, of the API, of the health checks and of every folder the site serves', () => {
    const publicDir = path.resolve(import.meta.dirname, '../../client/public');
    const folders = readdirSync(publicDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const taken = [
      ...Object.values(routePatterns).map(firstWord),
      firstWord(PAGE_HEAD_PATH),
      'healthz',
      'readyz',
      'uploads',
      'assets',
      'sitemaps',
      ...folders,
    ].filter((w): w is string => !!w && !w.startsWith(':'));
    expect(taken).toContain('dashboard');
    for (const word of taken) expect(RESERVED_SLUGS, word).toContain(word);
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one anonymous read depends on, gathered while it is answered (docs/decisions/026-response-cache.md).
 * Route declarations (`cacheTags` in lib/route.ts), the feeds and the pages add tags; the response cache
 * stores the answer under them, and a write that purges one of them drops it. An answer without tags is
 * never stored: caching is opt-in, by saying what the answer is made of.
 */
export interface CacheScope {
  tags: Set<string>;
  /** Seconds the answer may be kept at most, when something in it moves without a write (view counts). */
  ttlSeconds?: number;
  /** Something it is made of failed (a database error shown as a gap): sent, never stored. */
  refused?: boolean;
}

/** What a write needs of the response cache (cache/response-cache.ts): dropping the answers that show what it changed. */
export interface CachePurger {
  purge(tags: Iterable<string>): Promise<void>;
}

const scopes = new AsyncLocalStorage<CacheScope>();

export function withCacheScope<T>(scope: CacheScope, work: () => T): T {
  return scopes.run(scope, work);
}

/**
 * Tags of the data the current answer shows. Outside a cacheable read (a signed-in caller, a write, a
 * test calling a service directly) it does nothing.
 */
export function tagResponse(tags: Iterable<string>, options: { ttlSeconds?: number } = {}): void {
  const scope = scopes.getStore();
  if (!scope) return;
  for (const tag of tags) scope.tags.add(tag);
  if (options.ttlSeconds !== undefined) scope.ttlSeconds = Math.min(scope.ttlSeconds ?? Infinity, options.ttlSeconds);
}

/** The current answer is not what it should be (a part of it failed): it is sent, but never stored. */
export function refuseCaching(): void {
  const scope = scopes.getStore();
  if (scope) scope.refused = true;
}

/** The tags a public read or a write names: one vocabulary for both sides. */
export const Tags = {
  /** Every list, page or feed that shows published articles (which, in what order, their summaries). */
  articles: 'articles',
  /** One article: its JSON, its page, its share page and image, including while it is missing (404). */
  // Lower-cased: PostgreSQL reads `/api/articles/<ID>` in any case, and a purge must reach every spelling.
  article: (id: string) => `article:${id.toLowerCase()}`,
  /** The comments of one article. */
  comments: (articleId: string) => `comments:${articleId.toLowerCase()}`,
  /** Categories: their lists, and every page, since the header and footer name them. */
  categories: 'categories',
  /** Published breaking news: its list, and every page, since the ticker shows it. */
  breaking: 'breaking',
  /** The site settings (GET /api/site and what is read from them); a save purges everything, since every page shows them. */
  site: 'site',
  /** Published static pages: which, their titles and addresses (the menus, so every reader page). */
  pages: 'pages',
  /** When published static pages last changed: the sitemaps that date them. */
  pageDates: 'pages:dates',
  /** One static page by its address, including while nothing is there (404). */
  page: (slug: string) => `page:${slug.toLowerCase()}`,
  /** The newsletters readers may subscribe to (their list, the /newsletters page). */
  newsletters: 'newsletters',
  /** Everything stored: for the rare writes that touch a little of everything (a user's name, images). */
  everything: '*',
} as const;

/** What a change to one article touches: the article itself, its comments' page, and every list of articles. */
export const articleChanged = (id: string) => [Tags.article(id), Tags.comments(id), Tags.articles];

import { LIMITS } from './constants';
import type { Article, ArticleListItem, Author, Page } from './types';

/**
 * What a server-rendered reader page shows, as the render reports it (client/src/app/reader/load.ts) and
 * the page head is built from (server/src/reader/head.ts).
 */
export type ReaderPage =
  /** `page` is the Latest river's page: 1 for the home page itself, 2… for `/?page=2`… */
  | { kind: 'home'; mainStory?: ArticleListItem | null; page?: number }
  | { kind: 'author'; author: Author; articles: Page<ArticleListItem>; page: number }
  | { kind: 'article'; article: Article }
  | { kind: 'category'; category: { id: string; name: string; slug: string }; articles: ArticleListItem[] }
  /** `path` is the page's path, '/news/sports' say; `heading` its h1. */
  | { kind: 'section'; section: { path: string; heading: string }; articles: ArticleListItem[] }
  /** `title` is what the client route shows ('Article Not Found'); 'Page not found' when absent. */
  | { kind: 'not-found'; title?: string };

/**
 * The page number of a reader's list, from its address's `page` parameter: 1 when there is none; null when it is not
 * one (`abc`, `0`, `01`, `1`, past LIMITS.readerPageMax), and the page answers 301 to its canonical address.
 */
export function readerPageNumber(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(value)) return null;
  const page = Number(value);
  return page >= 2 && page <= LIMITS.readerPageMax ? page : null;
}

/** The address of page `page` of a reader's list at `path`: the page itself for 1, `?page=n` after. */
export const readerPagePath = (path: string, page: number) => (page <= 1 ? path : `${path}?page=${page}`);

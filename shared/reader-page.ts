import type { Article, ArticleListItem, Author, CorrectionListItem, Page, PublicPage } from './types';

/**
 * What a section page is called in its title (client and server alike): 'Sports section'. A category may
 * bear a section's name (/category/sports beside /news/sports): the two pages list different articles
 * (by category, by section) and must not read as one (docs/decisions/052-category-and-section-pages.md).
 */
export const sectionPageName = (heading: string) => `${heading} section`;

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
  /** /corrections: page `page` of the newest corrections (docs/decisions/062-corrections.md). */
  | { kind: 'corrections'; corrections: CorrectionListItem[]; page: number }
  /** /search (docs/decisions/065-search.md): `query` as searched ('' for the empty page), page `page` of its results. */
  | { kind: 'search'; query: string; page: number }
  /** /newsletters, a subscriber's /newsletters/preferences, and the confirmation link's page (docs/decisions/069-newsletters.md). */
  | { kind: 'newsletters'; view: 'list' | 'preferences' | 'confirm' }
  /** A static page (About, Privacy…) at `/<slug>`. */
  | { kind: 'page'; page: PublicPage }
  /** `title` is what the client route shows ('Article Not Found'); 'Page not found' when absent. */
  | { kind: 'not-found'; title?: string };

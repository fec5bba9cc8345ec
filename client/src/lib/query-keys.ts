/**
 * Query keys of the reader's pages, one table for every feature, so that a change made in one feature
 * invalidates every screen that shows the data.
 */
export const readerKeys = {
  articles: ['articles'] as const,
  article: (id: string) => ['articles', 'detail', id] as const,
  published: ['articles', 'published'] as const,
  publishedList: <F>(filter: F) => ['articles', 'published', filter] as const,
  publishedPages: <F>(filter: F) => ['articles', 'published', 'pages', filter] as const,
  /** The home page's blocks and page `page` of its Latest river. */
  home: (page: number) => ['articles', 'published', 'home', page] as const,
  /** An author and page `page` of their articles; under 'articles' so that a change to an article refetches it. */
  author: (slug: string, page: number) => ['articles', 'published', 'author', slug, page] as const,
  /** Page `page` of the newest corrections; under 'articles' so that a change to an article refetches it. */
  corrections: (page: number) => ['articles', 'published', 'corrections', page] as const,
  /** A search's page; under 'articles' so that a change to an article refetches it. */
  search: <P>(params: P) => ['articles', 'published', 'search', params] as const,
  /** The site's name, contact and social accounts (its settings), around every page. */
  site: ['site'] as const,
  /** A published static page by its address. */
  page: (slug: string) => ['pages', 'public', slug] as const,
  /** The newsletters readers may subscribe to, and a subscriber's choices (by their token). */
  newsletters: ['newsletters'] as const,
  newsletterPreferences: (token: string) => ['newsletters', 'preferences', token] as const,
  categories: ['categories'] as const,
  category: (idOrSlug: string) => ['categories', 'one', idOrSlug] as const,
  breakingNews: ['breaking-news'] as const,
  headlines: (limit: number) => ['breaking-news', 'public', limit] as const,
  articleComments: (articleId: string) => ['comments', 'article', articleId] as const,
  viewStats: (articleId: string) => ['views', 'stats', articleId] as const,
};

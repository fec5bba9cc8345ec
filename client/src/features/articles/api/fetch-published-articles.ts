import type { ArticleListItem, Page } from '#shared/types';
import { api, type ReadOptions } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** Filters of GET /api/articles/published (docs/api.md): ask only for what a screen shows; with `featured` the server orders by when each story was featured, newest first. */
export interface PublishedArticlesFilter {
  section?: string;
  /** Category id or slug. */
  category?: string;
  featured?: boolean;
  main?: boolean;
  limit?: number;
}

export function getPublishedArticles(
  filter: PublishedArticlesFilter & { offset?: number },
  read: ReadOptions = {},
): Promise<Page<ArticleListItem>> {
  return api.get<Page<ArticleListItem>>(apiPaths.articles.published, {
    ...read,
    query: {
      section: filter.section,
      category: filter.category,
      featured: filter.featured ? true : undefined,
      main: filter.main ? true : undefined,
      limit: filter.limit,
      offset: filter.offset || undefined,
    },
  });
}

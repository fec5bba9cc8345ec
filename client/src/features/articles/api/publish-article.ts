import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/articles/:id/publish. Run through useArticleAction for the optimistic update. */
export function publishArticle(id: string): Promise<Article> {
  return api.post<Article>(apiPaths.articles.publish(id));
}

import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** DELETE /api/articles/:id (admins). Run through useArticleAction for the optimistic removal. */
export function deleteArticle(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(apiPaths.articles.one(id));
}

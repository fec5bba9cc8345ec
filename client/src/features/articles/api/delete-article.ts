import { api } from '../../../lib/api-client';

/** DELETE /api/articles/:id (admins). Run through useArticleAction for the optimistic removal. */
export function deleteArticle(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/api/articles/${encodeURIComponent(id)}`);
}

import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

/** POST /api/articles/:id/unpublish. Run through useArticleAction for the optimistic update. */
export function unpublishArticle(id: string): Promise<Article> {
  return api.post<Article>(`/api/articles/${encodeURIComponent(id)}/unpublish`);
}

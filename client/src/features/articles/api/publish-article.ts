import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

/** POST /api/articles/:id/publish. Run through useArticleAction for the optimistic update. */
export function publishArticle(id: string): Promise<Article> {
  return api.post<Article>(`/api/articles/${encodeURIComponent(id)}/publish`);
}

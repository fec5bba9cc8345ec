import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

/** GET /api/articles/:id: the article as stored now, to refill an edit form after a conflict. */
export function getArticle(id: string): Promise<Article> {
  return api.get<Article>(`/api/articles/${encodeURIComponent(id)}`);
}

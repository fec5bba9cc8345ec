import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export type FeaturedResult = Article & { unfeatured: { id: string; title: string } | null };

/** POST /api/articles/:id/featured; the answer names the story the server unfeatured to stay within three. */
export function updateArticleFeatured(id: string, isFeatured: boolean): Promise<FeaturedResult> {
  return api.post<FeaturedResult>(`/api/articles/${encodeURIComponent(id)}/featured`, { isFeatured });
}

import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

export type FeaturedResult = Article & { unfeatured: { id: string; title: string } | null };

/** POST /api/articles/:id/featured; the answer names the story the server unfeatured to stay within three. */
export function updateArticleFeatured(id: string, isFeatured: boolean): Promise<FeaturedResult> {
  return api.post<FeaturedResult>(apiPaths.articles.featured(id), { isFeatured });
}

import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import type { UpdateArticleInput } from '#shared/schemas/articles';
import { versionTag } from '#shared/schemas/version';
import * as apiPaths from '#client/config/api-paths';

/** `version`: the one the form was filled from; a stale one is refused (412), never overwritten. */
export function updateArticle(id: string, input: UpdateArticleInput, version: number): Promise<Article> {
  return api.put<Article>(apiPaths.articles.one(id), input, { headers: { 'If-Match': versionTag(version) } });
}

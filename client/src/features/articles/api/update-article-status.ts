import type { Article } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

export type StoryStatusInput = { isStory?: boolean; isMainStory?: boolean; storyPriority?: number };

/** POST /api/articles/:id/status: the story, main-story and priority flags. */
export function updateArticleStatus(id: string, input: StoryStatusInput): Promise<Article> {
  return api.post<Article>(apiPaths.articles.status(id), input);
}

import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export type StoryStatusInput = { isStory?: boolean; isMainStory?: boolean; storyPriority?: number };

/** POST /api/articles/:id/status: the story, main-story and priority flags. */
export function updateArticleStatus(id: string, input: StoryStatusInput): Promise<Article> {
  return api.post<Article>(`/api/articles/${encodeURIComponent(id)}/status`, input);
}

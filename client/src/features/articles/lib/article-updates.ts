import type { Article, ArticleListItem } from '#shared/types';
import { LIMITS } from '#shared/constants';

/**
 * Featured stories, the most recently featured first. `serverOrder` is the public featured list, which
 * the server orders by when each was featured; featured articles missing from it (not published) follow,
 * newest update first.
 */
export function featuredInOrder(all: readonly Article[], serverOrder: readonly ArticleListItem[]): Article[] {
  const byId = new Map(all.filter((a) => a.isFeatured).map((a) => [a.id, a]));
  const ordered: Article[] = [];
  for (const a of serverOrder) {
    const current = byId.get(a.id);
    if (current) {
      ordered.push(current);
      byId.delete(a.id);
    }
  }
  const rest = [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return [...ordered, ...rest];
}

/**
 * Featuring `candidateId` when `max` stories are already featured unfeatures the one featured longest
 * ago (docs/spec/SPEC.md §4): this returns that story, so the confirmation can name it, or null when there is room.
 */
export function storyToUnfeature<T extends { id: string }>(
  featured: readonly T[],
  candidateId: string,
  max: number = LIMITS.maxFeatured,
): T | null {
  const others = featured.filter((a) => a.id !== candidateId);
  if (others.length < max) return null;
  return others[others.length - 1] ?? null;
}

/** The stories screen: featured stories first (up to three, most recently featured first), then the rest by priority, newest first. */
export function orderStories(stories: readonly Article[], featured: readonly Article[], max: number = LIMITS.maxFeatured): Article[] {
  const storyIds = new Set(stories.map((s) => s.id));
  const top = featured.filter((a) => storyIds.has(a.id)).slice(0, max);
  const topIds = new Set(top.map((a) => a.id));
  const byId = new Map(stories.map((s) => [s.id, s]));
  const rest = stories
    .filter((s) => !topIds.has(s.id))
    .sort((a, b) => b.storyPriority - a.storyPriority || newest(b).localeCompare(newest(a)));
  return [...top.map((a) => byId.get(a.id) ?? a), ...rest];
}

function newest(a: Article): string {
  return a.publishedAt ?? a.createdAt;
}

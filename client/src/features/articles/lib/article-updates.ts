import type { Article, ArticleListItem, Page } from '../../../../../shared/types';
import { LIMITS } from '../../../../../shared/constants';

/**
 * The article changes the dashboard applies optimistically (SPEC.md §4), as pure functions over a
 * list, so the same rule runs on every cached list and is reverted by restoring the snapshot.
 * The side effects mirror the server's rules (CONTRACT.md §4): unmarking a story clears its featured
 * and main flags; unpublishing one too; one main story per section; at most three featured stories.
 */
export type ArticleAction =
  | { kind: 'publish' }
  | { kind: 'unpublish' }
  | { kind: 'story'; value: boolean }
  | { kind: 'featured'; value: boolean; unfeatureId?: string | null }
  | { kind: 'main'; value: boolean }
  | { kind: 'priority' }
  | { kind: 'edit'; changes: Partial<Pick<Article, 'title' | 'summary' | 'content' | 'categoryId' | 'section' | 'category'>> }
  | { kind: 'delete' };

export function applyArticleAction(articles: readonly Article[], id: string, action: ArticleAction, now = new Date()): Article[] {
  const target = articles.find((a) => a.id === id);
  if (!target) return [...articles];
  if (action.kind === 'delete') return articles.filter((a) => a.id !== id);
  const at = now.toISOString();
  return articles.map((article) => {
    if (article.id === id) return { ...article, ...changesFor(article, action, at) };
    if (action.kind === 'main' && action.value && article.isMainStory && article.section === target.section)
      return { ...article, isMainStory: false };
    if (action.kind === 'featured' && action.value && action.unfeatureId === article.id) return { ...article, isFeatured: false };
    return article;
  });
}

function changesFor(article: Article, action: Exclude<ArticleAction, { kind: 'delete' }>, at: string): Partial<Article> {
  switch (action.kind) {
    case 'publish':
      return { status: 'published', publishedAt: article.publishedAt ?? at };
    case 'unpublish':
      // A hidden article gives up its featured and main slots (server rule).
      return { status: 'unpublished', isFeatured: false, isMainStory: false };
    case 'story':
      return action.value ? { isStory: true } : { isStory: false, isFeatured: false, isMainStory: false };
    case 'featured':
      return { isFeatured: action.value };
    case 'main':
      return { isMainStory: action.value };
    case 'priority':
      return { storyPriority: article.storyPriority + 1 };
    case 'edit':
      return action.changes;
  }
}

/** The same change on one cached page of articles (`{ data, pagination }`). */
export function applyToPage(
  page: Page<Article> | undefined,
  id: string,
  action: ArticleAction,
  now = new Date(),
): Page<Article> | undefined {
  if (!page) return page;
  if (!page.data.some((a) => a.id === id)) return page;
  const data = applyArticleAction(page.data, id, action, now);
  const removed = page.data.length - data.length;
  return { data, pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - removed) } };
}

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
 * ago (SPEC.md §4): this returns that story, so the confirmation can name it, or null when there is room.
 */
export function storyToUnfeature(featured: readonly Article[], candidateId: string, max: number = LIMITS.maxFeatured): Article | null {
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

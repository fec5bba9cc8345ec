import type { Article } from '#shared/types';

const stamp = (a: Pick<Article, 'publishedAt' | 'updatedAt'>) => {
  const t = Date.parse(a.publishedAt ?? a.updatedAt);
  return Number.isNaN(t) ? 0 : t;
};

/** Newest first by publishedAt, falling back to updatedAt (docs/spec/SPEC.md §2, CONTRACT §4). Does not mutate. */
export function sortNewestFirst<T extends Pick<Article, 'publishedAt' | 'updatedAt'>>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => stamp(b) - stamp(a));
}

/** The category page's split: the first three under 'Latest Stories', the rest under 'More Stories'. */
export function splitLatest<T>(articles: readonly T[], latest = 3): { latest: T[]; more: T[] } {
  return { latest: articles.slice(0, latest), more: articles.slice(latest) };
}

import type { Article } from '../../shared/types';

/** A complete wire Article for unit tests, with overrides. */
export function makeArticle(overrides: Partial<Article> & { id: string }): Article {
  return {
    title: `Article ${overrides.id}`,
    summary: 'Summary',
    content: '<p>Text</p>',
    imageUrl: null,
    author: { id: 'u1', name: 'Ann Author' },
    category: { id: 'c1', name: 'World', slug: 'world' },
    categoryId: 'c1',
    section: 'General',
    status: 'published',
    isStory: false,
    isFeatured: false,
    isMainStory: false,
    storyPriority: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    totalViews: 0,
    media: [],
    version: 1,
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { featuredInOrder, orderStories, storyToUnfeature } from './article-updates';
import { makeArticle } from '#tests/helpers/wire-articles';

describe('the featured limit (docs/spec/SPEC.md §4: at most 3)', () => {
  const f = (id: string) => makeArticle({ id, title: `Story ${id}`, isStory: true, isFeatured: true });

  it('asks for nothing while there is room', () => {
    expect(storyToUnfeature([f('1'), f('2')], 'new')).toBeNull();
  });

  it('names the story featured longest ago when a fourth is featured', () => {
    // Most recently featured first, as the server's featured list is ordered.
    expect(storyToUnfeature([f('3'), f('2'), f('1')], 'new')?.id).toBe('1');
  });

  it('does not count the candidate itself', () => {
    expect(storyToUnfeature([f('3'), f('new'), f('1')], 'new')).toBeNull();
  });

  it('orders featured stories by the server list, then unknown ones by last update', () => {
    const all = [
      f('a'),
      makeArticle({ id: 'b', isStory: true, isFeatured: true, updatedAt: '2026-02-01T00:00:00.000Z' }),
      f('c'),
      makeArticle({ id: 'd' }),
    ];
    const server = [makeArticle({ id: 'c' }), makeArticle({ id: 'a' }), makeArticle({ id: 'gone' })];
    expect(featuredInOrder(all, server).map((a) => a.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('orderStories', () => {
  it('puts up to three featured stories first, then the rest by priority and date', () => {
    const stories = [
      makeArticle({ id: 'plain-old', isStory: true, publishedAt: '2026-01-01T00:00:00.000Z' }),
      makeArticle({ id: 'plain-new', isStory: true, publishedAt: '2026-02-01T00:00:00.000Z' }),
      makeArticle({ id: 'high', isStory: true, storyPriority: 3 }),
      makeArticle({ id: 'f1', isStory: true, isFeatured: true }),
      makeArticle({ id: 'f2', isStory: true, isFeatured: true }),
    ];
    const featured = [stories[4]!, stories[3]!];
    expect(orderStories(stories, featured).map((s) => s.id)).toEqual(['f2', 'f1', 'high', 'plain-new', 'plain-old']);
  });
});

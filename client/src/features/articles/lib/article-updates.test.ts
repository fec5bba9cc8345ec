import { describe, expect, it } from 'vitest';
import { applyArticleAction, applyToPage, featuredInOrder, orderStories, storyToUnfeature } from './article-updates';
import { makeArticle } from '../../../../../tests/helpers/wire-articles';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('applyArticleAction', () => {
  it('publishes a draft and stamps publishedAt only the first time', () => {
    const draft = makeArticle({ id: 'a', status: 'draft', publishedAt: null });
    const [published] = applyArticleAction([draft], 'a', { kind: 'publish' }, NOW);
    expect(published).toMatchObject({ status: 'published', publishedAt: NOW.toISOString() });
    const again = makeArticle({ id: 'b', status: 'unpublished', publishedAt: '2025-05-05T00:00:00.000Z' });
    expect(applyArticleAction([again], 'b', { kind: 'publish' }, NOW)[0]!.publishedAt).toBe('2025-05-05T00:00:00.000Z');
  });

  it('unpublishing gives up the featured and main slots', () => {
    const a = makeArticle({ id: 'a', isStory: true, isFeatured: true, isMainStory: true });
    expect(applyArticleAction([a], 'a', { kind: 'unpublish' })[0]).toMatchObject({
      status: 'unpublished',
      isFeatured: false,
      isMainStory: false,
      isStory: true,
    });
  });

  it('unmarking a story clears its featured and main flags', () => {
    const a = makeArticle({ id: 'a', isStory: true, isFeatured: true, isMainStory: true });
    expect(applyArticleAction([a], 'a', { kind: 'story', value: false })[0]).toMatchObject({
      isStory: false,
      isFeatured: false,
      isMainStory: false,
    });
  });

  it('a new main story replaces the previous one of the same section only', () => {
    const list = [
      makeArticle({ id: 'old', isStory: true, isMainStory: true, section: 'Sports' }),
      makeArticle({ id: 'other', isStory: true, isMainStory: true, section: 'Business' }),
      makeArticle({ id: 'new', isStory: true, section: 'Sports' }),
    ];
    const after = applyArticleAction(list, 'new', { kind: 'main', value: true });
    expect(after.map((a) => [a.id, a.isMainStory])).toEqual([
      ['old', false],
      ['other', true],
      ['new', true],
    ]);
  });

  it('featuring with a story to unfeature swaps the two', () => {
    const list = [makeArticle({ id: 'oldest', isStory: true, isFeatured: true }), makeArticle({ id: 'new', isStory: true })];
    const after = applyArticleAction(list, 'new', { kind: 'featured', value: true, unfeatureId: 'oldest' });
    expect(after.map((a) => [a.id, a.isFeatured])).toEqual([
      ['oldest', false],
      ['new', true],
    ]);
  });

  it('raises the priority by one', () => {
    const a = makeArticle({ id: 'a', isStory: true, storyPriority: 4 });
    expect(applyArticleAction([a], 'a', { kind: 'priority' })[0]!.storyPriority).toBe(5);
  });

  it('delete removes the row and the page total shrinks', () => {
    const page = { data: [makeArticle({ id: 'a' }), makeArticle({ id: 'b' })], pagination: { total: 7, limit: 2, offset: 0 } };
    expect(applyToPage(page, 'a', { kind: 'delete' })).toEqual({ data: [page.data[1]], pagination: { total: 6, limit: 2, offset: 0 } });
  });

  it('leaves a page without the article untouched (same object)', () => {
    const page = { data: [makeArticle({ id: 'a' })], pagination: { total: 1, limit: 25, offset: 0 } };
    expect(applyToPage(page, 'zzz', { kind: 'publish' })).toBe(page);
  });

  it('does not mutate its input', () => {
    const list = [makeArticle({ id: 'a', status: 'draft' })];
    applyArticleAction(list, 'a', { kind: 'publish' });
    expect(list[0]!.status).toBe('draft');
  });
});

describe('the featured limit (SPEC.md §4: at most 3)', () => {
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

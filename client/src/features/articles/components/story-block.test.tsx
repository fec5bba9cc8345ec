// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Article } from '#shared/types';
import { StoryBlock } from './story-block';
import { makeArticle } from '#tests/helpers/wire-articles';

afterEach(cleanup);

const article = (n: number, over: Partial<Article> = {}): Article =>
  makeArticle({
    id: `a${n}`,
    title: `Story ${n}`,
    summary: `Summary ${n}`,
    author: { id: 'u', name: 'Aria Author' },
    category: { id: 'c', name: 'Sports', slug: 'sports' },
    categoryId: 'c',
    section: 'Sports',
    ...over,
  });

const renderBlock = (articles: Article[] | undefined, isPending = false) =>
  render(
    <MemoryRouter>
      <StoryBlock title="Sports" viewAllTo="/news/sports" articles={articles} isPending={isPending} />
    </MemoryRouter>,
  );

describe('StoryBlock (SPEC §2 Sports / Editorials & Opinions)', () => {
  it('shows the first article large and the next three as rows, with View All', () => {
    renderBlock([1, 2, 3, 4, 5].map((n) => article(n)));
    expect(screen.getByRole('heading', { level: 2, name: 'Sports' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText('Story 5')).toBeNull();
    expect(screen.getByRole('link', { name: 'View All: Sports' }).getAttribute('href')).toBe('/news/sports');
    expect(screen.getByRole('link', { name: 'Story 1' }).getAttribute('href')).toBe('/article/a1');
  });

  it('uses the placeholder image when an article has no media', () => {
    const { container } = renderBlock([article(1)]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/public/placeholder.svg');
  });

  it('previews a video muted, without controls, with a play icon', () => {
    const { container } = renderBlock([article(1, { media: [{ id: 'm', type: 'video', fileUrl: '/uploads/clip.mp4' }] })]);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/uploads/clip.mp4');
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('controls')).toBe(false);
    expect(screen.getByText('Video')).toBeTruthy();
  });

  it('is hidden when it has no articles, and shows skeletons while loading', () => {
    const empty = renderBlock([]);
    expect(empty.container.innerHTML).toBe('');
    cleanup();
    renderBlock(undefined, true);
    expect(screen.getByRole('region', { name: 'Sports' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { BreakingNews } from '#shared/types';
import { nextIndex, scrollDurationSeconds, selectHeadlines } from './headlines';

let n = 0;
const item = (over: Partial<BreakingNews>): BreakingNews => ({
  id: `bn-${++n}`,
  headline: `Headline ${n}`,
  status: 'published',
  author: { id: 'u', name: 'Eddie', role: 'editor' },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  publishedAt: '2026-01-01T00:00:00Z',
  version: 1,
  ...over,
});

describe('selectHeadlines (SPEC §4 ticker)', () => {
  it('keeps at most the 5 newest published items, newest first by updatedAt', () => {
    const items = Array.from({ length: 7 }, (_, i) => item({ headline: `h${i}`, updatedAt: `2026-01-0${i + 1}T00:00:00Z` }));
    expect(selectHeadlines(items).map((h) => h.headline)).toEqual(['h6', 'h5', 'h4', 'h3', 'h2']);
  });

  it('drops drafts and empty headlines, and falls back to createdAt', () => {
    const items = [
      item({ headline: 'draft', status: 'draft', updatedAt: '2026-05-01T00:00:00Z' }),
      item({ headline: '  ' }),
      item({ headline: 'older', updatedAt: '2026-02-01T00:00:00Z' }),
      item({ headline: 'by-created', updatedAt: '', createdAt: '2026-03-01T00:00:00Z' }),
    ];
    expect(selectHeadlines(items).map((h) => h.headline)).toEqual(['by-created', 'older']);
  });

  it('is empty when nothing is published (the ticker hides)', () => {
    expect(selectHeadlines([item({ status: 'draft' })])).toEqual([]);
  });
});

describe('scrollDurationSeconds', () => {
  it('scrolls at about 60 px/s and never faster than 4 s', () => {
    expect(scrollDurationSeconds(1200)).toBe(20);
    expect(scrollDurationSeconds(100)).toBe(4);
    expect(scrollDurationSeconds(0)).toBe(4);
    expect(scrollDurationSeconds(Number.NaN)).toBe(4);
  });
});

describe('nextIndex', () => {
  it('wraps around', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

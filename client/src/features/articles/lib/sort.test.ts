import { describe, expect, it } from 'vitest';
import { sortNewestFirst, splitLatest } from './sort';

describe('sortNewestFirst', () => {
  it('orders by publishedAt, falling back to updatedAt, newest first, without mutating', () => {
    const input = [
      { id: 'old', publishedAt: '2026-01-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z' },
      { id: 'unpublished-stamp', publishedAt: null, updatedAt: '2026-02-01T00:00:00Z' },
      { id: 'new', publishedAt: '2026-02-15T00:00:00Z', updatedAt: '2026-02-15T00:00:00Z' },
    ];
    expect(sortNewestFirst(input).map((a) => a.id)).toEqual(['new', 'unpublished-stamp', 'old']);
    expect(input[0]!.id).toBe('old');
  });
});

describe('splitLatest', () => {
  it('puts the first three under Latest Stories and the rest under More Stories', () => {
    expect(splitLatest([1, 2, 3, 4, 5])).toEqual({ latest: [1, 2, 3], more: [4, 5] });
    expect(splitLatest([1, 2])).toEqual({ latest: [1, 2], more: [] });
  });
});

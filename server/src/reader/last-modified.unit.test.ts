import { describe, expect, it } from 'vitest';
import { newestDateIn } from './last-modified';

describe('newestDateIn', () => {
  it('finds the newest updatedAt or publishedAt at any depth, in strings or dates', () => {
    const state = {
      origin: 'http://x.test',
      queries: [
        {
          data: {
            data: [
              { updatedAt: '2026-01-02T00:00:00.000Z', publishedAt: '2026-01-03T00:00:00.000Z', createdAt: '2027-01-01T00:00:00.000Z' },
            ],
          },
        },
        { data: { article: { updatedAt: new Date('2026-01-04T10:00:00.000Z'), comments: [{ updatedAt: '2026-01-05T00:00:00.000Z' }] } } },
      ],
    };
    expect(newestDateIn(state)).toEqual(new Date('2026-01-05T00:00:00.000Z'));
  });

  it('is null when nothing is dated, and skips dates that do not parse', () => {
    expect(newestDateIn({ queries: [{ data: { name: 'x', updatedAt: null, publishedAt: 'soon' } }] })).toBeNull();
    expect(newestDateIn(null)).toBeNull();
  });
});

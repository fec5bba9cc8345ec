import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { deserializeQueries, serializeQueries } from './query-client';

describe('the page state between server and browser', () => {
  const rendered = Date.parse('2026-11-23T10:00:00Z');
  const arrived = Date.parse('2026-11-23T10:07:00Z');
  const state = serializeQueries({
    mutations: [],
    queries: [
      {
        queryKey: ['article', 'a'],
        queryHash: '["article","a"]',
        dehydratedAt: rendered,
        state: {
          data: { title: 'T' },
          dataUpdateCount: 1,
          dataUpdatedAt: rendered,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
      {
        queryKey: ['article', 'b'],
        queryHash: '["article","b"]',
        dehydratedAt: rendered,
        state: {
          data: undefined,
          dataUpdateCount: 0,
          dataUpdatedAt: 0,
          error: new ApiError(404, 'Not Found', 'Article not found', []),
          errorUpdateCount: 1,
          errorUpdatedAt: rendered,
          fetchFailureCount: 1,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'error',
          fetchStatus: 'idle',
        },
      },
    ],
  });

  it("dates the data by the page's arrival, not its render, so a cached page is not read again at once", () => {
    const [found, missing] = deserializeQueries(JSON.parse(JSON.stringify(state)), arrived).queries;
    expect(found!.state.dataUpdatedAt).toBe(arrived);
    expect(found!.state.errorUpdatedAt).toBe(0);
    expect(missing!.state.dataUpdatedAt).toBe(0);
    expect(missing!.state.errorUpdatedAt).toBe(arrived);
    expect(missing!.state.error).toBeInstanceOf(ApiError);
    expect((missing!.state.error as ApiError).status).toBe(404);
  });
});

import { getSearchQueryOptions } from '#client/features/articles/api/search';
import { searchParamsOf, searchPath } from '#client/features/articles/lib/search-params';
import { ApiError } from '#client/lib/api-client';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';

/**
 * On the server: /search (its own chunk in the browser: ./search.tsx). The empty page answers with the search box; a
 * query the API refuses (400) or a network past its limit shows the page with why; a page past the last is a 404, and a
 * `page` that is no page number moves to the first page.
 */
export async function loadSearch({ searchParams, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const params = searchParamsOf(searchParams);
  if (params.page === null) return { redirect: searchPath({ ...params, page: 1 }), query: '' };
  const page = { kind: 'search', query: params.q.trim(), page: params.page } as const;
  if (!page.query) return { page };
  try {
    const found = await queryClient.fetchQuery(getSearchQueryOptions({ ...params, page: params.page }, transport));
    if (params.page > 1 && found.data.length === 0) return { page: { kind: 'not-found', title: 'Page not found' } };
    return { page };
  } catch (err) {
    // The page says what was wrong with the query (its useQuery reads the failure).
    if (err instanceof ApiError && (err.status === 400 || err.status === 429)) return { page };
    return pageOfFailure(err, 'Error');
  }
}

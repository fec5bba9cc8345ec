import { readerPageNumber } from '#shared/page-numbers';
import { paths } from '#client/config/paths';
import { getCorrectionsQueryOptions } from '#client/features/articles/api/corrections';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';

/**
 * On the server: /corrections (its own chunk in the browser: ./corrections.tsx). Page 1 answers even while there is
 * none; a page past the last is a 404, and a `page` that is no page number moves to the first page.
 */
export async function loadCorrections({ searchParams, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const page = readerPageNumber(searchParams.get('page'));
  if (page === null) return { redirect: paths.corrections, query: '' };
  try {
    const found = await queryClient.fetchQuery(getCorrectionsQueryOptions(page, transport));
    if (page > 1 && found.data.length === 0) return { page: { kind: 'not-found', title: 'Page not found' } };
    return { page: { kind: 'corrections', corrections: found.data, page } };
  } catch (err) {
    return pageOfFailure(err, 'Error');
  }
}

import { readerPageNumber } from '#shared/page-numbers';
import { paths } from '#client/config/paths';
import { getAuthorQueryOptions } from '#client/features/authors/api/get-author';
import { isMissing } from '#client/lib/api-client';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';

export const AUTHOR_NOT_FOUND = 'Author Not Found';

/**
 * On the server: the author page `/author/:slug` (its own chunk in the browser: ./author.tsx). 404 for a slug that
 * names no one who has published, and for a page past their last article; 301 to the stored slug for another case,
 * and to the first page for a `page` that is no page number.
 */
export async function loadAuthor({ params, searchParams, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const slug = params.slug ?? '';
  const page = readerPageNumber(searchParams.get('page'));
  if (page === null) return { redirect: paths.author(slug), query: '' };
  try {
    const found = await queryClient.fetchQuery(getAuthorQueryOptions(slug, page, transport));
    if (found.author.slug !== slug) return { redirect: paths.author(found.author.slug) };
    if (page > 1 && found.articles.data.length === 0) return { page: { kind: 'not-found', title: AUTHOR_NOT_FOUND } };
    return { page: { kind: 'author', author: found.author, articles: found.articles, page } };
  } catch (err) {
    return pageOfFailure(err, isMissing(err) ? AUTHOR_NOT_FOUND : 'Error');
  }
}

import { readerPageNumber } from '#shared/page-numbers';
import { paths } from '#client/config/paths';
import { getHomeArticlesQueryOptions } from '#client/features/articles/api/get-home-articles';
import type { LoadArgs, Loaded } from '../load';

/**
 * On the server: the home page's blocks and the page of its Latest river that the address names (`/?page=2`). A
 * `page` that is no page number answers 301 to the home page; a page past the river's end is a 404; a failed read 503.
 */
export async function loadHome({ queryClient, transport, searchParams }: LoadArgs): Promise<Loaded> {
  const page = readerPageNumber(searchParams.get('page'));
  if (page === null) return { redirect: paths.home, query: '' };
  const home = await queryClient.fetchQuery(getHomeArticlesQueryOptions(page, transport)).catch(() => null);
  if (!home) return { page: { kind: 'home', page }, failed: true };
  if (page > 1 && home.latest.data.length === 0) return { page: { kind: 'not-found' } };
  return { page: { kind: 'home', mainStory: home.main, page } };
}

import { LIMITS } from '#shared/constants';
import { readerPageNumber } from '#shared/page-numbers';
import { paths } from '#client/config/paths';

/**
 * What /search reads from its address (docs/decisions/065-search.md): the query, the filters and the page. The API
 * checks each; the page only keeps the parameters it knows, so that its links carry nothing else.
 */
export interface SearchParams {
  q: string;
  section?: string;
  category?: string;
  author?: string;
  from?: string;
  to?: string;
  page: number;
}

export const FILTERS = ['section', 'category', 'author', 'from', 'to'] as const;
export type Filter = (typeof FILTERS)[number];

/** The search of an address's query; `page` is null when it is no page number (the page moves to the first). */
export function searchParamsOf(query: URLSearchParams): Omit<SearchParams, 'page'> & { page: number | null } {
  const params: Omit<SearchParams, 'page'> & { page: number | null } = {
    q: query.get('q') ?? '',
    page: readerPageNumber(query.get('page')),
  };
  for (const name of FILTERS) {
    const value = query.get(name);
    if (value) params[name] = value;
  }
  return params;
}

/** The address of a search: its query and filters in a fixed order, `page` only past the first. */
export function searchPath(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  for (const name of FILTERS) if (params[name]) query.set(name, params[name]);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `${paths.search}?${text}` : paths.search;
}

/** The API's offset of a page. */
export const searchOffset = (page: number) => (page - 1) * LIMITS.searchPage;

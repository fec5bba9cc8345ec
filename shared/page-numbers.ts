import { LIMITS } from './constants';

// Apart from reader-page.ts, which the reader's initial script imports: only the server's loads and the pagers (chunks
// of their own) use these.
/**
 * The page number of a reader's list, from its address's `page` parameter: 1 when there is none; null when it is not
 * one (`abc`, `0`, `01`, `1`, past LIMITS.readerPageMax), and the page answers 301 to its canonical address.
 */
export function readerPageNumber(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(value)) return null;
  const page = Number(value);
  return page >= 2 && page <= LIMITS.readerPageMax ? page : null;
}

/** The address of page `page` of a reader's list at `path`: the page itself for 1, `?page=n` after. */
export const readerPagePath = (path: string, page: number) => (page <= 1 ? path : `${path}?page=${page}`);

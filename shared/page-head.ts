/**
 * A reader page's head on in-app navigation (docs/decisions/051-head-on-navigation.md): the server writes a
 * page's head tags between two comments, and answers the head of any other address at PAGE_HEAD_PATH; the
 * browser, having moved to that address by itself, puts those tags between the comments instead.
 */
export const PAGE_HEAD_PATH = '/api/page-head';

/** The comments (their text) around the head tags that belong to the page, in the HTML and in the document. */
export const HEAD_MARKERS = { start: 'head:start', end: 'head:end' } as const;

/** The answer of PAGE_HEAD_PATH: the tags, as the server writes them into a page it renders. */
export interface PageHead {
  head: string;
}

/** The longest address whose head is asked for (a longer one is refused). */
export const PAGE_PATH_MAX = 2048;

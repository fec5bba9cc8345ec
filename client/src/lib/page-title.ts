import { useEffect } from 'react';

export const SITE_NAME = 'Chronicle News';

/** `Title | Chronicle News`, the reader pages' title (the server writes the same into the page head). */
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;

/**
 * Keeps document.title in step on client-side navigation. The server puts the first page's title, with
 * the rest of the head, into the HTML (server/src/reader/head.ts), so the component tree renders none.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

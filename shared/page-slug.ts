/**
 * A static page's address (`/<slug>`, docs/decisions/057-pages-and-navigation.md): lower-case letters and digits, single
 * hyphens between them. Apart from shared/schemas/pages.ts so that the reader's page can check an address without zod.
 */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_SLUG_MAX = 60;

/** GET /api/search: full-text search of the published articles (docs/decisions/065-search.md). */
export const search = '/api/search';

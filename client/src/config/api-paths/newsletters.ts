/** Newsletters (docs/decisions/069-newsletters.md). */
export const newsletters = {
  list: '/api/newsletters',
  subscribe: '/api/newsletters/subscribe',
  breaking: '/api/newsletters/breaking',
  overview: '/api/newsletters/overview',
  subscribers: '/api/newsletters/subscribers',
  subscribersExport: '/api/newsletters/subscribers/export',
  subscribersImport: '/api/newsletters/subscribers/import',
  subscriber: (id: string) => `/api/newsletters/subscribers/${encodeURIComponent(id)}`,
  one: (id: string) => `/api/newsletters/${encodeURIComponent(id)}`,
  preview: (id: string) => `/api/newsletters/${encodeURIComponent(id)}/preview`,
  test: (id: string) => `/api/newsletters/${encodeURIComponent(id)}/test`,
  issues: (id: string) => `/api/newsletters/${encodeURIComponent(id)}/issues`,
  suppression: (id: string) => `/api/newsletters/subscribers/${encodeURIComponent(id)}/suppression`,
  preferences: (token: string) => `/api/newsletters/preferences?token=${encodeURIComponent(token)}`,
} as const;

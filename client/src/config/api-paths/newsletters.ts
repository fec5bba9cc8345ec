/** Newsletters (docs/decisions/069-newsletters.md). */
export const newsletters = {
  list: '/api/newsletters',
  subscribe: '/api/newsletters/subscribe',
  breaking: '/api/newsletters/breaking',
  overview: '/api/newsletters/overview',
  subscribers: '/api/newsletters/subscribers',
  subscribersExport: '/api/newsletters/subscribers/export',
  subscriber: (id: string) => `/api/newsletters/subscribers/${encodeURIComponent(id)}`,
  suppression: (id: string) => `/api/newsletters/subscribers/${encodeURIComponent(id)}/suppression`,
  preferences: (token: string) => `/api/newsletters/preferences?token=${encodeURIComponent(token)}`,
} as const;

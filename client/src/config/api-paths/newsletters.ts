/** Newsletters (docs/decisions/069-newsletters.md). */
export const newsletters = {
  list: '/api/newsletters',
  subscribe: '/api/newsletters/subscribe',
  preferences: (token: string) => `/api/newsletters/preferences?token=${encodeURIComponent(token)}`,
} as const;

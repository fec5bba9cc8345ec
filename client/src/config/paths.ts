/** Every route of the app in one place (SPEC.md §2). */
export const paths = {
  home: '/',
  article: (id: string) => `/article/${encodeURIComponent(id)}`,
  category: (idOrSlug: string) => `/category/${encodeURIComponent(idOrSlug)}`,
  section: (name: string) => `/news/${encodeURIComponent(name)}`,
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard',
} as const;

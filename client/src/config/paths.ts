/** The dashboard's screens, relative to /dashboard (docs/spec/SPEC.md §2): the dashboard's own routes are declared with these. */
export const dashboardPages = {
  home: '',
  users: 'users',
  categories: 'categories',
  articles: 'articles',
  stories: 'stories',
  'breaking-news': 'breaking-news',
  comments: 'comments',
  pages: 'pages',
  reports: 'reports',
  newsletters: 'newsletters',
  settings: 'settings',
  audit: 'audit',
  profile: 'profile',
} as const;

export type DashboardPage = keyof typeof dashboardPages;

/** Every route of the app in one place (docs/spec/SPEC.md §2). */
export const paths = {
  home: '/',
  article: (id: string) => `/article/${encodeURIComponent(id)}`,
  category: (idOrSlug: string) => `/category/${encodeURIComponent(idOrSlug)}`,
  section: (name: string) => `/news/${encodeURIComponent(name)}`,
  author: (slug: string) => `/author/${encodeURIComponent(slug)}`,
  /** The newsroom's corrections, newest first (docs/decisions/062-corrections.md). */
  corrections: '/corrections',
  /** Search (docs/decisions/065-search.md): `/search?q=…`, with its filters. */
  search: '/search',
  /** The newsletters readers may subscribe to (docs/decisions/069-newsletters.md), and the forms' answers. */
  newsletters: '/newsletters',
  /** A subscriber's choices, by the token of their e-mails' links; the forms post to these too. */
  newsletterPreferences: '/newsletters/preferences',
  newsletterSubscribe: '/newsletters/subscribe',
  /** The confirmation e-mail's link: a page whose button posts the token to the same address. */
  newsletterConfirm: '/newsletters/confirm',
  /** A static page (About, Privacy…): `/<slug>`. */
  page: (slug: string) => `/${encodeURIComponent(slug)}`,
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard',
  dashboardPage: (page: DashboardPage) => (dashboardPages[page] ? `/dashboard/${dashboardPages[page]}` : '/dashboard'),
} as const;

/** The route patterns that match the paths above, for the router. */
export const routePatterns = {
  home: '/',
  article: '/article/:id',
  category: '/category/:idOrSlug',
  section: '/news/:section',
  author: '/author/:slug',
  corrections: '/corrections',
  search: '/search',
  newsletters: '/newsletters',
  newsletterPreferences: '/newsletters/preferences',
  newsletterConfirm: '/newsletters/confirm',
  auth: '/auth',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard/*',
  page: '/:slug',
  any: '*',
} as const;

import type { StaffRole } from '../../lib/staff-roles';

/** The dashboard's screens, relative to /dashboard (SPEC.md §2). */
export type DashboardPage = 'home' | 'users' | 'categories' | 'articles' | 'stories' | 'breaking-news' | 'reports';

export const PAGE_PATHS: Record<DashboardPage, string> = {
  home: '',
  users: 'users',
  categories: 'categories',
  articles: 'articles',
  stories: 'stories',
  'breaking-news': 'breaking-news',
  reports: 'reports',
};

export const PAGE_LABELS: Record<DashboardPage, string> = {
  home: 'Dashboard',
  users: 'Users',
  categories: 'Categories',
  articles: 'Articles',
  stories: 'Stories',
  'breaking-news': 'Breaking News',
  reports: 'Reports',
};

const ADMIN_PAGES: readonly DashboardPage[] = ['home', 'users', 'categories', 'articles', 'stories', 'breaking-news', 'reports'];

/** The routes each role may open (SPEC.md §2). Authors may open /stories although their menu has no entry for it. */
const ROUTES: Record<StaffRole, readonly DashboardPage[]> = {
  'super-admin': ADMIN_PAGES,
  admin: ADMIN_PAGES,
  editor: ['home', 'categories', 'articles', 'stories', 'breaking-news'],
  author: ['home', 'articles', 'stories', 'breaking-news'],
};

/** The sidebar menu of each role, in SPEC.md §2's order. */
const MENUS: Record<StaffRole, readonly DashboardPage[]> = {
  'super-admin': ADMIN_PAGES,
  admin: ADMIN_PAGES,
  editor: ['home', 'breaking-news', 'categories', 'articles', 'stories'],
  author: ['home', 'articles', 'breaking-news'],
};

export function routesFor(role: StaffRole): readonly DashboardPage[] {
  return ROUTES[role];
}

export function menuFor(role: StaffRole): { page: DashboardPage; label: string; to: string }[] {
  return MENUS[role].map((page) => ({
    page,
    label: PAGE_LABELS[page],
    to: PAGE_PATHS[page] ? `/dashboard/${PAGE_PATHS[page]}` : '/dashboard',
  }));
}

export function canOpen(role: StaffRole, page: DashboardPage): boolean {
  return ROUTES[role].includes(page);
}

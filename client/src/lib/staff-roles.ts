import { STAFF_ROLES, type Role } from '../../../shared/constants';
import { mayAlways } from '../../../shared/permissions';

/** The dashboard's screens, relative to /dashboard (SPEC.md §2). */
export type DashboardPage = 'home' | 'users' | 'categories' | 'articles' | 'stories' | 'breaking-news' | 'reports';
export type StaffRole = (typeof STAFF_ROLES)[number];

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

export function isStaff(role: unknown): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}

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

/**
 * What a role may do, read from the permission table the server enforces (shared/permissions.ts), so the
 * screens hide exactly what the server would refuse. The server stays the authority.
 */
export function capabilities(role: StaffRole) {
  return {
    publishArticles: mayAlways(role, 'articles:publish'),
    manageStories: mayAlways(role, 'articles:publish'),
    deleteArticles: mayAlways(role, 'articles:delete'),
    manageCategories: mayAlways(role, 'categories:manage'),
    manageBreakingNews: mayAlways(role, 'breaking-news:publish'),
    manageUsers: mayAlways(role, 'users:manage'),
    /** Only a super-admin may grant or touch the super-admin role. */
    manageSuperAdmins: mayAlways(role, 'users:manage-super-admins'),
  };
}

export type Capabilities = ReturnType<typeof capabilities>;

const ROLE_LABELS: Record<Role, string> = {
  'super-admin': 'Super Admin',
  admin: 'Admin',
  editor: 'Editor',
  author: 'Author',
  user: 'User',
};

export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

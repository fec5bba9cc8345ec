import { holds, type Permission } from '#shared/permissions';
import { paths, type DashboardPage } from '../../config/paths';
import type { StaffRole } from '../../lib/staff-roles';

/**
 * The dashboard's pages (docs/spec/SPEC.md §2), in menu order. A role may open a page when it holds the permission the
 * page needs (shared/permissions.ts, the table the server enforces; a grant on its own records is enough), and
 * its menu lists the page when it also holds the permission of the menu entry, if there is one.
 */
const PAGES: Record<DashboardPage, { label: string; needs: Permission; listedFor?: Permission }> = {
  home: { label: 'Dashboard', needs: 'stats:read' },
  users: { label: 'Users', needs: 'users:manage' },
  categories: { label: 'Categories', needs: 'categories:manage' },
  articles: { label: 'Articles', needs: 'articles:list-all' },
  // Authors may open their stories, but their menu has no entry for it: it lists Stories for those who manage them.
  stories: { label: 'Stories', needs: 'articles:list-all', listedFor: 'articles:publish' },
  'breaking-news': { label: 'Breaking News', needs: 'breaking-news:list-all' },
  // The moderation queue (issue 28, docs/decisions/066-comment-moderation.md).
  comments: { label: 'Comments', needs: 'comments:moderate' },
  pages: { label: 'Pages', needs: 'pages:manage' },
  reports: { label: 'Reports', needs: 'reports:read' },
  // docs/decisions/069-newsletters.md: editors see the issues, admins the subscribers too.
  newsletters: { label: 'Newsletters', needs: 'newsletters:send' },
  settings: { label: 'Settings', needs: 'settings:manage' },
  // Every staff action on content, people and settings (docs/decisions/067-audit-log.md).
  audit: { label: 'Audit Log', needs: 'audit:read' },
  profile: { label: 'Profile', needs: 'profile:edit' },
};

const IN_ORDER = Object.keys(PAGES) as DashboardPage[];

/** docs/spec/SPEC.md §2 orders one menu differently: an editor's has Breaking News right after the overview. */
const MENU_LEADS: Partial<Record<StaffRole, readonly DashboardPage[]>> = { editor: ['home', 'breaking-news'] };

export function canOpen(role: StaffRole, page: DashboardPage): boolean {
  return holds(role, PAGES[page].needs);
}

export function routesFor(role: StaffRole): readonly DashboardPage[] {
  return IN_ORDER.filter((page) => canOpen(role, page));
}

export function menuFor(role: StaffRole): { page: DashboardPage; label: string; to: string }[] {
  const listed = routesFor(role).filter((page) => {
    const entry = PAGES[page].listedFor;
    return !entry || holds(role, entry);
  });
  const leads = (MENU_LEADS[role] ?? []).filter((page) => listed.includes(page));
  return [...leads, ...listed.filter((page) => !leads.includes(page))].map((page) => ({
    page,
    label: PAGES[page].label,
    to: paths.dashboardPage(page),
  }));
}

import { STAFF_ROLES, type Role } from '../../../shared/constants';
import { mayAlways } from '../../../shared/permissions';

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaff(role: unknown): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
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

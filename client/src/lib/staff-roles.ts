import { ROLES, STAFF_ROLES, type Role } from '#shared/constants';
import { grantFor, mayAlways } from '#shared/permissions';

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isRole(role: unknown): role is Role {
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role);
}

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
    /** Submit their articles for review and withdraw them (docs/decisions/058-review.md). */
    submitArticles: grantFor(role, 'articles:submit') !== undefined,
    /** Send an article in review back to its author. */
    reviewArticles: mayAlways(role, 'articles:review'),
    /** The article lists hold only the caller's own articles (an author's). */
    ownArticlesOnly: grantFor(role, 'articles:list-all') === 'own',
    manageStories: mayAlways(role, 'articles:publish'),
    deleteArticles: mayAlways(role, 'articles:delete'),
    /** See the trash and bring articles back from it (docs/decisions/061-trash.md). */
    restoreArticles: mayAlways(role, 'articles:restore'),
    /** Append a correction to a published article (docs/decisions/062-corrections.md). */
    correctArticles: mayAlways(role, 'articles:correct'),
    manageCategories: mayAlways(role, 'categories:manage'),
    manageUsers: mayAlways(role, 'users:manage'),
    /** The moderation queue (docs/decisions/066-comment-moderation.md). */
    moderateComments: mayAlways(role, 'comments:moderate'),
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

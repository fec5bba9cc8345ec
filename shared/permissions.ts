import type { Role } from './constants';

/**
 * The permission table of docs/spec/CONTRACT.md §3, in one place for both sides: the server enforces it
 * (server/src/lib/policy.ts) and the client derives what it shows from it. `any`: on every record;
 * `own`: only on the caller's own records (the server checks ownership). A role not listed is denied.
 */
export type Grant = 'any' | 'own';
export type Actor = Role | 'anonymous';

const STAFF = { author: 'any', editor: 'any', admin: 'any', 'super-admin': 'any' } as const;
const EDITORS = { editor: 'any', admin: 'any', 'super-admin': 'any' } as const;
const ADMINS = { admin: 'any', 'super-admin': 'any' } as const;
const SIGNED_IN = { user: 'any', ...STAFF } as const;
const OWN_OR_EDITORS = { author: 'own', editor: 'any', admin: 'any', 'super-admin': 'any' } as const;

export const PERMISSIONS = {
  'articles:list-all': OWN_OR_EDITORS,
  'articles:read-draft': OWN_OR_EDITORS,
  'articles:create': STAFF,
  'articles:edit': OWN_OR_EDITORS,
  'articles:publish': EDITORS,
  /** Submit an article for review, and withdraw it from review (docs/decisions/058-review.md). */
  'articles:submit': OWN_OR_EDITORS,
  /** Send an article in review back to its author, with a note. */
  'articles:review': EDITORS,
  'articles:delete': ADMINS,
  /** Bring an article back from the trash (docs/decisions/061-trash.md). */
  'articles:restore': EDITORS,
  /** Append a dated correction to a published article (docs/decisions/062-corrections.md). */
  'articles:correct': EDITORS,
  'uploads:create': STAFF,
  'categories:manage': EDITORS,
  'breaking-news:list-all': STAFF,
  'breaking-news:create': STAFF,
  'breaking-news:edit': OWN_OR_EDITORS,
  'breaking-news:publish': EDITORS,
  'breaking-news:delete': EDITORS,
  'comments:create': SIGNED_IN,
  'comments:edit': { user: 'own', author: 'own', editor: 'own', admin: 'own', 'super-admin': 'own' },
  'comments:delete': { user: 'own', author: 'own', editor: 'any', admin: 'any', 'super-admin': 'any' },
  'comments:list-all': OWN_OR_EDITORS,
  /** Report a comment to the moderators (docs/decisions/066-comment-moderation.md). */
  'comments:report': SIGNED_IN,
  /** The moderation queue: approve, hide, ban from commenting. */
  'comments:moderate': EDITORS,
  'views:list': STAFF,
  'stats:read': STAFF,
  /** Their own author profile: name, bio and photo (the dashboard's Profile page, docs/decisions/049-author-pages.md). */
  'profile:edit': STAFF,
  'users:manage': ADMINS,
  /** On top of users:manage: change a super-admin's account, or grant that role. */
  'users:manage-super-admins': { 'super-admin': 'any' },
  /** The site settings: name, tagline, description, contact, social accounts, indexing (docs/decisions/056-site-settings.md). */
  'settings:manage': ADMINS,
  /** Static pages (About, Contact, Privacy…): write, publish, delete (docs/decisions/057-pages-and-navigation.md). */
  'pages:manage': EDITORS,
  /** The audit log: read it and export it (docs/decisions/067-audit-log.md). Nobody may change it. */
  'audit:read': ADMINS,
  /** The dashboard's Reports page (docs/spec/SPEC.md §2), a placeholder: no API reads it yet. */
  /** Reports (docs/decisions/068-reports.md): editors and admins on every article, authors on their own. */
  'reports:read': OWN_OR_EDITORS,
  /** Newsletters (docs/decisions/069-newsletters.md): send an issue (a breaking-news alert), see how the sending goes. */
  'newsletters:send': EDITORS,
  /** The subscribers: list, search, export, remove, suppress (docs/decisions/069-newsletters.md). */
  'newsletters:manage': ADMINS,
} as const satisfies Record<string, Partial<Record<Actor, Grant>>>;

export type Permission = keyof typeof PERMISSIONS;

export function grantFor(actor: Actor, permission: Permission): Grant | undefined {
  return (PERMISSIONS[permission] as Partial<Record<Actor, Grant>>)[actor];
}

/** Does `actor` hold `permission` on every record (not just their own)? */
export const mayAlways = (actor: Actor, permission: Permission): boolean => grantFor(actor, permission) === 'any';

/** Does `actor` hold `permission` at all: on every record, or on its own? */
export const holds = (actor: Actor, permission: Permission): boolean => grantFor(actor, permission) !== undefined;

/** May a user manager `actor` change an account of `role`, or grant `role`? The super-admin role takes 'users:manage-super-admins'. */
export const mayManageRole = (actor: Actor, role: Role): boolean => role !== 'super-admin' || mayAlways(actor, 'users:manage-super-admins');

/** A record as a grant sees it: whose it is, and its status where an `own` grant depends on it. */
export interface OwnedRecord {
  authorId: string;
  status?: string;
}

/**
 * Where an `own` grant reaches only some of the caller's records: 'edit own drafts' of breaking news
 * (docs/spec/CONTRACT.md §3). The server's write carries the same condition (breaking-news.service.ts).
 */
const OWN_ONLY_WHILE: Partial<Record<Permission, (record: OwnedRecord) => boolean>> = {
  'breaking-news:edit': (record) => record.status === 'draft',
};

/** May `user` do `permission` on this record, as the server decides for it: `any`, or `own` on their own records. */
export function mayOn(user: { id: string; role: Actor }, permission: Permission, record: OwnedRecord): boolean {
  const grant = grantFor(user.role, permission);
  if (grant === 'any') return true;
  return grant === 'own' && record.authorId === user.id && (OWN_ONLY_WHILE[permission]?.(record) ?? true);
}

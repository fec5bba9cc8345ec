import type { Author, Profile } from '#shared/types';
import type { Prisma } from '../generated/prisma/client';
import type { ImageIndex } from '../articles/article.mapper';
import { roleToWire } from '../lib/wire';

/** What readers see of an author: never the e-mail address, the role or anything of the account. */
export const authorSelect = { id: true, slug: true, name: true, bio: true, avatarUrl: true } satisfies Prisma.UserSelect;

/** The profile its owner edits: the author's fields, and the account's address, role and version. */
export const profileSelect = { ...authorSelect, email: true, role: true, version: true } satisfies Prisma.UserSelect;

export type AuthorRow = Prisma.UserGetPayload<{ select: typeof authorSelect }>;
type ProfileRow = Prisma.UserGetPayload<{ select: typeof profileSelect }>;

export function toAuthor(row: AuthorRow, images: ImageIndex): Author {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    avatar: row.avatarUrl ? (images.get(row.avatarUrl) ?? null) : null,
  };
}

export function toProfile(row: ProfileRow, images: ImageIndex): Profile {
  return { ...toAuthor(row, images), email: row.email, role: roleToWire(row.role), version: row.version };
}

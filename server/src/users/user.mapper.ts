import type { PublicUser } from '#shared/types';
import type { Prisma } from '../generated/prisma/client';
import { roleToWire } from '../lib/wire';

/** Never the password hash: this select is the only way a user leaves the server. */
export const publicUserSelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  suspended: true,
  bio: true,
  slug: true,
  avatarUrl: true,
  createdAt: true,
  version: true,
} satisfies Prisma.UserSelect;

export type PublicUserRow = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

export function toPublicUser(row: PublicUserRow): PublicUser {
  return { ...row, role: roleToWire(row.role), createdAt: row.createdAt.toISOString() };
}

import type { AuthorPageQuery, UpdateProfileInput } from '#shared/schemas/users';
import type { AuthorPage, Profile, StaffMember } from '#shared/types';
import { STAFF_ROLES } from '#shared/constants';
import { holds } from '#shared/permissions';
import { roleFromWire } from '../lib/wire';
import type { z } from 'zod';
import type { updateProfileInputSchema } from '#shared/schemas/users';
import { listPublishedByAuthor } from '../articles/articles.service';
import type { Db } from '../db/client';
import { notFound, validationFailed } from '../lib/errors';
import type { AuthUser } from '../lib/policy';
import { requireVersion, type ExpectedVersion } from '../lib/versions';
import { imageInfos } from '../media/image-variants';
import { authorSelect, profileSelect, toAuthor, toProfile } from './author.mapper';

type ProfileEdit = z.output<typeof updateProfileInputSchema>;
export type { UpdateProfileInput };

/** What a stored slug is made of (the trigger of the author-pages migration): anything else names no author. */
export const AUTHOR_SLUG = /^[a-z0-9-]{1,80}$/i;

const authorNotFound = () => notFound('Author not found');

/**
 * An author's page: the author and a page of their published articles, newest first. Only someone who has published
 * is an author to readers: anyone else (a reader, staff with drafts only) is 404, like an unknown slug. Slugs are
 * lower case; another case finds the author too (the reader's page answers 301 to the stored one).
 */
export async function authorPage(db: Db, slug: string, { limit, offset }: AuthorPageQuery): Promise<AuthorPage> {
  if (!AUTHOR_SLUG.test(slug)) throw authorNotFound();
  const author = await db.user.findUnique({ where: { slug: slug.toLowerCase() }, select: authorSelect });
  if (!author) throw authorNotFound();
  const [articles, avatar] = await Promise.all([listPublishedByAuthor(db, author.id, limit, offset), imageInfos(db, [author.avatarUrl])]);
  if (articles.pagination.total === 0) throw authorNotFound();
  return { author: toAuthor(author, avatar), articles };
}

/** How many members of staff GET /api/staff lists at most: a newsroom's whole staff, not a directory of readers. */
export const STAFF_LIST_MAX = 1000;

/**
 * Who may be named a co-author (docs/decisions/064-co-authors.md): every member of staff who writes articles and is not
 * suspended, by name. Names and author-page slugs only, which their bylines show anyway: never an address or a role.
 */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return db.user.findMany({
    where: { role: { in: STAFF_ROLES.filter((role) => holds(role, 'articles:create')).map(roleFromWire) }, suspended: false },
    select: { id: true, name: true, slug: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: STAFF_LIST_MAX,
  });
}

export async function getProfile(db: Db, user: AuthUser): Promise<Profile> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: profileSelect });
  if (!row) throw notFound('User not found');
  return toProfile(row, await imageInfos(db, [row.avatarUrl]));
}

/**
 * The caller's own name, bio and photo, under their row's lock and version (docs/decisions/042). A photo is an image
 * the caller uploaded (an Upload row of theirs): not someone else's file, not a video, not a path that names nothing.
 */
export async function updateProfile(db: Db, user: AuthUser, input: ProfileEdit, expected: ExpectedVersion | undefined): Promise<Profile> {
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${user.id}::uuid FOR UPDATE`;
    const current = await tx.user.findUnique({ where: { id: user.id }, select: { version: true, avatarUrl: true } });
    if (!current) throw notFound('User not found');
    requireVersion('profile', expected, current.version);
    if (input.avatarUrl && input.avatarUrl !== current.avatarUrl) {
      const upload = await tx.upload.findFirst({
        where: { fileUrl: input.avatarUrl, userId: user.id, type: 'image' },
        select: { id: true },
      });
      if (!upload) throw validationFailed(['avatarUrl: Photo must be an image you uploaded to this site.']);
      // A photo in use is never swept as an unused upload.
      await tx.upload.update({ where: { id: upload.id }, data: { referenced: true }, select: { id: true } });
    }
    return tx.user.update({
      where: { id: user.id },
      data: { name: input.name, bio: input.bio, avatarUrl: input.avatarUrl, version: { increment: 1 } },
      select: profileSelect,
    });
  });
  return toProfile(row, await imageInfos(db, [row.avatarUrl]));
}

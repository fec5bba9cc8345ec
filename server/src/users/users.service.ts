import type { PublicUser } from '#shared/types';
import { holds } from '#shared/permissions';
import type { CreateUserInput, DeleteUserQuery, ListUsersQuery, UpdateUserInput } from '#shared/schemas/users';
import type { Db, Tx } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { revokeAllSessions } from '../auth/tokens.service';
import { badRequest, conflict, notFound } from '../lib/errors';
import { likeLiteral } from '../lib/like';
import { hashPassword, staffRequester } from '../lib/passwords';
import type { AuthUser } from '../lib/policy';
import { requireVersion, type ExpectedVersion } from '../lib/versions';
import { roleFromWire, roleToWire } from '../lib/wire';
import { publicUserSelect, toPublicUser } from './user.mapper';
import { audit, changed, type Changes } from '../audit/audit.service';
import { requireMayGrant, requireMayManage, requireNotSelf, requireProvenForStaff } from './users.policy';

/**
 * Locks the target for the rest of the transaction, so the role the checks saw is the role the write
 * meets (a promotion to super-admin cannot slip in between). The super-admin rows are locked in the same
 * statement, in id order, as requireAnotherSuperAdmin locks them: two requests never wait on each other in turn.
 */
async function loadTarget(tx: Tx, id: string, alsoLock: string = id) {
  await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${id}::uuid OR id = ${alsoLock}::uuid OR role = 'super-admin' ORDER BY id FOR UPDATE`;
  const user = await tx.user.findUnique({
    where: { id },
    select: { id: true, name: true, email: true, bio: true, role: true, suspended: true, emailVerifiedAt: true, version: true },
  });
  if (!user) throw notFound('User not found');
  return user;
}

async function requireEmailFree(tx: Tx, email: string, exceptId?: string): Promise<void> {
  const taken = await tx.user.findFirst({
    where: { email: { equals: likeLiteral(email), mode: 'insensitive' }, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw conflict('A user with this email already exists.');
}

/**
 * Refuses to demote, suspend or delete the last active super-admin. The super-admin rows are locked
 * first, so two concurrent requests cannot each remove "one of two".
 */
async function requireAnotherSuperAdmin(tx: Tx, targetId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE role = 'super-admin' ORDER BY id FOR UPDATE`;
  const others = await tx.user.count({ where: { role: 'super_admin', suspended: false, NOT: { id: targetId } } });
  if (others === 0) throw conflict('The last super-admin cannot be removed, suspended or demoted.');
}

export async function listUsers(db: Db, { q, limit, offset }: ListUsersQuery) {
  const term = q ? likeLiteral(q) : undefined;
  const where: Prisma.UserWhereInput = term
    ? { OR: [{ name: { contains: term, mode: 'insensitive' } }, { email: { contains: term, mode: 'insensitive' } }] }
    : {};
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, select: publicUserSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
  ]);
  return { data: rows.map(toPublicUser), pagination: { total, limit, offset } };
}

export async function createUser(db: Db, actor: AuthUser, input: CreateUserInput): Promise<PublicUser> {
  const role = roleFromWire(input.role);
  requireMayGrant(actor, role);
  await requireEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password, staffRequester(actor.id));
  const row = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        name: input.name,
        email: input.email,
        passwordHash,
        role,
        bio: input.bio ?? null,
        // An admin who creates an account vouches for its address.
        emailVerifiedAt: new Date(),
      },
      select: publicUserSelect,
    });
    const target = { type: 'user', id: created.id, label: created.name };
    await audit(tx, actor, 'user.create', target, changed({}, { name: created.name, email: created.email, role: input.role }));
    return created;
  });
  return toPublicUser(row);
}

/**
 * A new password signs the user out everywhere (except the caller's own session when they change their
 * own password). A role change needs no revocation: each request reads the role from the database.
 */
export async function updateUser(
  db: Db,
  actor: AuthUser,
  id: string,
  input: UpdateUserInput,
  expected: ExpectedVersion | undefined,
): Promise<PublicUser> {
  const passwordHash = input.password ? await hashPassword(input.password, staffRequester(actor.id)) : undefined;
  const row = await db.$transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    requireMayManage(actor, target);
    const role = input.role ? roleFromWire(input.role) : undefined;
    if (role) requireMayGrant(actor, role);
    requireVersion('user', expected, target.version);
    if (role) requireProvenForStaff(target, role);
    if (target.role === 'super_admin' && role && role !== 'super_admin') await requireAnotherSuperAdmin(tx, id);
    if (input.email) await requireEmailFree(tx, input.email, id);
    const updated = await tx.user.update({
      where: { id },
      data: { name: input.name, email: input.email, role, bio: input.bio, passwordHash, version: { increment: 1 } },
      select: publicUserSelect,
    });
    if (passwordHash) await tx.session.deleteMany({ where: { userId: id, ...(id === actor.id ? { NOT: { id: actor.sessionId } } : {}) } });
    // A password is never shown, not even hashed: only that it changed.
    const changes: Changes = {
      ...changed(
        { name: target.name, email: target.email, bio: target.bio, role: roleToWire(target.role) },
        { name: input.name, email: input.email, bio: input.bio, role: input.role },
      ),
      ...(passwordHash ? { password: ['(set)', '(changed)'] } : {}),
    };
    await audit(tx, actor, 'user.edit', { type: 'user', id, label: updated.name }, changes);
    return updated;
  });
  return toPublicUser(row);
}

/** Suspension and its revocation of every token happen together (docs/spec/CONTRACT.md §3). */
export async function setSuspended(db: Db, actor: AuthUser, id: string, suspended: boolean): Promise<PublicUser> {
  if (suspended) requireNotSelf(actor, id, 'suspend');
  const row = await db.$transaction(async (tx) => {
    const target = await loadTarget(tx, id);
    requireMayManage(actor, target);
    if (suspended && target.role === 'super_admin' && !target.suspended) await requireAnotherSuperAdmin(tx, id);
    const updated = await tx.user.update({ where: { id }, data: { suspended, version: { increment: 1 } }, select: publicUserSelect });
    if (suspended) await revokeAllSessions(tx, id);
    const action = suspended ? 'user.suspend' : 'user.unsuspend';
    await audit(tx, actor, action, { type: 'user', id, label: updated.name }, changed({ suspended: target.suspended }, { suspended }));
    return updated;
  });
  return toPublicUser(row);
}

/**
 * Who may take over a deleted user's work: an active staff member who may write articles, other than the user
 * being deleted. Locked with the target (loadTarget), so they cannot be deleted, demoted or suspended meanwhile.
 */
async function loadNewAuthor(tx: Tx, id: string, deletedId: string) {
  if (id === deletedId) throw badRequest('Choose someone other than the user being deleted to take over their articles.');
  const author = await tx.user.findUnique({ where: { id }, select: { id: true, role: true, suspended: true } });
  if (!author) throw badRequest('The user chosen to take over the articles does not exist.');
  if (!holds(roleToWire(author.role), 'articles:create'))
    throw badRequest('Articles can only be handed to a staff member who writes them, not to a reader.');
  if (author.suspended) throw badRequest('Articles cannot be handed to a suspended user.');
  return author;
}

/**
 * docs/decisions/006-deleting-users.md: a user who still has articles or breaking news is not deleted (409) unless
 * `reassignTo` names who takes them over, in the same transaction; otherwise the user goes with their sessions and
 * comments. The foreign keys (ON DELETE RESTRICT) refuse an article written between the move and the delete.
 */
export async function deleteUser(db: Db, actor: AuthUser, id: string, { reassignTo }: DeleteUserQuery = {}): Promise<void> {
  requireNotSelf(actor, id, 'delete');
  await db.$transaction(async (tx) => {
    const target = await loadTarget(tx, id, reassignTo);
    requireMayManage(actor, target);
    if (target.role === 'super_admin' && !target.suspended) await requireAnotherSuperAdmin(tx, id);
    if (reassignTo) {
      const author = await loadNewAuthor(tx, reassignTo, id);
      // Who takes over an article they co-write becomes its author only (a trigger of the co-authors' migration).
      // New versions: every cached answer and ETag of these articles names the old author.
      await tx.article.updateMany({ where: { authorId: id }, data: { authorId: author.id, version: { increment: 1 } } });
      await tx.breakingNews.updateMany({ where: { authorId: id }, data: { authorId: author.id, version: { increment: 1 } } });
    }
    const [articles, breakingNews] = await Promise.all([
      tx.article.count({ where: { authorId: id } }),
      tx.breakingNews.count({ where: { authorId: id } }),
    ]);
    if (articles + breakingNews > 0) {
      const parts = [
        articles && `${articles} article${articles === 1 ? '' : 's'}`,
        breakingNews && `${breakingNews} breaking-news item${breakingNews === 1 ? '' : 's'}`,
      ];
      throw conflict(
        `This user still has ${parts.filter(Boolean).join(' and ')}: choose another author to take them over, or delete their articles first.`,
      );
    }
    // Their co-authorships go with them (a cascade): those bylines change, and so do the articles' versions.
    await tx.article.updateMany({ where: { coAuthors: { some: { userId: id } } }, data: { version: { increment: 1 } } });
    await tx.user.delete({ where: { id } });
    const changes: Changes = { name: [target.name, null], email: [target.email, null], role: [roleToWire(target.role), null] };
    if (reassignTo) changes.articlesHandedTo = [null, reassignTo];
    await audit(tx, actor, 'user.delete', { type: 'user', id, label: target.name }, changes);
  });
}

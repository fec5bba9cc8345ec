import { grantFor, type AuthUser } from '../lib/policy';
import type { Role } from '../generated/prisma/enums';
import { conflict, forbidden } from '../lib/errors';

/**
 * The user-management limits of docs/spec/CONTRACT.md §3, on top of the 'users:manage' permission (admins and
 * super-admins): what an admin may not do to a super-admin, and what nobody may do to themselves. The one
 * that reads the database, that an active super-admin remains, is checked in users.service.ts.
 */
export function requireMayManage(actor: AuthUser, target: { role: Role }): void {
  if (target.role === 'super_admin' && !grantFor(actor.role, 'users:manage-super-admins'))
    throw forbidden('Only a super-admin can change a super-admin account.');
}

export function requireMayGrant(actor: AuthUser, role: Role): void {
  if (role === 'super_admin' && !grantFor(actor.role, 'users:manage-super-admins')) throw forbidden('Only a super-admin can grant the super-admin role.');
}

/**
 * A one-step sign-up proves nothing about its address, so such an account gets no staff role until its
 * owner proves it with a password reset (docs/decisions/013-account-proof.md).
 */
export function requireProvenForStaff(target: { emailVerifiedAt: Date | null }, role: Role): void {
  if (role !== 'user' && !target.emailVerifiedAt)
    throw conflict(
      'This user has not confirmed their e-mail address yet, so they cannot be given a staff role. They can confirm it by resetting their password ("Forgot password?" on the login page).',
    );
}

export function requireNotSelf(actor: AuthUser, targetId: string, action: 'suspend' | 'delete'): void {
  if (actor.id === targetId) throw forbidden(`You cannot ${action} your own account.`);
}

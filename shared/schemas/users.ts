import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';
import { UPLOAD_PATH } from './articles';
import { newPasswordSchema } from './password';
import { limitOffsetQuery } from './query';
import { hasVisibleText } from './text';
import { changesSomething, versionSchema } from './version';

export const USER_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooShort: 'Name must be at least 2 characters.',
  nameTooLong: `Name must be at most ${LIMITS.nameMax} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address',
  roleInvalid: `Role must be one of: ${ROLES.join(', ')}.`,
  bioTooLong: `Bio must be at most ${LIMITS.bioMax} characters.`,
  nothingToUpdate: 'Provide at least one field to update.',
  avatarInvalid: 'Photo must be an image uploaded to this site (an /uploads/ path).',
} as const;

const name = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(2, USER_MESSAGES.nameTooShort)
  .refine((s) => s.length < 2 || hasVisibleText(s), USER_MESSAGES.nameRequired)
  .max(LIMITS.nameMax, USER_MESSAGES.nameTooLong);
const email = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, USER_MESSAGES.emailRequired)
  .max(254, USER_MESSAGES.emailInvalid)
  .pipe(z.email(USER_MESSAGES.emailInvalid));
/** Staff-created users and an admin's new password follow the sign-up rule too (decision 047). */
const password = newPasswordSchema;
const role = z.enum(ROLES, { error: USER_MESSAGES.roleInvalid });
/** An empty bio is stored as no bio. */
const bio = z
  .string()
  .trim()
  .max(LIMITS.bioMax, USER_MESSAGES.bioTooLong)
  .nullable()
  // Text that shows nothing (zero-width characters, say) is no bio, as an empty one is.
  .transform((s) => (s && hasVisibleText(s) ? s : null));

/** POST /api/users (admins). */
export const createUserInputSchema = z.object({ name, email, password, role: role.default('author'), bio: bio.optional() });
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** PUT /api/users/:id: any of the fields; the password only when it changes. */
export const updateUserInputSchema = z
  .object({ name: name.optional(), email: email.optional(), password: password.optional(), role: role.optional(), bio: bio.optional() })
  .extend({ version: versionSchema.optional() })
  .refine(changesSomething, USER_MESSAGES.nothingToUpdate);
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** GET /api/users. */
export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/**
 * DELETE /api/users/:id: `reassignTo`, another staff member who takes over the user's articles and breaking news in
 * the same transaction (docs/decisions/006-deleting-users.md).
 */
export const deleteUserQuerySchema = z.object({
  reassignTo: z.uuid({ error: 'reassignTo must be a user id' }).toLowerCase().optional(),
});
export type DeleteUserQuery = z.infer<typeof deleteUserQuerySchema>;

/** A photo: an image uploaded here (`/uploads/<name>`); '' and null remove it. */
const avatarUrl = z.union([
  z.literal('').transform(() => null),
  z.null(),
  z
    .string({ error: USER_MESSAGES.avatarInvalid })
    .trim()
    .max(300, USER_MESSAGES.avatarInvalid)
    .regex(UPLOAD_PATH, USER_MESSAGES.avatarInvalid),
]);

/** PUT /api/profile (every staff role, their own account): the author page's name, bio and photo. */
export const updateProfileInputSchema = z
  .object({ name: name.optional(), bio: bio.optional(), avatarUrl: avatarUrl.optional() })
  .extend({ version: versionSchema.optional() })
  .refine(changesSomething, USER_MESSAGES.nothingToUpdate);
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** GET /api/authors/:slug: the page of their articles. */
export const authorPageQuerySchema = z.object(limitOffsetQuery(LIMITS.authorPage, 50, 100_000));
export type AuthorPageQuery = z.infer<typeof authorPageQuerySchema>;

import { z } from 'zod';
import type { Role } from '#shared/constants';
import { createUserInputSchema } from '#shared/schemas/users';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: Role;
  bio: string;
}

/** Adding a user: the request schema itself (POST /api/users). */
const newUserFormSchema = createUserInputSchema;

const { name, email, role, bio } = createUserInputSchema.shape;
/** Editing a user leaves the password alone: the same field rules, and no password in the save. */
const userEditFormSchema = z
  .object({ name, email, role, bio, password: z.string() })
  .transform(({ password: _password, ...rest }) => rest);

/** What a save sends: the fields as the schemas output them (trimmed, lower-cased, an empty bio as none). */
export interface UserSave {
  name: string;
  email: string;
  role: Role;
  bio?: string | null;
  password?: string;
}

/** The form's schema: checks the form's values, outputs the save (the two schemas differ only by the password). */
export const userFormSchema = (editing: boolean) =>
  (editing ? userEditFormSchema : newUserFormSchema) as unknown as z.ZodType<UserSave, UserFormValues>;

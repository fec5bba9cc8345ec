import type { Role } from '../../../../../shared/constants';
import { createUserInputSchema, updateUserInputSchema } from '../../../../../shared/schemas/users';
import { check } from '../../../lib/validation';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: Role;
  bio: string;
}

export const validateNewUser = (input: UserFormValues) => check(createUserInputSchema, input);

/** Editing leaves the password alone. */
export const validateUserEdit = ({ password: _password, ...rest }: UserFormValues) => check(updateUserInputSchema, rest);

import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { LIMITS, ROLES, type Role } from '#shared/constants';
import { mayManageRole } from '#shared/permissions';
import type { CreateUserInput } from '#shared/schemas/users';
import type { PublicUser } from '#shared/types';
import { useCreateUser } from '../api/create-user';
import { getUser } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { refetchUsers } from '../api/users-common';
import { useRecordForm } from '#client/components/ui/use-record-form';
import { userMessages } from '../lib/messages';
import { roleLabel } from '#client/lib/staff-roles';
import { userFormSchema, type UserFormValues } from '../lib/validation';
import { Select, TextArea, Field } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { NewPasswordField } from '#client/components/ui/new-password-field';

/** The roles a manager may hand out: only a super-admin grants super-admin (docs/spec/CONTRACT.md §3). */
export function assignableRoles(manager: Role): Role[] {
  return ROLES.filter((r) => mayManageRole(manager, r));
}

export function UserFormModal({
  user,
  managerRole,
  onClose,
}: {
  user: PublicUser | null;
  /** The role of the one managing: which roles they may hand out. */
  managerRole: Role;
  onClose(): void;
}) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const { form, field, dialog } = useRecordForm({
    record: user,
    schema: userFormSchema(user !== null),
    values: (u): UserFormValues => ({ name: u?.name ?? '', email: u?.email ?? '', password: '', role: u?.role ?? 'author', bio: u?.bio ?? '' }),
    what: 'user',
    create: (input) => create.mutateAsync(input as CreateUserInput),
    update: (u, input, version) => update.mutateAsync({ id: u.id, input, version }),
    pending: create.isPending || update.isPending,
    messages: {
      created: 'User created successfully.',
      updated: 'User updated successfully.',
      createFailed: userMessages.createFailed,
      updateFailed: userMessages.updateFailed,
    },
    latest: getUser,
    reloaded: () => void refetchUsers(queryClient),
    onClose,
  });
  const [nameValue, emailValue, password] = useWatch({ control: form.control, name: ['name', 'email', 'password'] });
  const filled = nameValue.trim() !== '' && emailValue.trim() !== '' && (user !== null || password !== '');

  return (
    <FormDialog
      title={user ? 'Edit User' : 'Add User'}
      {...dialog}
      submitLabel={user ? 'Save Changes' : 'Add User'}
      canSubmit={filled}
    >
      <Field label="Name" {...field('name')} autoComplete="off" data-autofocus />
      <Field label="Email" type="email" {...field('email')} autoComplete="off" />
      {!user && <NewPasswordField label="Password" {...field('password')} />}
      <Select label="Role" {...field('role')}>
        {assignableRoles(managerRole).map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </Select>
      <TextArea label="Bio" rows={3} maxLength={LIMITS.bioMax} {...field('bio')} />
    </FormDialog>
  );
}

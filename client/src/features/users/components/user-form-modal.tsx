import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LIMITS, ROLES, type Role } from '../../../../../shared/constants';
import type { PublicUser } from '../../../../../shared/types';
import { useCreateUser } from '../api/create-user';
import { getUser } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { refetchUsers } from '../api/users-common';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { userMessages } from '../lib/messages';
import { roleLabel } from '../../../lib/staff-roles';
import type { FieldErrors } from '../../../lib/validation';
import { validateNewUser, validateUserEdit, type UserFormValues } from '../lib/validation';
import { Select, TextArea, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';

/** The roles a manager may hand out: only a super-admin grants super-admin (CONTRACT.md §3). */
export function assignableRoles(canManageSuperAdmins: boolean): Role[] {
  return ROLES.filter((r) => canManageSuperAdmins || r !== 'super-admin');
}

export function UserFormModal({
  user,
  canManageSuperAdmins,
  onClose,
}: {
  user: PublicUser | null;
  canManageSuperAdmins: boolean;
  onClose(): void;
}) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const mode = user ? 'edit' : 'create';
  const [values, setValues] = useState<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'author',
    bio: user?.bio ?? '',
  });
  // The version the form was filled from: the save names it, so it never overwrites someone else's change.
  const [version, setVersion] = useState(user?.version ?? 0);
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors<keyof UserFormValues>>({});
  const { formError, stale, clearError, succeeded, save } = useFormSubmit(onClose, 'user');
  const pending = create.isPending || update.isPending;
  const filled = values.name.trim() !== '' && values.email.trim() !== '' && (mode === 'edit' || values.password !== '');
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (user) {
      const result = validateUserEdit(values);
      setErrors(result.ok ? {} : result.errors);
      if (result.ok)
        await save(
          () => update.mutateAsync({ id: user.id, input: result.value, version }),
          'User updated successfully.',
          userMessages.updateFailed,
        );
      return;
    }
    const result = validateNewUser(values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) await save(() => create.mutateAsync(result.value), 'User created successfully.', userMessages.createFailed);
  };

  const reload = async () => {
    if (!user) return;
    const latest = await getUser(user.id);
    setValues({ name: latest.name, email: latest.email, password: '', role: latest.role, bio: latest.bio ?? '' });
    setVersion(latest.version);
    clearError();
    void refetchUsers(queryClient);
  };

  return (
    <FormDialog
      title={user ? 'Edit User' : 'Add User'}
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending, succeeded }}
      formError={formError}
      onReload={stale ? reload : undefined}
      submitLabel={user ? 'Save Changes' : 'Add User'}
      canSubmit={filled}
    >
      <Field
        label="Name"
        name="name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
        autoComplete="off"
        data-autofocus
      />
      <Field
        label="Email"
        name="email"
        type="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        error={errors.email}
        autoComplete="off"
      />
      {mode === 'create' && (
        <Field
          label="Password"
          name="password"
          type="password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.password}
          hint="At least 8 characters."
          autoComplete="new-password"
        />
      )}
      <Select label="Role" name="role" value={values.role} onChange={(e) => set('role', e.target.value as Role)} error={errors.role}>
        {assignableRoles(canManageSuperAdmins).map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </Select>
      <TextArea
        label="Bio"
        name="bio"
        rows={3}
        value={values.bio}
        maxLength={LIMITS.bioMax}
        onChange={(e) => set('bio', e.target.value)}
        error={errors.bio}
      />
    </FormDialog>
  );
}

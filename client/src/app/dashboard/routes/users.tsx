import { useEffect, useState } from 'react';
import { mayManageRole } from '#shared/permissions';
import type { PublicUser } from '#shared/types';
import { useToast } from '#client/components/ui/toast';
import { useDeleteUser } from '#client/features/users/api/delete-user';
import { useUsers } from '#client/features/users/api/get-users';
import { useSuspendUser } from '#client/features/users/api/suspend-user';
import { useUnsuspendUser } from '#client/features/users/api/unsuspend-user';
import { Button } from '#client/components/ui/button';
import { AddButton, PageHeader } from '../dashboard-layout';
import { DataTable, type Column } from '#client/components/ui/table';
import { controlClass } from '#client/components/ui/field';
import { Badge } from '#client/components/ui/badge';
import { DeleteUserMessage } from '#client/features/users/components/delete-user-message';
import { UserFormModal } from '#client/features/users/components/user-form-modal';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { formatShortDate } from '#client/lib/dates';
import { errorText } from '#client/lib/error-text';
import { userMessages } from '#client/features/users/lib/messages';
import { roleLabel } from '#client/lib/staff-roles';

const ROLE_TONES = { 'super-admin': 'violet', admin: 'red', editor: 'sky', author: 'green', user: 'slate' } as const;

export function UsersPage() {
  const { user: me, can } = useDashboardUser();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useUsers(can.manageUsers, q);
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const remove = useDeleteUser();
  const confirmAction = useConfirmAction();
  const toast = useToast();
  const [editing, setEditing] = useState<{ user: PublicUser | null; key: number } | null>(null);

  /** An admin leaves super-admins alone; nobody suspends or deletes themselves (docs/spec/CONTRACT.md §3). */
  const manageable = (u: PublicUser) => mayManageRole(me.role, u.role);

  const askSuspend = (u: PublicUser) =>
    confirmAction({
      title: 'Suspend User',
      message: (
        <>
          Suspend <strong>{u.name}</strong>? They are signed out at once and cannot log in until unblocked.
        </>
      ),
      confirmLabel: 'Suspend',
      tone: 'danger',
      action: () => suspend.mutateAsync(u.id),
      success: `${u.name} has been suspended.`,
      failure: userMessages.suspendFailed,
    });
  const unblock = (u: PublicUser) =>
    unsuspend.mutate(u.id, {
      onSuccess: () => toast.success(`${u.name} has been unblocked.`),
      onError: (error) => toast.error(errorText(error, userMessages.unsuspendFailed)),
    });
  const askDelete = (u: PublicUser) => {
    // Who takes over their work, as chosen in the same step (empty: no one).
    let reassignTo = '';
    return confirmAction({
      title: 'Delete User',
      message: <DeleteUserMessage user={u} onReassign={(id) => (reassignTo = id)} />,
      confirmLabel: 'Delete',
      tone: 'danger',
      action: () => remove.mutateAsync({ id: u.id, reassignTo: reassignTo || undefined }),
      success: 'User deleted successfully.',
      failure: userMessages.deleteFailed,
    });
  };

  const columns: Column<PublicUser>[] = [
    {
      header: 'Name',
      cell: (u) => (
        <>
          <span className="font-medium text-slate-900">{u.name}</span>
          {u.id === me.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}
          <span className="block text-xs text-slate-500 md:hidden">{u.email}</span>
        </>
      ),
    },
    { header: 'Email', hideBelow: 'md', cell: (u) => u.email },
    { header: 'Role', cell: (u) => <Badge tone={ROLE_TONES[u.role] ?? 'slate'}>{roleLabel(u.role)}</Badge> },
    { header: 'Status', cell: (u) => (u.suspended ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>) },
    { header: 'Joined', hideBelow: 'lg', cell: (u) => formatShortDate(u.createdAt) },
    {
      header: 'Actions',
      className: 'w-px text-right whitespace-nowrap',
      cell: (u) =>
        manageable(u) ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="xs" onClick={() => setEditing({ user: u, key: Date.now() })} aria-label={`Edit ${u.name}`}>
              Edit
            </Button>
            {u.id !== me.id &&
              (u.suspended ? (
                <Button
                  size="xs"
                  variant="success"
                  onClick={() => unblock(u)}
                  disabled={unsuspend.isPending && unsuspend.variables === u.id}
                  aria-label={`Unblock ${u.name}`}
                >
                  Unblock
                </Button>
              ) : (
                <Button variant="secondary" size="xs" onClick={() => void askSuspend(u)} aria-label={`Suspend ${u.name}`}>
                  Suspend
                </Button>
              ))}
            {u.id !== me.id && (
              <Button size="xs" variant="danger" onClick={() => void askDelete(u)} aria-label={`Delete ${u.name}`}>
                Delete
              </Button>
            )}
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Users"
        description="Staff and readers. A suspended user cannot log in; deleting a user who has articles or breaking news hands them to another author."
        actions={<AddButton onClick={() => setEditing({ user: null, key: Date.now() })}>Add User</AddButton>}
      />
      <div className="mb-4 max-w-sm">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <input
          id="user-search"
          type="search"
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={controlClass}
        />
      </div>
      <DataTable
        caption="Users"
        rows={users.data?.data}
        columns={columns}
        rowKey={(u) => u.id}
        loading={users.isPending}
        error={users.error ? (users.error.message === userMessages.noToken ? userMessages.noToken : userMessages.fetchFailed) : null}
        empty={userMessages.empty}
      />
      {users.data && users.data.pagination.total > users.data.data.length && (
        <p className="mt-3 text-sm text-slate-600">
          Showing {users.data.data.length} of {users.data.pagination.total} users.
        </p>
      )}
      {editing && <UserFormModal key={editing.key} user={editing.user} managerRole={me.role} onClose={() => setEditing(null)} />}
    </>
  );
}

import { useState } from 'react';
import { holds } from '#shared/permissions';
import type { PublicUser } from '#shared/types';
import { Select } from '#client/components/ui/field';
import { roleLabel } from '#client/lib/staff-roles';
import { useUsers } from '../api/get-users';

/**
 * The question of the delete step, with the way out for a user who has written something: whom their articles and
 * breaking news go to (docs/decisions/006-deleting-users.md). The candidates are the active staff who write
 * articles, as the server accepts them.
 */
export function DeleteUserMessage({ user, onReassign }: { user: PublicUser; onReassign(id: string): void }) {
  const users = useUsers(true);
  const [chosen, setChosen] = useState('');
  const candidates = (users.data?.data ?? []).filter((u) => u.id !== user.id && !u.suspended && holds(u.role, 'articles:create'));
  return (
    <div className="space-y-3">
      <p>
        Delete <strong>{user.name}</strong> ({user.email})? This cannot be undone. Their comments are deleted with them.
      </p>
      <Select
        label="Their articles and breaking news go to"
        hint="Needed only if they have written any: without someone to take them over, the delete is refused."
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          onReassign(e.target.value);
        }}
      >
        <option value="">No one</option>
        {candidates.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name} ({roleLabel(u.role)})
          </option>
        ))}
      </Select>
    </div>
  );
}

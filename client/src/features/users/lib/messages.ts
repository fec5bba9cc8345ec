/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const userMessages = {
  noToken: 'No user token available',
  fetchFailed: 'Failed to fetch users',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  suspendFailed: 'Failed to suspend user',
  unsuspendFailed: 'Failed to unsuspend user',
  deleteFailed: 'Failed to delete user',
  empty: 'No users found.',
} as const;

/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const breakingNewsMessages = {
  fetchFailed: 'Failed to fetch breaking news',
  createFailed: 'Error creating breaking news',
  updateFailed: 'Error updating breaking news',
  deleteFailed: 'Error deleting breaking news',
  publishFailed: 'Error publishing breaking news',
  unpublishFailed: 'Error unpublishing breaking news',
  formFailed: 'Failed to add breaking news.',
  empty: 'No breaking news found.',
} as const;

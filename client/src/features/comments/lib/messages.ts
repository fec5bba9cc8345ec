/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const commentMessages = {
  fetchFailed: 'Failed to fetch comments',
} as const;

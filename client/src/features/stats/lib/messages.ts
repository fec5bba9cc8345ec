/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const statsMessages = {
  fetchFailed: 'Failed to load statistics',
  activityFailed: 'Failed to load recent activity',
  readingFailed: 'Failed to load the reading of the last 30 days',
} as const;

/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const unknownRoleMessages = {
  title: 'Oops! Authorization failed.',
  body: 'Your account has an invalid role, so the dashboard cannot be shown. Please contact support.',
} as const;

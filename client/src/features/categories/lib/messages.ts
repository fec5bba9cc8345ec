import { CATEGORY_MESSAGES } from '#shared/schemas/categories';

/** Texts shown by the dashboard (docs/spec/SPEC.md §2, §5 and §8), quoted exactly where the spec gives them. */
export const categoryMessages = {
  fetchFailed: 'Failed to fetch categories',
  createFailed: 'Failed to create category',
  updateFailed: 'Failed to update category',
  deleteFailed: 'Failed to delete category',
  formFailed: 'Failed to add category. Please try again.',
  nameRequired: CATEGORY_MESSAGES.nameRequired,
  nameTooLong: CATEGORY_MESSAGES.nameTooLong,
  empty: 'No categories found.',
} as const;

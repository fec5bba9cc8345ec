import { ApiError } from './api-client';
import { CATEGORY_MESSAGES } from '../../../shared/schemas/categories';
import { USER_MESSAGES } from '../../../shared/schemas/users';

/** Texts shown by the dashboard: SPEC.md §2, §5 and §8, quoted exactly where the spec gives them. */
export const MESSAGES = {
  articles: {
    fetchFailed: 'Failed to fetch articles',
    addFailed: 'Failed to add article.',
    updateFailed: 'Failed to update article.',
    deleteFailed: 'Failed to delete article',
    publishFailed: 'Failed to publish article.',
    unpublishFailed: 'Failed to unpublish article.',
    storyFailed: 'Failed to update story status.',
    featuredFailed: 'Failed to update featured status.',
    uploadMediaFailed: 'Failed to upload media',
    deleteMediaFailed: 'Failed to delete media',
    loadMediaFailed: 'Failed to load media',
    imageUploadFailed: 'Image upload failed',
    empty: 'No articles found.',
    storiesEmpty: 'No stories found.',
    contentRequired: 'Content is required',
    categoryRequired: 'Choose a category.',
    sectionRequired: 'Choose a section.',
  },
  categories: {
    fetchFailed: 'Failed to fetch categories',
    createFailed: 'Failed to create category',
    updateFailed: 'Failed to update category',
    deleteFailed: 'Failed to delete category',
    formFailed: 'Failed to add category. Please try again.',
    nameRequired: CATEGORY_MESSAGES.nameRequired,
    nameTooLong: CATEGORY_MESSAGES.nameTooLong,
    empty: 'No categories found.',
  },
  breakingNews: {
    fetchFailed: 'Failed to fetch breaking news',
    createFailed: 'Error creating breaking news',
    updateFailed: 'Error updating breaking news',
    deleteFailed: 'Error deleting breaking news',
    publishFailed: 'Error publishing breaking news',
    unpublishFailed: 'Error unpublishing breaking news',
    formFailed: 'Failed to add breaking news.',
    empty: 'No breaking news found.',
  },
  users: {
    noToken: 'No user token available',
    fetchFailed: 'Failed to fetch users',
    createFailed: 'Failed to create user',
    updateFailed: 'Failed to update user',
    suspendFailed: 'Failed to suspend user',
    unsuspendFailed: 'Failed to unsuspend user',
    deleteFailed: 'Failed to delete user',
    passwordTooShort: USER_MESSAGES.passwordTooShort,
    empty: 'No users found.',
  },
  comments: {
    fetchFailed: 'Failed to fetch comments',
  },
  stats: {
    fetchFailed: 'Failed to load statistics',
    activityFailed: 'Failed to load recent activity',
    viewsFailed: 'Failed to load views',
  },
  unknownRole: {
    title: 'Oops! Authorization failed.',
    body: 'Your account has an invalid role, so the dashboard cannot be shown. Please contact support.',
  },
} as const;

/**
 * SPEC.md §8: the server's error or message text takes priority over the generic text when present.
 * A response without the JSON envelope (a proxy's error page) has none; "cannot reach the server" is
 * worth more than the generic text.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  const fromServer = error.error !== 'Error';
  return fromServer || error.status === 0 ? error.message : fallback;
}

/** Someone else saved the item after this form was filled: the server refused our If-Match (412). */
export const isStaleVersion = (error: unknown): boolean => error instanceof ApiError && error.status === 412;

export const staleVersionText = (what: string) =>
  `Someone else changed this ${what} since you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.`;

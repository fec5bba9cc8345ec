import { segment } from './segment';

export const authors = {
  /** An author and a page of their published articles. */
  one: (slug: string) => `/api/authors/${segment(slug)}`,
  /** The signed-in staff member's own profile (the dashboard). */
  profile: '/api/profile',
  /** Who may be named a co-author (staff). */
  staff: '/api/staff',
};

import { segment } from './segment';

export const pages = {
  /** Every page, drafts included (editors and admins); POST creates one. */
  list: '/api/pages',
  one: (id: string) => `/api/pages/${segment(id)}`,
  /** A published page by its address (public). */
  bySlug: (slug: string) => `/api/pages/by-slug/${segment(slug)}`,
};

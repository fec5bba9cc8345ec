import { segment } from './segment';

export const categories = {
  list: '/api/categories',
  one: (idOrSlug: string) => `/api/categories/${segment(idOrSlug)}`,
};

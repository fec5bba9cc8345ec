import { segment } from './segment';

export const breakingNews = {
  list: '/api/breaking-news',
  one: (id: string) => `/api/breaking-news/${segment(id)}`,
  publish: (id: string) => `/api/breaking-news/${segment(id)}/publish`,
  unpublish: (id: string) => `/api/breaking-news/${segment(id)}/unpublish`,
};

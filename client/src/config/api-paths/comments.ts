import { segment } from './segment';

export const comments = {
  ofArticle: (articleId: string) => `/api/comments/article/${segment(articleId)}`,
  one: (id: string) => `/api/comments/${segment(id)}`,
  all: '/api/comments/admin/all',
};

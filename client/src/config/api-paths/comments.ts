import { segment } from './segment';

export const comments = {
  ofArticle: (articleId: string) => `/api/comments/article/${segment(articleId)}`,
  one: (id: string) => `/api/comments/${segment(id)}`,
  replies: (id: string) => `/api/comments/${segment(id)}/replies`,
  all: '/api/comments/admin/all',
};

import { segment } from './segment';

export const views = {
  ofArticle: (articleId: string) => `/api/view/article/${segment(articleId)}`,
  articleStats: (articleId: string) => `/api/view/article/${segment(articleId)}/stats`,
};

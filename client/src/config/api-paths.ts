/**
 * Every address of the API the client calls (docs/api.md), one group per resource. Import it as a
 * namespace (`import * as apiPaths from '…/config/api-paths'`): a bundle then keeps only the groups it uses.
 */
const segment = encodeURIComponent;

export const articles = {
  list: '/api/articles',
  published: '/api/articles/published',
  one: (id: string) => `/api/articles/${segment(id)}`,
  publish: (id: string) => `/api/articles/${segment(id)}/publish`,
  unpublish: (id: string) => `/api/articles/${segment(id)}/unpublish`,
  featured: (id: string) => `/api/articles/${segment(id)}/featured`,
  status: (id: string) => `/api/articles/${segment(id)}/status`,
  media: (id: string) => `/api/articles/${segment(id)}/media`,
  mediaItem: (id: string, mediaId: string) => `/api/articles/${segment(id)}/media/${segment(mediaId)}`,
  /** The share page the social networks read (server-rendered meta tags), not a JSON call. */
  share: (id: string) => `/api/articles/share/${segment(id)}`,
};

export const uploads = '/api/uploads';

export const auth = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  forgotPassword: '/api/auth/forgot-password',
  verifyResetOtp: '/api/auth/verify-otp',
  resetPassword: '/api/auth/reset-password',
  signupInitiate: '/api/auth/signup/initiate',
  signupVerifyOtp: '/api/auth/signup/verify-otp',
  signupComplete: '/api/auth/signup/complete',
};

export const breakingNews = {
  list: '/api/breaking-news',
  one: (id: string) => `/api/breaking-news/${segment(id)}`,
  publish: (id: string) => `/api/breaking-news/${segment(id)}/publish`,
  unpublish: (id: string) => `/api/breaking-news/${segment(id)}/unpublish`,
};

export const categories = {
  list: '/api/categories',
  one: (idOrSlug: string) => `/api/categories/${segment(idOrSlug)}`,
};

export const comments = {
  ofArticle: (articleId: string) => `/api/comments/article/${segment(articleId)}`,
  one: (id: string) => `/api/comments/${segment(id)}`,
  all: '/api/comments/admin/all',
};

export const stats = {
  counters: '/api/stats',
  activity: '/api/stats/activity',
};

export const users = {
  list: '/api/users',
  one: (id: string) => `/api/users/${segment(id)}`,
  suspend: (id: string) => `/api/users/${segment(id)}/suspend`,
  unsuspend: (id: string) => `/api/users/${segment(id)}/unsuspend`,
};

export const views = {
  ofArticle: (articleId: string) => `/api/view/article/${segment(articleId)}`,
  articleStats: (articleId: string) => `/api/view/article/${segment(articleId)}/stats`,
  daily: '/api/view/daily',
};

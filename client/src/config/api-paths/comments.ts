import { segment } from './segment';

export const comments = {
  ofArticle: (articleId: string) => `/api/comments/article/${segment(articleId)}`,
  one: (id: string) => `/api/comments/${segment(id)}`,
  replies: (id: string) => `/api/comments/${segment(id)}/replies`,
  all: '/api/comments/admin/all',
  /** Report one to the moderators (docs/decisions/066-comment-moderation.md). */
  report: (id: string) => `/api/comments/${segment(id)}/report`,
  /** The signed-in reader's held and hidden comments on an article. */
  mine: '/api/comments/mine',
};

/** The moderators' side (editors and admins). */
export const moderation = {
  queue: '/api/moderation/comments',
  counts: '/api/moderation/counts',
  approve: (id: string) => `/api/moderation/comments/${segment(id)}/approve`,
  hide: (id: string) => `/api/moderation/comments/${segment(id)}/hide`,
  bans: '/api/moderation/bans',
  ban: (userId: string) => `/api/moderation/bans/${segment(userId)}`,
};

import { segment } from './segment';

export const articles = {
  list: '/api/articles',
  published: '/api/articles/published',
  /** The home page's blocks and its Latest river. */
  home: '/api/articles/home',
  one: (id: string) => `/api/articles/${segment(id)}`,
  publish: (id: string) => `/api/articles/${segment(id)}/publish`,
  unpublish: (id: string) => `/api/articles/${segment(id)}/unpublish`,
  /** The review's steps (docs/decisions/058-review.md). */
  review: (id: string, step: 'submit' | 'withdraw' | 'send-back') => `/api/articles/${segment(id)}/${step}`,
  /** The trash (docs/decisions/061-trash.md). */
  restoreFromTrash: (id: string) => `/api/articles/${segment(id)}/restore`,
  deleteForever: (id: string) => `/api/articles/${segment(id)}/trash`,
  /** Scheduling (docs/decisions/059-scheduling.md). */
  schedule: (id: string) => `/api/articles/${segment(id)}/schedule`,
  unschedule: (id: string) => `/api/articles/${segment(id)}/unschedule`,
  /** Corrections (docs/decisions/062-corrections.md): an article's, to add one; all of them, newest first. */
  corrections: (id: string) => `/api/articles/${segment(id)}/corrections`,
  allCorrections: '/api/corrections',
  /** Who else has it open in the editor, as Server-Sent Events (docs/decisions/063-autosave-presence-conflicts.md). */
  presence: (id: string) => `/api/articles/${segment(id)}/presence`,
  /** Revisions (docs/decisions/060-revisions.md). */
  revisions: (id: string) => `/api/articles/${segment(id)}/revisions`,
  revision: (id: string, revisionId: string) => `/api/articles/${segment(id)}/revisions/${segment(revisionId)}`,
  restore: (id: string, revisionId: string) => `/api/articles/${segment(id)}/revisions/${segment(revisionId)}/restore`,
  featured: (id: string) => `/api/articles/${segment(id)}/featured`,
  status: (id: string) => `/api/articles/${segment(id)}/status`,
  media: (id: string) => `/api/articles/${segment(id)}/media`,
  mediaItem: (id: string, mediaId: string) => `/api/articles/${segment(id)}/media/${segment(mediaId)}`,
  /** The share page the social networks read (server-rendered meta tags), not a JSON call. */
  share: (id: string) => `/api/articles/share/${segment(id)}`,
};

import { segment } from './segment';

export const breakingNews = {
  list: '/api/breaking-news',
  /** The live ticker (Server-Sent Events), not a JSON call. */
  stream: '/api/breaking-news/stream',
  one: (id: string) => `/api/breaking-news/${segment(id)}`,
  publish: (id: string) => `/api/breaking-news/${segment(id)}/publish`,
  unpublish: (id: string) => `/api/breaking-news/${segment(id)}/unpublish`,
  /** Scheduling (docs/decisions/059-scheduling.md). */
  schedule: (id: string) => `/api/breaking-news/${segment(id)}/schedule`,
  unschedule: (id: string) => `/api/breaking-news/${segment(id)}/unschedule`,
};

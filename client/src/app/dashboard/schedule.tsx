import type { Article } from '#shared/types';
import * as apiPaths from '#client/config/api-paths';
import { refetchArticleLists } from '#client/features/articles/api/refetch-article-lists';
import { refetchBreakingNews } from '#client/features/breaking-news/api/refetch-breaking-news';
import type { ScheduleApi } from '#client/features/scheduling/api/schedule';
import { ScheduleActions, ScheduleNote } from '#client/features/scheduling/components/schedule-actions';
import type { ScheduleTarget } from '#client/features/scheduling/components/schedule-dialog';
import { useDashboardUser } from '#client/lib/dashboard-user';

/** Scheduling (docs/decisions/059-scheduling.md), composed for the articles and the breaking news it applies to. */
export const articleSchedule: ScheduleApi = {
  noun: 'article',
  cancelledTo: 'the drafts (or to unpublished, if it was published before)',
  hasEnd: true,
  schedulePath: apiPaths.articles.schedule,
  unschedulePath: apiPaths.articles.unschedule,
  refetch: (queryClient) => refetchArticleLists(queryClient, 'full'),
};

export const breakingSchedule: ScheduleApi = {
  noun: 'headline',
  cancelledTo: 'draft',
  hasEnd: false,
  schedulePath: apiPaths.breakingNews.schedule,
  unschedulePath: apiPaths.breakingNews.unschedule,
  refetch: refetchBreakingNews,
};

/** An article as the schedule's dialog and buttons take it. */
export const scheduleTarget = (a: Article): ScheduleTarget => ({
  id: a.id,
  name: a.title,
  published: a.status === 'published',
  scheduledAt: a.scheduledAt,
  unpublishAt: a.unpublishAt,
  version: a.version,
});

/**
 * An article's schedule in its details (ArticleViewModal's `Schedule`): the buttons for those who may publish, or
 * when it goes live and ends.
 */
export function ArticleSchedule({ article, part }: { article: Article; part: 'actions' | 'note' }) {
  const { can } = useDashboardUser();
  if (part === 'note') return <ScheduleNote scheduledAt={article.scheduledAt} unpublishAt={article.unpublishAt} />;
  return can.publishArticles ? <ScheduleActions of={articleSchedule} target={scheduleTarget(article)} /> : null;
}

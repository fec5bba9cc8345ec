import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';

/** What a schedule sets: when it goes live (absent for a published article) and when it ends (null: no end). */
export interface ScheduleTimes {
  publishAt?: string;
  unpublishAt?: string | null;
  /** The version approved (articles): what goes live is that text. */
  version?: number;
}

/**
 * What is scheduled, as the screen that shows it composes it (client/src/app/dashboard/schedule.ts): the calls of its
 * kind, what to read again after one, and whether it can have an end.
 */
export interface ScheduleApi {
  /** 'article' or 'headline', in the dialog's words. */
  noun: string;
  /** Where a cancelled one goes back to ("the drafts"). */
  cancelledTo: string;
  /** Articles may be taken down at a set time; headlines leave the ticker as newer ones come. */
  hasEnd: boolean;
  schedulePath(id: string): string;
  unschedulePath(id: string): string;
  refetch(queryClient: QueryClient): Promise<unknown>;
}

/**
 * POST …/:id/schedule and …/:id/unschedule (docs/decisions/059-scheduling.md). Nothing public changes at once; the
 * staff's lists are read again (the item moves to or from the Scheduled filter).
 */
export function useSchedule(of: ScheduleApi) {
  const queryClient = useQueryClient();
  const refetch = () => of.refetch(queryClient);
  const schedule = useMutation({
    mutationFn: ({ id, times }: { id: string; times: ScheduleTimes }) => api.post<unknown>(of.schedulePath(id), times),
    onSuccess: refetch,
  });
  const unschedule = useMutation({
    mutationFn: (id: string) => api.post<unknown>(of.unschedulePath(id)),
    onSuccess: refetch,
  });
  return { schedule, unschedule };
}

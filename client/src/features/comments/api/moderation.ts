import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { z } from 'zod';
import type { ModerationQueue } from '#shared/schemas/comments';
import type { commentBansSchema, moderationCommentSchema, moderationCountsSchema } from '#shared/schemas/responses/comments';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/** The moderators' side of comments (docs/decisions/066-comment-moderation.md): editors and admins. */
export type ModerationComment = z.output<typeof moderationCommentSchema>;
export type ModerationCounts = z.output<typeof moderationCountsSchema>;
export type CommentBan = z.output<typeof commentBansSchema>['data'][number];

export const MODERATION_PAGE = 20;

export function useModerationQueue(queue: ModerationQueue, page: number) {
  return useQuery({
    queryKey: dashboardKeys.moderationQueue(queue, page),
    queryFn: ({ signal }) =>
      api.get<{ data: ModerationComment[]; pagination: { total: number; page: number; limit: number } }>(apiPaths.moderation.queue, {
        signal,
        query: { queue, page, limit: MODERATION_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useModerationCounts(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.moderationCounts,
    queryFn: ({ signal }) => api.get<ModerationCounts>(apiPaths.moderation.counts, { signal }),
    enabled,
  });
}

export function useCommentBans() {
  return useQuery({
    queryKey: [...dashboardKeys.moderation, 'bans'],
    queryFn: ({ signal }) => api.get<{ data: CommentBan[] }>(apiPaths.moderation.bans, { signal }),
    select: (r) => r.data,
  });
}

type Action =
  | { kind: 'approve'; id: string }
  | { kind: 'hide'; id: string; reason: string }
  | { kind: 'delete'; id: string }
  | { kind: 'ban'; userId: string; until: string | null; reason: string }
  | { kind: 'unban'; userId: string };

/** One moderator's action; every queue, count and ban list is read again after it. Answers the sentence to show. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action): Promise<string> => {
      switch (action.kind) {
        case 'approve':
          return (await api.post<{ message: string }>(apiPaths.moderation.approve(action.id))).message;
        case 'hide':
          return (await api.post<{ message: string }>(apiPaths.moderation.hide(action.id), { reason: action.reason })).message;
        case 'delete':
          return (await api.delete<{ message: string }>(apiPaths.comments.one(action.id))).message;
        case 'ban':
          return (
            await api.put<{ message: string }>(apiPaths.moderation.ban(action.userId), { until: action.until, reason: action.reason })
          ).message;
        case 'unban':
          return (await api.delete<{ message: string }>(apiPaths.moderation.ban(action.userId))).message;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.moderation }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}

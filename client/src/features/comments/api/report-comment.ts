import { useMutation } from '#client/lib/query-hooks';
import type { CommentReportReason } from '#shared/schemas/comments';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/comments/:id/report (docs/decisions/066-comment-moderation.md): answers the sentence to show. */
export function useReportComment() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: CommentReportReason }) =>
      api.post<{ message: string }>(apiPaths.comments.report(id), { reason }),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Comment } from '#shared/types';
import { api } from '#client/lib/api-client';
import { appendReplies } from '../lib/comment-tree';
import { getCommentsQueryOptions, mapCommentPages, type CommentsPage } from './get-comments';
import * as apiPaths from '#client/config/api-paths';

export const REPLIES_PAGE_SIZE = 20;

/** GET /api/comments/:id/replies: a page of a comment's replies, newest first, each with its newest replies. */
export function getReplies(commentId: string, offset: number, signal?: AbortSignal): Promise<CommentsPage> {
  return api.get<CommentsPage>(apiPaths.comments.replies(commentId), {
    signal,
    query: { limit: REPLIES_PAGE_SIZE, offset: offset || undefined },
  });
}

/**
 * Loads the next page of a comment's replies, after those it shows, into the article's comments: where
 * replies, edits and deletes then find them like any other. A click, not a query: nothing to keep apart.
 */
export function useMoreReplies(articleId: string) {
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(articleId).queryKey;
  return useMutation({
    mutationFn: (comment: Comment) => getReplies(comment.id, comment.replies.length),
    onSuccess: (page, comment) =>
      queryClient.setQueryData(key, (data) =>
        mapCommentPages(data, (tree) => appendReplies(tree, comment.id, page.data, page.pagination.total)),
      ),
  });
}

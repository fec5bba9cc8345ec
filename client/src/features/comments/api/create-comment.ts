import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Comment } from '#shared/types';
import { api } from '#client/lib/api-client';
import { insertComment } from '../lib/comment-tree';
import { getCommentsQueryOptions, mapCommentPages } from './get-comments';
import { myCommentsKey } from './my-comments';
import * as apiPaths from '#client/config/api-paths';

export interface CreateCommentInput {
  content: string;
  parentId?: string;
}

export async function createComment(articleId: string, input: CreateCommentInput): Promise<Comment> {
  const body = await api.post<{ success: boolean; data: Comment; message: string }>(apiPaths.comments.ofArticle(articleId), input);
  return body.data;
}

/** Posts a comment or a reply and puts it first in its list (docs/spec/SPEC.md §4), or, when it is held, in the author's own. */
export function useCreateComment(articleId: string) {
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(articleId).queryKey;
  return useMutation({
    mutationFn: (input: CreateCommentInput) => createComment(articleId, input),
    onSuccess: (comment) => {
      // Held for a moderator (docs/decisions/066-comment-moderation.md): readers do not see it; its author's list does.
      if (comment.status === 'held') return queryClient.invalidateQueries({ queryKey: myCommentsKey(articleId) });
      const topLevel = !comment.parentId;
      queryClient.setQueryData(key, (data) =>
        mapCommentPages(data, (tree, page) => (topLevel && page > 0 ? tree : insertComment(tree, comment)), topLevel ? 1 : 0),
      );
    },
  });
}

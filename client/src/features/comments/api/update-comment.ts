import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import type { Comment } from '#shared/types';
import { api } from '#client/lib/api-client';
import { replaceComment } from '../lib/comment-tree';
import { getCommentsQueryOptions, mapCommentPages } from './get-comments';
import { myCommentsKey } from './my-comments';
import * as apiPaths from '#client/config/api-paths';

export async function updateComment(id: string, content: string): Promise<Comment> {
  const body = await api.put<{ success: boolean; data: Comment; message: string }>(apiPaths.comments.one(id), { content });
  return body.data;
}

/** Saves an edit and replaces the comment wherever it is nested (docs/spec/SPEC.md §4). */
export function useUpdateComment(articleId: string) {
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(articleId).queryKey;
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updateComment(id, content),
    onSuccess: async (comment) => {
      // An edit that holds it for a moderator (a blocked word): it leaves the thread for its author's own list.
      if (comment.status === 'held')
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: key }),
          queryClient.invalidateQueries({ queryKey: myCommentsKey(articleId) }),
        ]);
      queryClient.setQueryData(key, (data) => mapCommentPages(data, (tree) => replaceComment(tree, comment)));
    },
  });
}

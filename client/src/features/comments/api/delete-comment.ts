import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { removeComment } from '../lib/comment-tree';
import { getCommentsQueryOptions, mapCommentPages } from './get-comments';
import * as apiPaths from '#client/config/api-paths';

export function deleteComment(id: string): Promise<{ success: boolean; message: string }> {
  return api.delete(apiPaths.comments.one(id));
}

/** Deletes a comment (its replies go with it) and removes it from the list (docs/spec/SPEC.md §4). */
export function useDeleteComment(articleId: string) {
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(articleId).queryKey;
  return useMutation({
    mutationFn: ({ id }: { id: string; topLevel: boolean }) => deleteComment(id),
    onSuccess: (_result, { id, topLevel }) =>
      queryClient.setQueryData(key, (data) => mapCommentPages(data, (tree) => removeComment(tree, id), topLevel ? -1 : 0)),
  });
}

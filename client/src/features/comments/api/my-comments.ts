import { useQuery } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

export interface MyComment {
  id: string;
  content: string;
  parentId: string | null;
  status: 'held' | 'hidden';
  moderationNote: string | null;
  createdAt: string;
}

export const myCommentsKey = (articleId: string) => ['comments', 'mine', articleId] as const;

/**
 * GET /api/comments/mine: the signed-in reader's comments on the article that others do not see (held for a moderator)
 * or see removed (hidden), with why (docs/decisions/066-comment-moderation.md).
 */
export function useMyComments(articleId: string, signedIn: boolean) {
  return useQuery({
    queryKey: myCommentsKey(articleId),
    queryFn: ({ signal }) => api.get<{ data: MyComment[] }>(apiPaths.comments.mine, { signal, query: { articleId } }),
    select: (r) => r.data,
    enabled: signedIn,
  });
}

import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery } from '#client/lib/query-hooks';
import type { Comment } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

export interface CommentsPage {
  success: boolean;
  data: Comment[];
  pagination: { total: number; limit: number; offset: number };
}

export const COMMENTS_PAGE_SIZE = 20;

export function getComments(articleId: string, offset: number, read: ReadOptions = {}): Promise<CommentsPage> {
  return api.get<CommentsPage>(apiPaths.comments.ofArticle(articleId), {
    ...read,
    query: { includeReplies: true, limit: COMMENTS_PAGE_SIZE, offset: offset || undefined },
  });
}

export const getCommentsQueryOptions = (articleId: string, transport?: Transport) =>
  infiniteQueryOptions({
    queryKey: readerKeys.articleComments(articleId),
    queryFn: ({ pageParam, signal }) => getComments(articleId, pageParam, { signal, transport }),
    initialPageParam: 0,
    getNextPageParam: (last: CommentsPage) => {
      const next = (last.pagination?.offset ?? 0) + last.data.length;
      return last.data.length > 0 && next < (last.pagination?.total ?? 0) ? next : undefined;
    },
  });

/** The article's comments, newest first, replies nested, page after page. */
export function useComments(articleId: string) {
  return useInfiniteQuery(getCommentsQueryOptions(articleId));
}

/** Applies a tree change to every loaded page (the first page receives new top-level comments). */
export function mapCommentPages<P>(
  data: InfiniteData<CommentsPage, P> | undefined,
  change: (tree: Comment[], pageIndex: number) => Comment[],
  totalDelta = 0,
): InfiniteData<CommentsPage, P> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      data: change(page.data, i),
      pagination: { ...page.pagination, total: Math.max(0, (page.pagination?.total ?? 0) + totalDelta) },
    })),
  };
}

import type { Comment } from '../../../shared/types';

/** One comment row as the read queries of comments.service.ts return it (author and parent joined in). */
export interface CommentRow {
  id: string;
  content: string;
  articleId: string;
  authorId: string;
  authorName: string;
  parentId: string | null;
  parentContent: string | null;
  parentAuthorName: string | null;
  isEdited: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    content: row.content,
    articleId: row.articleId,
    author: { id: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isEdited: row.isEdited,
    parentId: row.parentId,
    parent:
      row.parentId && row.parentContent !== null
        ? { id: row.parentId, content: row.parentContent, author: { name: row.parentAuthorName ?? '' } }
        : null,
    replies: [],
  };
}

/**
 * Nests `rows` (sorted newest first) under their parents. A row whose parent is not among the rows is a
 * top of the forest (`isTop` decides for the list of an article, where only page roots are tops), so every
 * `replies` list comes out newest first, at any depth.
 */
export function toCommentTrees(rows: CommentRow[], isTop: (row: CommentRow) => boolean): Comment[] {
  const nodes = new Map<string, Comment>();
  for (const row of rows) nodes.set(row.id, toComment(row));
  const tops: Comment[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (isTop(row)) tops.push(node);
    else if (row.parentId) nodes.get(row.parentId)?.replies.push(node);
  }
  return tops;
}

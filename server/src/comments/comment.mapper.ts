import { LIMITS } from '#shared/constants';
import type { Comment } from '#shared/types';

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
  status: 'visible' | 'held' | 'hidden';
  moderationNote: string | null;
  /** Its direct replies, all of them (the rows hold only the newest). */
  replyCount: number;
}

/**
 * Who reads it: `public` (anyone: a hidden comment keeps its place without its text, its author's name or why), or
 * `revealed` (its author, a moderator, the staff's list: everything).
 */
export type Audience = 'public' | 'revealed';

export function toComment(row: CommentRow, audience: Audience): Comment {
  const removed = audience === 'public' && row.status === 'hidden';
  return {
    id: row.id,
    content: removed ? '' : row.content,
    articleId: row.articleId,
    // Neither the name nor the id: the id would name the author through their other comments.
    author: removed ? { id: '', name: '' } : { id: row.authorId, name: row.authorName },
    status: row.status,
    moderationNote: audience === 'public' ? null : row.moderationNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isEdited: row.isEdited,
    parentId: row.parentId,
    parent:
      row.parentId && row.parentContent !== null
        ? { id: row.parentId, content: row.parentContent, author: { name: row.parentAuthorName ?? '' } }
        : null,
    replies: [],
    replyCount: row.replyCount,
  };
}

/** Newest first, as every list of comments is answered: by creation time, then by id (as PostgreSQL orders UUIDs). */
const newestFirst = (a: CommentRow, b: CommentRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Nests `rows` under their parents, newest first at every level: the tops of the forest (`isTop`: the page
 * asked for) and every `replies` list. The reads hand their rows over in the order of their walk, level by
 * level, so they are sorted here (a few hundred at most).
 *
 * A comment shows the newest of its replies (all of them up to LIMITS.commentRepliesShown) or none: the read's
 * bound may stop the walk part way through one comment's replies, and the reader's next page starts after those
 * shown (`offset` = how many), so what it shows must be the newest. The few of that one comment are dropped;
 * its replyCount still says they are there.
 */
export function toCommentTrees(
  rows: CommentRow[],
  isTop: (row: CommentRow) => boolean,
  audience: Audience | ((row: CommentRow) => Audience) = 'public',
): Comment[] {
  const sorted = [...rows].sort(newestFirst);
  const nodes = new Map<string, Comment>();
  for (const row of sorted) nodes.set(row.id, toComment(row, typeof audience === 'function' ? audience(row) : audience));
  const tops: Comment[] = [];
  for (const row of sorted) {
    const node = nodes.get(row.id)!;
    if (isTop(row)) tops.push(node);
    else if (row.parentId) nodes.get(row.parentId)?.replies.push(node);
  }
  for (const node of nodes.values()) if (node.replies.length < Math.min(LIMITS.commentRepliesShown, node.replyCount)) node.replies = [];
  return tops;
}

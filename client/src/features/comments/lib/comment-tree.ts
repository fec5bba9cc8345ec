import { COMMENT_MESSAGES } from '#shared/schemas/comments';
import { hasVisibleText } from '#shared/schemas/text';
import type { Comment } from '#shared/types';

/** docs/spec/SPEC.md §9: a quoted parent comment is shortened to 80 characters followed by '...'. */
export const QUOTE_MAX = 80;

export function shortenQuote(text: string, max = QUOTE_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

/** Changes comment `id` wherever it is nested; the tree as it was when it is not loaded. */
function changeComment(tree: readonly Comment[], id: string, change: (c: Comment) => Comment): Comment[] {
  const visit = (list: readonly Comment[]): [Comment[], boolean] => {
    let found = false;
    const next = list.map((c) => {
      if (found) return c;
      if (c.id === id) {
        found = true;
        return change(c);
      }
      const [replies, inside] = visit(c.replies ?? []);
      if (!inside) return c;
      found = true;
      return { ...c, replies };
    });
    return [found ? next : [...list], found];
  };
  return visit(tree)[0];
}

/**
 * docs/spec/SPEC.md §4: a new top-level comment goes first in the list; a reply goes first among its parent's
 * replies, however deep the parent is, and counts among them. A reply whose parent is not loaded is left out.
 */
export function insertComment(tree: readonly Comment[], comment: Comment): Comment[] {
  const withReplies = { ...comment, replies: comment.replies ?? [] };
  if (!comment.parentId) return [withReplies, ...tree.filter((c) => c.id !== comment.id)];
  return changeComment(tree, comment.parentId, (parent) => {
    const others = (parent.replies ?? []).filter((r) => r.id !== comment.id);
    const isNew = others.length === (parent.replies ?? []).length;
    return { ...parent, replies: [withReplies, ...others], replyCount: parent.replyCount + (isNew ? 1 : 0) };
  });
}

/**
 * A page of a comment's replies (GET /api/comments/:id/replies) goes after those it shows, leaving out any
 * shown already (replies posted since shift the pages); `total` is the count the page came with.
 */
export function appendReplies(tree: readonly Comment[], parentId: string, page: readonly Comment[], total: number): Comment[] {
  return changeComment(tree, parentId, (parent) => {
    const shown = new Set((parent.replies ?? []).map((r) => r.id));
    return { ...parent, replies: [...(parent.replies ?? []), ...page.filter((r) => !shown.has(r.id))], replyCount: total };
  });
}

/**
 * An update replaces the comment wherever it is nested. It keeps the replies loaded, which may be more than the
 * answer's page of the newest (those it holds are taken when nothing more was loaded).
 */
export function replaceComment(tree: readonly Comment[], updated: Comment): Comment[] {
  return changeComment(tree, updated.id, (c) => {
    const loaded = c.replies ?? [];
    return { ...c, ...updated, replies: loaded.length >= (updated.replies?.length ?? 0) ? loaded : updated.replies };
  });
}

/** A delete removes the comment, and its replies with it, wherever it is nested; its parent counts one reply fewer. */
export function removeComment(tree: readonly Comment[], id: string): Comment[] {
  return tree
    .filter((c) => c.id !== id)
    .map((c) => {
      const replies = removeComment(c.replies ?? [], id);
      const removed = replies.length < (c.replies ?? []).length;
      return { ...c, replies, replyCount: removed ? Math.max(0, c.replyCount - 1) : c.replyCount };
    });
}

/** How many of a comment's replies are not loaded: "Show N more replies". */
export const hiddenReplies = (comment: Comment) => Math.max(0, comment.replyCount - (comment.replies?.length ?? 0));

/** How many comments the tree holds, replies included. */
export function countComments(tree: readonly Comment[]): number {
  return tree.reduce((sum, c) => sum + 1 + countComments(c.replies ?? []), 0);
}

/** docs/spec/SPEC.md §5: the content must not be empty, nor only invisible characters (as the server checks). */
export function validateComment(content: string): string | null {
  return hasVisibleText(content) ? null : COMMENT_MESSAGES.empty;
}

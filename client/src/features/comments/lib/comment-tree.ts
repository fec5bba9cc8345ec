import { COMMENT_MESSAGES } from '../../../../../shared/schemas/comments';
import { hasVisibleText } from '../../../../../shared/schemas/text';
import type { Comment } from '../../../../../shared/types';

/** SPEC.md §9: a quoted parent comment is shortened to 80 characters followed by '...'. */
export const QUOTE_MAX = 80;

export function shortenQuote(text: string, max = QUOTE_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

/**
 * SPEC.md §4: a new top-level comment goes first in the list; a reply goes first among its parent's
 * replies, however deep the parent is. A reply whose parent is not loaded is left out.
 */
export function insertComment(tree: readonly Comment[], comment: Comment): Comment[] {
  const withReplies = { ...comment, replies: comment.replies ?? [] };
  if (!comment.parentId) return [withReplies, ...tree.filter((c) => c.id !== comment.id)];
  const visit = (list: readonly Comment[]): [Comment[], boolean] => {
    let found = false;
    const next = list.map((c) => {
      if (found) return c;
      if (c.id === comment.parentId) {
        found = true;
        return { ...c, replies: [withReplies, ...(c.replies ?? []).filter((r) => r.id !== comment.id)] };
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

/** An update replaces the comment wherever it is nested, keeping its loaded replies. */
export function replaceComment(tree: readonly Comment[], updated: Comment): Comment[] {
  return tree.map((c) =>
    c.id === updated.id
      ? { ...c, ...updated, replies: updated.replies?.length ? updated.replies : (c.replies ?? []) }
      : { ...c, replies: replaceComment(c.replies ?? [], updated) },
  );
}

/** A delete removes the comment, and its replies with it, wherever it is nested. */
export function removeComment(tree: readonly Comment[], id: string): Comment[] {
  return tree.filter((c) => c.id !== id).map((c) => ({ ...c, replies: removeComment(c.replies ?? [], id) }));
}

/** How many comments the tree holds, replies included. */
export function countComments(tree: readonly Comment[]): number {
  return tree.reduce((sum, c) => sum + 1 + countComments(c.replies ?? []), 0);
}

/** SPEC.md §5: the content must not be empty, nor only invisible characters (as the server checks). */
export function validateComment(content: string): string | null {
  return hasVisibleText(content) ? null : COMMENT_MESSAGES.empty;
}

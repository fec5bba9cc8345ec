import type { Comment } from '../../shared/types';

/** How deep a list of comment trees goes (1: top-level comments only), and how many comments it holds. */
export function measureTrees(trees: Comment[]): { levels: number; count: number } {
  let levels = 0;
  let count = 0;
  const stack: (readonly [Comment, number])[] = trees.map((c) => [c, 1]);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [comment, level] = next;
    count += 1;
    levels = Math.max(levels, level);
    stack.push(...comment.replies.map((r) => [r, level + 1] as const));
  }
  return { levels, count };
}

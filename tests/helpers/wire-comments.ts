import { vi } from 'vitest';
import type { Comment } from '../../shared/types';
import type { CommentActions } from '../../client/src/features/comments/components/comment-item';

/** A complete wire Comment for unit tests, with overrides; replyCount counts the replies given unless said. */
export function makeComment(overrides: Partial<Comment> & { id: string }): Comment {
  return {
    content: `Comment ${overrides.id}`,
    articleId: 'a',
    author: { id: 'someone', name: 'Writer' },
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    isEdited: false,
    parentId: null,
    parent: null,
    replies: [],
    replyCount: overrides.replies?.length ?? 0,
    ...overrides,
  };
}

/** What a CommentItem may do, as spies that do nothing: `viewerId` reads the thread, nobody moderates, nothing is highlighted. */
export function commentActions(viewerId: string | null): CommentActions {
  return {
    viewerId,
    canModerate: false,
    highlightedId: null,
    reply: vi.fn(async () => {}),
    edit: vi.fn(async () => {}),
    remove: vi.fn(async () => {}),
    jumpTo: vi.fn(),
  };
}

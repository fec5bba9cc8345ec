// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import type { Comment } from '#shared/types';
import { commentActions, makeComment } from '#tests/helpers/wire-comments';
import { CommentItem } from './comment-item';

afterEach(cleanup);

const comment = (level: number, replies: Comment[]): Comment =>
  makeComment({
    id: `c${level}`,
    content: `Level ${level}`,
    author: { id: 'someone', name: `Writer ${level}` },
    parentId: level > 1 ? `c${level - 1}` : null,
    replies,
  });

/** A thread as deep as the server allows: levels 1 to LIMITS.commentLevelsMax. */
function deepestThread(): Comment {
  let tree = comment(LIMITS.commentLevelsMax, []);
  for (let level = LIMITS.commentLevelsMax - 1; level >= 1; level--) tree = comment(level, [tree]);
  return tree;
}

const actions = commentActions('viewer');

const hint = /as deep as it goes/;

describe('CommentItem in a thread at the depth cap', () => {
  it('renders every level, and says where a reply to the deepest level goes', () => {
    render(<CommentItem comment={deepestThread()} depth={0} actions={actions} />);
    const items = screen.getAllByTestId('comment');
    expect(items).toHaveLength(LIMITS.commentLevelsMax);
    const deepest = items.at(-1)!;
    expect(within(deepest).getByText(`Level ${LIMITS.commentLevelsMax}`)).toBeTruthy();

    fireEvent.click(within(items[0]!).getAllByRole('button', { name: 'Reply' })[0]!);
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.click(within(deepest).getByRole('button', { name: 'Reply' }));
    expect(within(deepest).getByText(hint)).toBeTruthy();
    expect(within(deepest).getByLabelText(`Reply to Writer ${LIMITS.commentLevelsMax}`)).toBeTruthy();
  });
});

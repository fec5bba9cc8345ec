import { describe, expect, it } from 'vitest';
import type { Comment } from '#shared/types';
import { makeComment } from '#tests/helpers/wire-comments';
import {
  appendReplies,
  countComments,
  hiddenReplies,
  insertComment,
  removeComment,
  replaceComment,
  shortenQuote,
  validateComment,
} from './comment-tree';

const c = (id: string, parentId: string | null = null, replies: Comment[] = []): Comment =>
  makeComment({ id, content: `content ${id}`, articleId: 'a1', author: { id: 'u1', name: 'Riley' }, parentId, replies });

const ids = (tree: Comment[]): unknown => tree.map((x) => (x.replies.length ? { [x.id]: ids(x.replies) } : x.id));

const tree = () => [c('1', null, [c('1a', '1', [c('1a-i', '1a')]), c('1b', '1')]), c('2')];

describe('insertComment (SPEC §4)', () => {
  it('puts a new top-level comment first', () => {
    expect(ids(insertComment(tree(), c('3')))).toEqual(['3', { '1': [{ '1a': ['1a-i'] }, '1b'] }, '2']);
  });

  it('puts a reply first among its parent replies, at any depth', () => {
    expect(ids(insertComment(tree(), c('1c', '1')))).toEqual([{ '1': ['1c', { '1a': ['1a-i'] }, '1b'] }, '2']);
    expect(ids(insertComment(tree(), c('deep', '1a-i')))).toEqual([{ '1': [{ '1a': [{ '1a-i': ['deep'] }] }, '1b'] }, '2']);
    expect(ids(insertComment(tree(), c('2a', '2')))).toEqual([{ '1': [{ '1a': ['1a-i'] }, '1b'] }, { '2': ['2a'] }]);
  });

  it('does not duplicate a comment that is already there, and does not mutate the input', () => {
    const before = tree();
    const snapshot = JSON.stringify(before);
    expect(ids(insertComment(before, c('1b', '1')))).toEqual([{ '1': ['1b', { '1a': ['1a-i'] }] }, '2']);
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('leaves the tree as it is when the parent is not loaded', () => {
    expect(ids(insertComment(tree(), c('x', 'missing')))).toEqual(ids(tree()));
  });

  it('counts a new reply among its parent replies, once', () => {
    const [parent] = insertComment(tree(), c('1c', '1'));
    expect(parent!.replyCount).toBe(3);
    expect(insertComment(insertComment(tree(), c('1c', '1')), c('1c', '1'))[0]!.replyCount).toBe(3);
  });

  it('puts a reply first under a parent whose replies are not all loaded, so the next page starts after it', () => {
    // 10 replies on the server, 1 loaded: the new one is the newest, the next page starts at offset 2.
    const parent = { ...c('p', null, [c('r1', 'p')]), replyCount: 10 };
    const [next] = insertComment([parent], c('new', 'p'));
    expect(next!.replies.map((r) => r.id)).toEqual(['new', 'r1']);
    expect(hiddenReplies(next!)).toBe(9);
  });
});

describe('appendReplies (GET /api/comments/:id/replies)', () => {
  const withHidden = () => [{ ...c('1', null, [c('1a', '1'), c('1b', '1')]), replyCount: 5 }, c('2')];

  it('puts a page of replies after those shown, at any depth, and takes the count it came with', () => {
    const [next] = appendReplies(withHidden(), '1', [c('1c', '1'), c('1d', '1')], 6);
    expect(next!.replies.map((r) => r.id)).toEqual(['1a', '1b', '1c', '1d']);
    expect(next!.replyCount).toBe(6);
    expect(hiddenReplies(next!)).toBe(2);
    const deep = appendReplies(tree(), '1a-i', [c('x', '1a-i')], 1);
    expect(ids(deep)).toEqual([{ '1': [{ '1a': [{ '1a-i': ['x'] }] }, '1b'] }, '2']);
  });

  it('leaves out replies already shown (pages shift when replies are posted meanwhile)', () => {
    const [next] = appendReplies(withHidden(), '1', [c('1b', '1'), c('1c', '1')], 5);
    expect(next!.replies.map((r) => r.id)).toEqual(['1a', '1b', '1c']);
  });
});

describe('replaceComment', () => {
  it('replaces a nested comment and keeps its replies', () => {
    const updated = { ...c('1a', '1'), content: 'edited', isEdited: true };
    const next = replaceComment(tree(), updated);
    const target = next[0]!.replies[0]!;
    expect(target.content).toBe('edited');
    expect(target.isEdited).toBe(true);
    expect(target.replies.map((r) => r.id)).toEqual(['1a-i']);
    expect(ids(next)).toEqual(ids(tree()));
  });

  it('keeps the replies loaded beyond the page of the newest that the answer holds', () => {
    const loaded = appendReplies(tree(), '1', [c('1c', '1'), c('1d', '1')], 4);
    const answer = { ...c('1', null, [c('1a', '1')]), content: 'edited', replyCount: 4 };
    const [next] = replaceComment(loaded, answer);
    expect(next!.content).toBe('edited');
    expect(next!.replies.map((r) => r.id)).toEqual(['1a', '1b', '1c', '1d']);
    // Nothing loaded: the answer's replies are taken.
    expect(replaceComment([c('2')], { ...c('2', null, [c('2a', '2')]) })[0]!.replies.map((r) => r.id)).toEqual(['2a']);
  });
});

describe('removeComment', () => {
  it('removes a comment wherever it is, with its replies', () => {
    expect(ids(removeComment(tree(), '1a'))).toEqual([{ '1': ['1b'] }, '2']);
    expect(ids(removeComment(tree(), '2'))).toEqual([{ '1': [{ '1a': ['1a-i'] }, '1b'] }]);
    expect(ids(removeComment(tree(), 'nope'))).toEqual(ids(tree()));
  });

  it('counts one reply fewer under the parent', () => {
    expect(removeComment(tree(), '1a')[0]!.replyCount).toBe(1);
    expect(removeComment(tree(), '1a-i')[0]!.replies[0]!.replyCount).toBe(0);
    expect(removeComment(tree(), '1a-i')[0]!.replyCount).toBe(2);
  });
});

describe('countComments', () => {
  it('counts replies too', () => {
    expect(countComments(tree())).toBe(5);
  });
});

describe('shortenQuote (SPEC §9: 80 characters)', () => {
  it('keeps short text and cuts long text at 80 characters with "..."', () => {
    expect(shortenQuote('Short and sweet')).toBe('Short and sweet');
    const long = 'x'.repeat(81);
    expect(shortenQuote(long)).toBe(`${'x'.repeat(80)}...`);
    expect(shortenQuote('y'.repeat(80))).toBe('y'.repeat(80));
  });

  it('collapses whitespace first', () => {
    expect(shortenQuote('a\n\n  b')).toBe('a b');
  });
});

describe('validateComment (SPEC §5)', () => {
  it('refuses empty or blank content', () => {
    expect(validateComment('')).toBe('Comment cannot be empty');
    expect(validateComment('  \n ')).toBe('Comment cannot be empty');
    expect(validateComment('\u200b\u200c\u200d\u2060\ufeff')).toBe('Comment cannot be empty');
    expect(validateComment(' hi ')).toBeNull();
  });
});

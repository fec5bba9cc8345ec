import { describe, expect, it } from 'vitest';
import { articleTeaser, SHARE_DESCRIPTION_MAX } from '../articles/share-page';
import { truncateOnWord } from './text';

describe('truncateOnWord', () => {
  it('returns short text with its whitespace collapsed', () => {
    expect(truncateOnWord('  a \n b  ', 10)).toBe('a b');
  });

  it('cuts at the last whole word and drops trailing punctuation before the ellipsis', () => {
    expect(truncateOnWord('one two, three four', 12)).toBe('one two…');
    expect(truncateOnWord('one two three', 8)).toBe('one two…');
  });

  it('cuts inside a word when there is no usable boundary, and counts emoji as one character', () => {
    expect(truncateOnWord('abcdefghijkl', 5)).toBe('abcd…');
    expect(truncateOnWord('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });
});

describe('articleTeaser (issue 24: one story, one teaser)', () => {
  const summary =
    'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, ' +
    'shop owners and the ferry company sent in their views.';

  it('is the summary cut at a word, with an ellipsis, within the share preview length', () => {
    const teaser = articleTeaser({ summary, title: 'Bridge' });
    expect(Array.from(teaser).length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(teaser).toBe(
      'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, shop owners and the ferry company sent in…',
    );
    // A prefix of the summary that ends where a word ends.
    expect(summary.startsWith(teaser.slice(0, -1))).toBe(true);
    expect(summary[teaser.length - 1]).toBe(' ');
  });

  it('is the whole summary when it fits, and the title when the summary is blank', () => {
    expect(articleTeaser({ summary: '  Short  summary. ', title: 'T' })).toBe('Short summary.');
    expect(articleTeaser({ summary: ' \n ', title: 'The title' })).toBe('The title');
  });
});

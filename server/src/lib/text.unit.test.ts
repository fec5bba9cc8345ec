import { describe, expect, it } from 'vitest';
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

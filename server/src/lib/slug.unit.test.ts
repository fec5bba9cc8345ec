import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases and turns runs of spaces into one hyphen', () => {
    expect(slugify('  World  News ')).toBe('world-news');
    expect(slugify('Opinions & Editorials')).toBe('opinions-&-editorials');
  });
});

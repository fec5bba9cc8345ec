import { describe, expect, it } from 'vitest';
import { categorySlug, slugCandidates } from './slug';

describe('categorySlug', () => {
  it('lowercases and turns runs of spaces into one hyphen', () => {
    expect(categorySlug('  World  News ')).toBe('world-news');
  });

  it('keeps only letters and digits, folding accents, and the ampersand in words, so no slug carries one', () => {
    expect(categorySlug('Opinions & Editorials')).toBe('opinions-and-editorials');
    expect(categorySlug('Économie / Finance 2026')).toBe('economie-finance-2026');
    expect(categorySlug('Q&A <Live> "Now"')).toBe('qanda-live-now');
  });

  it('falls back to the spoken form when a name has no letter or digit', () => {
    expect(categorySlug('新闻 速递')).toBe('新闻-速递');
  });
});

describe('slugCandidates', () => {
  it('looks a category up by its stored slug and by docs/spec/SPEC.md §2 form of the same words', () => {
    expect(slugCandidates('Opinions & Editorials')).toEqual(['opinions-and-editorials', 'opinions-&-editorials']);
    expect(slugCandidates('opinions-&-editorials')).toEqual(['opinions-and-editorials', 'opinions-&-editorials']);
    expect(slugCandidates('world-news')).toEqual(['world-news']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Category } from '#shared/types';
import { spokenSlug } from '#shared/slug';
import { matchCategory } from './match-category';

const categories: Category[] = [
  { id: '7f1c0e3a-0000-4000-8000-000000000001', name: 'World', slug: 'world', version: 1 },
  { id: '7f1c0e3a-0000-4000-8000-000000000002', name: 'Local Sport', slug: 'local-sport', version: 1 },
  { id: '7f1c0e3a-0000-4000-8000-000000000003', name: 'Arts  and Culture', slug: 'arts-and-culture', version: 1 },
];

describe('spokenSlug (SPEC §2)', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(spokenSlug('Local Sport')).toBe('local-sport');
    expect(spokenSlug('  World ')).toBe('world');
  });
});

describe('matchCategory', () => {
  it('matches by id', () => {
    expect(matchCategory(categories, '7f1c0e3a-0000-4000-8000-000000000002')?.name).toBe('Local Sport');
  });

  it('matches by slug, case-insensitively, and by the name rule', () => {
    expect(matchCategory(categories, 'local-sport')?.name).toBe('Local Sport');
    expect(matchCategory(categories, 'LOCAL-SPORT')?.name).toBe('Local Sport');
    expect(matchCategory(categories, 'Local%20Sport')?.name).toBe('Local Sport');
    expect(matchCategory(categories, 'arts-and-culture')?.name).toBe('Arts  and Culture');
  });

  it('finds nothing for unknown, empty or malformed keys', () => {
    expect(matchCategory(categories, 'weather')).toBeNull();
    expect(matchCategory(categories, '')).toBeNull();
    expect(matchCategory(categories, '%E0%A4%A')).toBeNull();
    expect(matchCategory([], 'world')).toBeNull();
  });
});

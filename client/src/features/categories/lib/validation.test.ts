import { describe, expect, it } from 'vitest';
import { validateCategory } from './validation';

describe('form rules with the exact SPEC.md §5 messages', () => {
  it('category: required and at most 32 characters, trimmed', () => {
    expect(validateCategory({ name: '   ' })).toEqual({ ok: false, errors: { name: 'Category name is required.' } });
    expect(validateCategory({ name: 'x'.repeat(33) })).toEqual({ ok: false, errors: { name: 'Max 32 characters.' } });
    expect(validateCategory({ name: '  World  ' })).toEqual({ ok: true, value: { name: 'World' } });
  });
});

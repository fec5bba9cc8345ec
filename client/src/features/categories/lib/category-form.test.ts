import { describe, expect, it } from 'vitest';
import { categoryInputSchema } from '#shared/schemas/categories';

/** The category form's resolver reads this schema; its first message per field is what the form shows. */
const check = (input: { name: string }) => {
  const result = categoryInputSchema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: { name: result.error.issues[0]?.message } };
};

describe('form rules with the exact docs/spec/SPEC.md §5 messages', () => {
  it('category: required and at most 32 characters, trimmed', () => {
    expect(check({ name: '   ' })).toEqual({ ok: false, errors: { name: 'Category name is required.' } });
    expect(check({ name: 'x'.repeat(33) })).toEqual({ ok: false, errors: { name: 'Max 32 characters.' } });
    expect(check({ name: '  World  ' })).toEqual({ ok: true, value: { name: 'World' } });
  });
});

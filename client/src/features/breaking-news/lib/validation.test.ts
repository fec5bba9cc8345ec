import { describe, expect, it } from 'vitest';
import { validateBreakingNews } from './validation';

describe('form rules with the exact SPEC.md §5 messages', () => {
  it('breaking news: a headline is required', () => {
    expect(validateBreakingNews({ headline: ' ' })).toMatchObject({ ok: false, errors: { headline: 'Headline is required.' } });
  });
});

import { describe, expect, it } from 'vitest';
import { breakingNewsInputSchema } from '#shared/schemas/breaking-news';

/** The breaking-news form's resolver reads this schema; its first message per field is what the form shows. */
describe('form rules with the exact docs/spec/SPEC.md §5 messages', () => {
  it('breaking news: a headline is required', () => {
    const result = breakingNewsInputSchema.safeParse({ headline: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['headline'], message: 'Headline is required.' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  firstUploadedImage,
  isEmptyHtml,
  validateBreakingNews,
  validateCategory,
  validateNewArticle,
  validateNewUser,
  validateUserEdit,
} from '../../../lib/validation';

const CATEGORY_ID = '0190a8e2-7c3b-7def-8abc-123456789abc';

describe('form rules with the exact SPEC.md §5 messages', () => {
  it('category: required and at most 32 characters, trimmed', () => {
    expect(validateCategory({ name: '   ' })).toEqual({ ok: false, errors: { name: 'Category name is required.' } });
    expect(validateCategory({ name: 'x'.repeat(33) })).toEqual({ ok: false, errors: { name: 'Max 32 characters.' } });
    expect(validateCategory({ name: '  World  ' })).toEqual({ ok: true, value: { name: 'World' } });
  });

  it('new user: the password needs at least 8 characters; the role defaults are the form’s', () => {
    const base = { name: 'Ed Editor', email: 'ed@example.com', role: 'editor' as const, bio: '' };
    expect(validateNewUser({ ...base, password: 'short' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters.' },
    });
    const ok = validateNewUser({ ...base, password: 'long-enough' });
    expect(ok.ok && ok.value).toMatchObject({ name: 'Ed Editor', email: 'ed@example.com', role: 'editor', bio: null });
  });

  it('editing a user ignores the password field', () => {
    expect(validateUserEdit({ name: 'Ed', email: 'ED@Example.com', role: 'author', bio: 'Hi', password: '' })).toEqual({
      ok: true,
      value: { name: 'Ed', email: 'ed@example.com', role: 'author', bio: 'Hi' },
    });
    expect(validateUserEdit({ name: 'Ed', email: 'nope', role: 'author', bio: '', password: '' })).toMatchObject({
      ok: false,
      errors: { email: 'Invalid email address' },
    });
  });

  it('breaking news: a headline is required', () => {
    expect(validateBreakingNews({ headline: ' ' })).toMatchObject({ ok: false, errors: { headline: 'Headline is required.' } });
  });

  it('article: an empty editor document counts as no content; a category must be chosen', () => {
    const result = validateNewArticle({ title: 'T', summary: 'S', content: '<p></p>', categoryId: '', section: 'Sports' });
    expect(result).toMatchObject({ ok: false, errors: { content: 'Content is required', categoryId: 'Choose a category.' } });
    expect(validateNewArticle({ title: 'T', summary: 'S', content: '<p>Body</p>', categoryId: CATEGORY_ID, section: 'Sports' }).ok).toBe(
      true,
    );
  });

  it('isEmptyHtml sees images as content', () => {
    expect(isEmptyHtml('<p> &nbsp; </p>')).toBe(true);
    expect(isEmptyHtml('<p><img src="/uploads/a.png"></p>')).toBe(false);
  });
});

describe('firstUploadedImage', () => {
  it('finds the first image uploaded to this site, not one from elsewhere', () => {
    expect(
      firstUploadedImage('<p><img src="https://example.com/a.png"><img alt="x" src="/uploads/b.webp"><img src="/uploads/c.png"></p>'),
    ).toBe('/uploads/b.webp');
    expect(firstUploadedImage('<p>No pictures</p>')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { firstUploadedImage, isEmptyHtml, validateNewArticle } from './validation';

const CATEGORY_ID = '0190a8e2-7c3b-7def-8abc-123456789abc';

describe('form rules with the exact docs/spec/SPEC.md §5 messages', () => {
  it('article: an empty editor document counts as no content; a category must be chosen', () => {
    const result = validateNewArticle({ title: 'T', summary: 'S', content: '<p></p>', categoryId: '', section: 'Sports', coAuthorIds: [] });
    expect(result).toMatchObject({ ok: false, errors: { content: 'Content is required', categoryId: 'Choose a category.' } });
    expect(
      validateNewArticle({ title: 'T', summary: 'S', content: '<p>Body</p>', categoryId: CATEGORY_ID, section: 'Sports', coAuthorIds: [] })
        .ok,
    ).toBe(true);
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

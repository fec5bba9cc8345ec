// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { localCopyKey, readLocalCopy, writeLocalCopy } from './local-copy';

afterEach(() => localStorage.clear());

const key = localCopyKey('user-1', 'article-1');
const fields = { title: 'Kept', summary: 'On this device', content: '<p>Offline</p>', categoryId: 'c', section: 'General' };

describe('an article’s edits kept on this device', () => {
  it('reads a copy back with its co-authors', () => {
    writeLocalCopy(key, { values: { ...fields, coAuthorIds: ['b', 'a'] }, version: 3, savedAt: 1 });
    expect(readLocalCopy(key, ['x'])?.values.coAuthorIds).toEqual(['b', 'a']);
  });

  it('keeps a copy written before co-authors came, with the article’s co-authors, rather than dropping the edits', () => {
    localStorage.setItem(`chronicle:edit:${key}`, JSON.stringify({ values: fields, version: 3, savedAt: 1 }));
    expect(readLocalCopy(key, ['x'])).toEqual({ values: { ...fields, coAuthorIds: ['x'] }, version: 3, savedAt: 1 });
  });

  it('ignores a copy that is not one', () => {
    localStorage.setItem(`chronicle:edit:${key}`, JSON.stringify({ values: { ...fields, coAuthorIds: [1] }, version: 3, savedAt: 1 }));
    expect(readLocalCopy(key, [])).toBeNull();
    localStorage.setItem(`chronicle:edit:${key}`, JSON.stringify({ values: { ...fields, title: 7 }, version: 3, savedAt: 1 }));
    expect(readLocalCopy(key, [])).toBeNull();
  });
});

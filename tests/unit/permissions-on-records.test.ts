import { describe, expect, it } from 'vitest';
import { mayOn } from '#shared/permissions';

/** What the dashboard offers per row must be what the server allows on that row (docs/spec/CONTRACT.md §3). */
describe('mayOn: a permission on one record', () => {
  const author = { id: 'a1', role: 'author' as const };
  const editor = { id: 'e1', role: 'editor' as const };
  const mine = (status: string) => ({ authorId: 'a1', status });
  const theirs = (status: string) => ({ authorId: 'e1', status });

  it("lets an author edit their own draft headline, and only that ('edit own drafts')", () => {
    expect(mayOn(author, 'breaking-news:edit', mine('draft'))).toBe(true);
    expect(mayOn(author, 'breaking-news:edit', mine('published'))).toBe(false);
    expect(mayOn(author, 'breaking-news:edit', theirs('draft'))).toBe(false);
    expect(mayOn(author, 'breaking-news:delete', mine('draft'))).toBe(false);
    expect(mayOn(author, 'breaking-news:publish', mine('draft'))).toBe(false);
  });

  it('lets an `own` grant reach every own article, whatever its status', () => {
    expect(mayOn(author, 'articles:edit', mine('published'))).toBe(true);
    expect(mayOn(author, 'articles:edit', theirs('draft'))).toBe(false);
  });

  it('lets an `any` grant reach every record, and no grant none', () => {
    expect(mayOn(editor, 'breaking-news:edit', mine('published'))).toBe(true);
    expect(mayOn(editor, 'breaking-news:delete', mine('draft'))).toBe(true);
    expect(mayOn({ id: 'u', role: 'user' }, 'breaking-news:edit', { authorId: 'u', status: 'draft' })).toBe(false);
  });
});

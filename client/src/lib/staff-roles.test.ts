import { describe, expect, it } from 'vitest';
import { mayManageRole } from '#shared/permissions';
import { capabilities, isStaff } from './staff-roles';

describe('staff roles', () => {
  it('only knows the four staff roles', () => {
    expect(['super-admin', 'admin', 'editor', 'author'].every(isStaff)).toBe(true);
    expect(isStaff('user')).toBe(false);
    expect(isStaff('owner')).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});

describe('capabilities mirror docs/spec/CONTRACT.md §3', () => {
  it('hides publishing and story flags from authors', () => {
    expect(capabilities('author')).toMatchObject({
      publishArticles: false,
      manageStories: false,
      deleteArticles: false,
    });
  });
  it('gives authors lists of their own articles only (an `own` grant on the article list)', () => {
    expect(capabilities('author').ownArticlesOnly).toBe(true);
    expect(capabilities('editor').ownArticlesOnly).toBe(false);
  });
  it('lets authors submit their articles for review, and editors send them back (docs/decisions/058-review.md)', () => {
    expect(capabilities('author')).toMatchObject({ submitArticles: true, reviewArticles: false });
    expect(capabilities('editor')).toMatchObject({ submitArticles: true, reviewArticles: true });
  });
  it('lets editors publish but not delete articles or manage users', () => {
    expect(capabilities('editor')).toMatchObject({ publishArticles: true, manageStories: true, deleteArticles: false, manageUsers: false });
  });
  it('lets admins delete articles and manage users but not super-admins', () => {
    expect(capabilities('admin')).toMatchObject({ deleteArticles: true, manageUsers: true });
    expect(mayManageRole('admin', 'editor')).toBe(true);
    expect(mayManageRole('admin', 'super-admin')).toBe(false);
    expect(mayManageRole('super-admin', 'super-admin')).toBe(true);
  });
});

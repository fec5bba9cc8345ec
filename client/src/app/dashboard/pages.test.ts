import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Actor, type Grant } from '#shared/permissions';
import { canOpen, menuFor, routesFor } from './pages';

describe('dashboard menus (docs/spec/SPEC.md §2)', () => {
  it.each([
    [
      'super-admin',
      [
        'Dashboard',
        'Users',
        'Categories',
        'Articles',
        'Stories',
        'Breaking News',
        'Comments',
        'Pages',
        'Reports',
        'Newsletters',
        'Settings',
        'Audit Log',
        'Profile',
      ],
    ],
    [
      'admin',
      [
        'Dashboard',
        'Users',
        'Categories',
        'Articles',
        'Stories',
        'Breaking News',
        'Comments',
        'Pages',
        'Reports',
        'Newsletters',
        'Settings',
        'Audit Log',
        'Profile',
      ],
    ],
    [
      'editor',
      ['Dashboard', 'Breaking News', 'Categories', 'Articles', 'Stories', 'Comments', 'Pages', 'Reports', 'Newsletters', 'Profile'],
    ],
    ['author', ['Dashboard', 'Articles', 'Breaking News', 'Reports', 'Profile']],
  ] as const)('%s sees exactly its menu, in order', (role, labels) => {
    expect(menuFor(role).map((m) => m.label)).toEqual(labels);
  });

  it('links each menu entry under /dashboard', () => {
    expect(menuFor('admin').map((m) => m.to)).toEqual([
      '/dashboard',
      '/dashboard/users',
      '/dashboard/categories',
      '/dashboard/articles',
      '/dashboard/stories',
      '/dashboard/breaking-news',
      '/dashboard/comments',
      '/dashboard/pages',
      '/dashboard/reports',
      '/dashboard/newsletters',
      '/dashboard/settings',
      '/dashboard/audit',
      '/dashboard/profile',
    ]);
  });
});

describe('dashboard routes per role', () => {
  it('gives authors /stories although their menu has no entry for it', () => {
    expect(routesFor('author')).toEqual(['home', 'articles', 'stories', 'breaking-news', 'reports', 'profile']);
    expect(menuFor('author').some((m) => m.page === 'stories')).toBe(false);
  });

  it.each([
    ['editor', 'users', false],
    ['editor', 'reports', true],
    ['author', 'reports', true],
    ['editor', 'audit', false],
    ['editor', 'categories', true],
    ['author', 'categories', false],
    ['author', 'users', false],
    ['admin', 'users', true],
    ['super-admin', 'reports', true],
  ] as const)('%s may open %s: %s', (role, page, allowed) => {
    expect(canOpen(role, page)).toBe(allowed);
  });
});

describe('the pages follow the permission table the server enforces (shared/permissions.ts)', () => {
  /** Runs `check` with `actor` granted `permission` in the table itself, then puts the table back. */
  function withGrant(permission: keyof typeof PERMISSIONS, actor: Actor, check: () => void) {
    const table = PERMISSIONS as Record<string, Partial<Record<Actor, Grant>>>;
    const before = table[permission];
    table[permission] = { ...before, [actor]: 'any' };
    try {
      check();
    } finally {
      table[permission] = before!;
    }
  }

  it('a grant added to the table opens the page and lists it', () => {
    expect(canOpen('editor', 'users')).toBe(false);
    withGrant('users:manage', 'editor', () => {
      expect(canOpen('editor', 'users')).toBe(true);
      expect(menuFor('editor').map((m) => m.label)).toEqual([
        'Dashboard',
        'Breaking News',
        'Users',
        'Categories',
        'Articles',
        'Stories',
        'Comments',
        'Pages',
        'Reports',
        'Newsletters',
        'Profile',
      ]);
    });
  });

  it("an author's menu lists Stories once the table lets authors manage stories", () => {
    withGrant('articles:publish', 'author', () => {
      expect(menuFor('author').map((m) => m.label)).toEqual(['Dashboard', 'Articles', 'Stories', 'Breaking News', 'Reports', 'Profile']);
    });
  });
});

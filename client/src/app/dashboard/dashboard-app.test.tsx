// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#shared/types';
import { ToastProvider } from '../../components/ui/toast';
import { SessionProvider } from '../../lib/session';
import { DashboardApp } from './dashboard-app';

function user(role: string): PublicUser {
  return {
    id: 'u1',
    name: `Pat ${role}`,
    email: 'pat@example.com',
    role: role as PublicUser['role'],
    suspended: false,
    bio: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
}

const READING_DAYS = [
  { date: '2026-03-30', views: 4, readers: 3, engagedSeconds: 120 },
  { date: '2026-03-31', views: 6, readers: 5, engagedSeconds: 300 },
];
const SITE_REPORT = {
  from: '2026-03-30',
  to: '2026-03-31',
  totals: { views: 10, readers: 8, engagedSeconds: 420, averageEngagedSeconds: 42, completionRate: 0.5 },
  days: READING_DAYS,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answer(url: string, me: PublicUser | null): Response {
  const path = url.split('?')[0];
  if (path === '/api/auth/me') return me ? json({ user: me }) : json({ error: 'Unauthorized', message: 'Log in' }, 401);
  if (path === '/api/stats')
    return json({
      role: me?.role,
      totalUsers: 9,
      totalArticles: 12,
      publishedArticles: 8,
      publishedToday: 2,
      pendingReview: 3,
      myArticles: 5,
      myDrafts: 1,
      myComments: 4,
      totalComments: 20,
      totalViews: 100,
      publishedBreakingNews: 1,
    });
  if (path === '/api/stats/activity') return json({ data: [] });
  if (path === '/api/reports/site') return json(SITE_REPORT);
  if (path === '/api/categories') return json([]);
  if (path === '/api/breaking-news') return json({ news: HEADLINES });
  if (path === '/api/users' && usersList.length)
    return json({ data: usersList, pagination: { total: usersList.length, limit: 500, offset: 0 } });
  if (path?.startsWith('/api/users/')) return json({ success: true, message: 'User deleted' });
  if (path === '/api/comments/admin/all')
    return json({ success: true, data: { comments: [], pagination: { total: 0, page: 1, limit: 100 } } });
  return json({ data: [], pagination: { total: 0, limit: 20, offset: 0 } });
}

const headline = (id: string, headline: string, status: 'draft' | 'published', authorId: string) => ({
  id,
  headline,
  status,
  author: { id: authorId, name: authorId === 'u1' ? 'Pat author' : 'Eve Editor', role: authorId === 'u1' ? 'author' : 'editor' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: status === 'published' ? '2026-01-01T00:00:00.000Z' : null,
  version: 1,
});
/** u1 is the signed-in user of `user()`. */
const HEADLINES = [
  headline('b1', 'My own draft', 'draft', 'u1'),
  headline('b2', 'My published one', 'published', 'u1'),
  headline('b3', 'Someone else’s draft', 'draft', 'u2'),
];

/** What GET /api/users answers (empty: the generic empty page). */
let usersList: PublicUser[] = [];

/** The app at `path`, its API answering as `me` (null: the server knows no session). */
function renderApp(path: string, me: PublicUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(answer(String(url), me))),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/" element={<p>Public home</p>} />
              <Route path="/auth" element={<p>Login page</p>} />
              <Route path="/dashboard/*" element={<DashboardApp />} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

function renderAt(path: string, role: string | null) {
  if (role) {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('user', JSON.stringify(user(role)));
  }
  return renderApp(path, role ? user(role) : null);
}

const menu = () =>
  within(screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!)
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('DashboardApp role gate (docs/spec/SPEC.md §2)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends a visitor without a session to the login page', async () => {
    renderAt('/dashboard', null);
    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it('sends a reader (role user) to the public home', async () => {
    renderAt('/dashboard/articles', 'user');
    expect(await screen.findByText('Public home')).toBeTruthy();
  });

  it('shows the authorization-failed screen for an unknown role', async () => {
    renderAt('/dashboard', 'owner');
    expect(await screen.findByText('Oops! Authorization failed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('logs out to the public home, clearing the stored session', async () => {
    renderAt('/dashboard', 'editor');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    expect(await screen.findByText('Public home')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('welcomes an editor with the editor menu and stat cards', async () => {
    renderAt('/dashboard', 'editor');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Pat editor' })).toBeTruthy();
    expect(menu()).toEqual([
      'Dashboard',
      'Breaking News',
      'Categories',
      'Articles',
      'Stories',
      'Comments',
      'Pages',
      'Reports',
      'Newsletters',
      'Profile',
    ]);
    expect(await screen.findByRole('group', { name: 'Pending Review' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total Users' })).toBeNull();
    // The 30 days' chart reads the Reports' daily sums, and leads to the Reports.
    expect(await screen.findByText('10 pages read in the last 2 days')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Pages read per day' }).textContent).toContain('6');
    expect(screen.getByRole('link', { name: 'See how they were read' }).getAttribute('href')).toBe('/dashboard/reports');
  });

  it('keeps an author out of the users screen', async () => {
    renderAt('/dashboard/users', 'author');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Pat author' })).toBeTruthy();
    expect(menu()).toEqual(['Dashboard', 'Articles', 'Breaking News', 'Reports', 'Profile']);
  });

  it('lets an author open /stories although the menu has no entry for it', async () => {
    renderAt('/dashboard/stories', 'author');
    expect(await screen.findByRole('heading', { name: 'Stories' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No stories found.')).toBeTruthy();
  });

  it('offers an author Edit on their own draft headline only, as the API allows (shared/permissions.ts)', async () => {
    renderAt('/dashboard/breaking-news', 'author');
    expect(await screen.findByRole('button', { name: 'Edit "My own draft"' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit "My published one"' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit "Someone else’s draft"' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Publish|Unpublish|Delete) / })).toBeNull();
  });

  it('offers an editor every action on every headline', async () => {
    renderAt('/dashboard/breaking-news', 'editor');
    expect(await screen.findByRole('button', { name: 'Edit "Someone else’s draft"' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish "My published one"' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish "My own draft"' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
  });

  it("offers, in the delete step, to hand the user's work to an active staff member, and sends the choice", async () => {
    const someone = (id: string, name: string, role: string, suspended = false) => ({
      ...user(role),
      id,
      name,
      email: `${id}@example.com`,
      suspended,
    });
    usersList = [
      someone('u3', 'Wren Writer', 'author'),
      someone('u4', 'Hal Heir', 'editor'),
      someone('u5', 'Rita Reader', 'user'),
      someone('u6', 'Sid Suspended', 'author', true),
      user('admin'),
    ];
    renderAt('/dashboard/users', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Wren Writer' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    const select = within(dialog).getByLabelText('Their articles and breaking news go to') as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual(['No one', 'Hal Heir (Editor)', 'Pat admin (Admin)']),
    );
    fireEvent.change(select, { target: { value: 'u4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url, init]) => url === '/api/users/u3?reassignTo=u4' && init?.method === 'DELETE')).toBe(
        true,
      ),
    );
    usersList = [];
  });

  it('gives an admin the users screen', async () => {
    renderAt('/dashboard/users', 'admin');
    expect(await screen.findByRole('heading', { name: 'Users' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(menu()).toEqual([
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
    ]);
  });

  it('ends an expired session at the login page', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('user', JSON.stringify(user('editor')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/dashboard', null);
    expect(await screen.findByText('Login page', undefined, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

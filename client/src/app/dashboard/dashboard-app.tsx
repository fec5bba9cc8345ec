import { useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { dashboardPages, paths, routePatterns, type DashboardPage } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { dashboardKeys } from '../../lib/dashboard-keys';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { getDashboardPublishedArticlesQueryOptions } from '../../features/articles/api/get-dashboard-published-articles';
import { ConfirmProvider } from '../../components/ui/confirm-dialog';
import { DashboardLayout } from './dashboard-layout';
import { DashboardUserContext, type DashboardUser } from '../../lib/dashboard-user';
import { FEATURED_LIMIT } from '../../features/articles/lib/article-cache';
import { capabilities, isRole, isStaff } from '../../lib/staff-roles';
import { routesFor } from './pages';
import { HomePage } from './routes/home';
import { UnknownRolePage } from './routes/unknown-role';

const UsersPage = lazy(() => import('./routes/users').then((m) => ({ default: m.UsersPage })));
const CategoriesPage = lazy(() => import('./routes/categories').then((m) => ({ default: m.CategoriesPage })));
const ArticlesPage = lazy(() => import('./routes/articles').then((m) => ({ default: m.ArticlesPage })));
const StoriesPage = lazy(() => import('./routes/stories').then((m) => ({ default: m.StoriesPage })));
const BreakingNewsPage = lazy(() => import('./routes/breaking-news').then((m) => ({ default: m.BreakingNewsPage })));
const CommentsPage = lazy(() => import('./routes/comments').then((m) => ({ default: m.CommentsPage })));
const PagesPage = lazy(() => import('./routes/pages').then((m) => ({ default: m.PagesPage })));
const ReportsPage = lazy(() => import('./routes/reports').then((m) => ({ default: m.ReportsPage })));
const SettingsPage = lazy(() => import('./routes/settings').then((m) => ({ default: m.SettingsPage })));
const NewslettersPage = lazy(() => import('./routes/newsletters').then((m) => ({ default: m.NewslettersPage })));
const AuditLogPage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditLogPage })));
const ProfilePage = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfilePage })));

const PAGES: Record<Exclude<DashboardPage, 'home'>, ComponentType> = {
  users: UsersPage,
  categories: CategoriesPage,
  articles: ArticlesPage,
  stories: StoriesPage,
  'breaking-news': BreakingNewsPage,
  comments: CommentsPage,
  pages: PagesPage,
  reports: ReportsPage,
  newsletters: NewslettersPage,
  settings: SettingsPage,
  audit: AuditLogPage,
  profile: ProfilePage,
};

/**
 * The staff dashboard (docs/spec/SPEC.md §2): only for the four staff roles; a reader goes home, a visitor to
 * the login page, and a session with an unknown role sees the authorization-failed screen. Each role
 * gets only its routes; any other path under /dashboard goes back to the overview.
 */
export function DashboardApp() {
  const { session, signIn, signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const role = session?.user.role;
  const staff = isStaff(role);
  const me = useCurrentUser(!!session && staff);

  // Leave first: once the session is gone this screen would send the visitor to the login page instead of
  // home. The navigation is a transition and the session's end is not, so the screen also knows it is leaving.
  const [leaving, setLeaving] = useState(false);
  const logout = useCallback(async () => {
    setLeaving(true);
    navigate(paths.home, { replace: true });
    await signOut();
    queryClient.removeQueries({ queryKey: dashboardKeys.all });
  }, [signOut, queryClient, navigate]);

  // Keep the stored user in step with the server (a role change shows at once); an expired or revoked
  // session ends here.
  const fresh = me.data?.user;
  useEffect(() => {
    if (!session || !fresh) return;
    if (fresh.role !== session.user.role || fresh.name !== session.user.name) signIn({ token: session.token, user: fresh });
  }, [fresh, session, signIn]);
  const expired = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (!expired) return;
    void signOut({ keepEdits: true }).then(() => {
      queryClient.removeQueries({ queryKey: dashboardKeys.all });
      navigate(paths.auth, { replace: true });
    });
  }, [expired, signOut, queryClient, navigate]);

  // docs/spec/SPEC.md §4: the published list is fetched at startup (it also orders the featured stories).
  useEffect(() => {
    if (staff) void queryClient.prefetchQuery(getDashboardPublishedArticlesQueryOptions({ featured: true, limit: FEATURED_LIMIT }));
  }, [staff, queryClient]);

  const context = useMemo<DashboardUser | null>(
    () =>
      session && isStaff(session.user.role)
        ? { user: { ...session.user, role: session.user.role }, can: capabilities(session.user.role), signOut: logout }
        : null,
    [session, logout],
  );

  if (!session) return leaving ? null : <Navigate to={paths.auth} replace />;
  // A reader has no dashboard; a role the app does not know is told its account is broken.
  if (!context) return isRole(role) ? <Navigate to={paths.home} replace /> : <UnknownRolePage onLogout={logout} />;

  const allowed = routesFor(context.user.role).filter((page): page is Exclude<DashboardPage, 'home'> => page !== 'home');
  return (
    <DashboardUserContext.Provider value={context}>
      <ConfirmProvider>
        <DashboardLayout role={context.user.role} name={context.user.name} onLogout={logout}>
          <Routes>
            <Route index element={<HomePage />} />
            {allowed.map((page) => {
              const Page = PAGES[page];
              return <Route key={page} path={dashboardPages[page]} element={<Page />} />;
            })}
            <Route path={routePatterns.any} element={<Navigate to={paths.dashboard} replace />} />
          </Routes>
        </DashboardLayout>
      </ConfirmProvider>
    </DashboardUserContext.Provider>
  );
}

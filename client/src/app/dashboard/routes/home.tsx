import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/config/paths';
import { useActivity, type ActivityItem } from '#client/features/stats/api/get-activity';
import { useAdminComments } from '#client/features/comments/api/get-admin-comments';
import { useStats, type DashboardStats } from '#client/features/stats/api/get-stats';
import { Icon, type IconName } from '#client/components/ui/icon';
import { StatCard } from '#client/components/ui/stat-card';
import { ViewsChart } from '#client/features/stats/components/views-chart';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { relativeTime } from '#client/lib/dates';
import { formatNumber } from '#client/lib/format';
import { useSiteReport } from '#client/features/reports/api/reports';
import { commentMessages } from '#client/features/comments/lib/messages';
import { statsMessages } from '#client/features/stats/lib/messages';
import { roleLabel, type StaffRole } from '#client/lib/staff-roles';
import { holds, mayAlways } from '#shared/permissions';
import { SetupPrompt } from '#client/features/settings/components/setup-prompt';
import { ReviewInbox } from '#client/features/articles/components/review-inbox';
import { useModerationCounts } from '#client/features/comments/api/moderation';
import { uploadFile } from '#client/features/articles/api/upload-file';

type Card = {
  label: string;
  icon: IconName;
  tone: 'slate' | 'red' | 'emerald' | 'amber' | 'sky';
  value: (s: DashboardStats) => number | undefined;
};

/**
 * The stat cards (docs/spec/SPEC.md §6), by how much of the site the role sees (shared/permissions.ts, as the stats the
 * server sends): the users too, every article, or its own articles.
 */
function statCards(role: StaffRole): Card[] {
  if (mayAlways(role, 'users:manage')) return ADMIN_CARDS;
  if (mayAlways(role, 'articles:list-all')) return NEWSROOM_CARDS;
  return OWN_CARDS;
}

const ADMIN_CARDS: Card[] = [
  { label: 'Total Users', icon: 'users', tone: 'red', value: (s) => s.totalUsers },
  { label: 'Total Articles', icon: 'articles', tone: 'sky', value: (s) => s.totalArticles },
  { label: 'Published Articles', icon: 'check', tone: 'emerald', value: (s) => s.publishedArticles },
  { label: 'Pending Review', icon: 'clock', tone: 'amber', value: (s) => s.pendingReview },
  { label: 'Comments', icon: 'comment', tone: 'slate', value: (s) => s.totalComments },
  { label: 'Total Views', icon: 'eye', tone: 'slate', value: (s) => s.totalViews },
];

const NEWSROOM_CARDS: Card[] = [
  { label: 'Managed', icon: 'articles', tone: 'sky', value: (s) => s.totalArticles },
  { label: 'Published Today', icon: 'check', tone: 'emerald', value: (s) => s.publishedToday },
  { label: 'Pending Review', icon: 'clock', tone: 'amber', value: (s) => s.pendingReview },
];

const OWN_CARDS: Card[] = [
  { label: 'My Articles', icon: 'articles', tone: 'sky', value: (s) => s.myArticles },
  { label: 'Comments', icon: 'comment', tone: 'emerald', value: (s) => s.myComments },
  { label: 'Drafts', icon: 'draft', tone: 'amber', value: (s) => s.myDrafts },
];

const LAST_30_DAYS = { from: '', to: '' };

/** The overview's quick actions; Analytics leads to the Reports (docs/decisions/068-reports.md), the others are still to come. */
const QUICK_ACTIONS: { label: string; icon: IconName; to?: string }[] = [
  { label: 'Profile Settings', icon: 'user' },
  { label: 'Manage Users', icon: 'users' },
  { label: 'Analytics', icon: 'chart', to: paths.dashboardPage('reports') },
  { label: 'System Settings', icon: 'settings' },
];

const ACTIVITY: Record<ActivityItem['type'], { label: string; icon: IconName; tone: string }> = {
  article: { label: 'Article', icon: 'articles', tone: 'bg-sky-100 text-sky-700' },
  comment: { label: 'Comment', icon: 'comment', tone: 'bg-emerald-100 text-emerald-700' },
  'breaking-news': { label: 'Breaking news', icon: 'breaking-news', tone: 'bg-red-100 text-red-700' },
};

function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl bg-white p-5 shadow-sm ${className}`} aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** What waits for the moderators (docs/decisions/066-comment-moderation.md): reported and held comments, leading to each queue. */
function ModerationInbox() {
  const counts = useModerationCounts();
  if (!counts.data) return null;
  const items = [
    { label: 'Reported comments', count: counts.data.reported, to: paths.dashboardPage('comments') },
    { label: 'Held comments', count: counts.data.held, to: `${paths.dashboardPage('comments')}?queue=held` },
  ];
  return (
    <section aria-label="Comments to moderate" className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          className="flex items-center justify-between rounded-xl bg-white p-5 shadow-sm hover:bg-slate-50"
        >
          <span className="flex items-center gap-3 text-slate-700">
            <Icon name="comments" className="h-5 w-5" />
            {item.label}
          </span>
          <span className={`text-2xl font-bold ${item.count > 0 ? 'text-amber-700' : 'text-slate-900'}`}>{formatNumber(item.count)}</span>
        </Link>
      ))}
    </section>
  );
}

export function HomePage() {
  const { user } = useDashboardUser();
  const stats = useStats();
  const activity = useActivity(10);
  // The Reports' default range: the last 30 UTC days, every day listed.
  const reading = useSiteReport(LAST_30_DAYS);
  const comments = useAdminComments();
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-gradient-to-r from-slate-900 to-slate-700 p-6 text-white shadow-sm">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {user.name}</h1>
          <span className="mt-2 inline-block rounded-full bg-white/15 px-3 py-0.5 text-sm font-medium" data-testid="role-badge">
            {roleLabel(user.role)}
          </span>
        </div>
        <Link
          to={paths.home}
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
        >
          <Icon name="external" className="h-4 w-4" />
          Visit Website
        </Link>
      </div>

      {holds(user.role, 'settings:manage') && <SetupPrompt upload={uploadFile} />}
      {stats.error && <p className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">{statsMessages.fetchFailed}</p>}
      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {statCards(user.role).map((card) => {
          const value = stats.data ? card.value(stats.data) : undefined;
          return (
            <StatCard
              key={card.label}
              label={card.label}
              icon={card.icon}
              tone={card.tone}
              value={value === undefined ? (stats.error ? '—' : undefined) : formatNumber(value)}
            />
          );
        })}
      </div>

      <ReviewInbox />
      {holds(user.role, 'comments:moderate') && <ModerationInbox />}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Panel title="Pages read over the last 30 days" className="xl:col-span-2">
          {reading.error ? (
            <p className="text-sm text-red-700">{statsMessages.readingFailed}</p>
          ) : reading.data ? (
            <>
              <ViewsChart data={reading.data.days} />
              <Link
                to={paths.dashboardPage('reports')}
                className="mt-3 inline-block text-sm font-medium text-sky-800 underline hover:text-sky-900"
              >
                See how they were read
              </Link>
            </>
          ) : (
            <div className="h-48 animate-pulse rounded bg-slate-100" />
          )}
        </Panel>

        <Panel title="Quick Actions">
          <ul className="grid grid-cols-2 gap-3">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.label}>
                {action.to ? (
                  <Link
                    to={action.to}
                    className="flex h-full w-full flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 text-center text-sm font-medium text-slate-700 hover:border-sky-300 hover:bg-sky-50"
                  >
                    <Icon name={action.icon} className="h-6 w-6 text-sky-700" />
                    {action.label}
                    <span className="text-xs font-normal text-slate-600">Reports</span>
                  </Link>
                ) : (
                  <button
                    type="button"
                    aria-disabled="true"
                    title="Coming soon"
                    className="flex h-full w-full cursor-default flex-col items-center gap-2 rounded-lg border border-slate-200 p-4 text-center text-sm font-medium text-slate-700"
                  >
                    <Icon name={action.icon} className="h-6 w-6 text-slate-500" />
                    {action.label}
                    <span className="text-xs font-normal text-slate-400">Coming soon</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </Panel>

        <Panel title="Recent Activity" className="xl:col-span-2">
          {activity.error ? (
            <p className="text-sm text-red-700">{statsMessages.activityFailed}</p>
          ) : !activity.data ? (
            <div className="space-y-3">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-10 animate-pulse rounded bg-slate-100" />
              ))}
            </div>
          ) : activity.data.length === 0 ? (
            <p className="text-sm text-slate-600">No recent activity.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.data.map((item) => {
                const kind = ACTIVITY[item.type] ?? ACTIVITY.article;
                return (
                  <li key={`${item.type}-${item.id}-${item.at}`} className="flex items-start gap-3 py-3">
                    <span className={`rounded-md p-2 ${kind.tone}`}>
                      <Icon name={kind.icon} className="h-4 w-4" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{item.title}</p>
                      <p className="text-xs text-slate-500">
                        {kind.label} {item.action} · {item.actor} · <time dateTime={item.at}>{relativeTime(item.at)}</time>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>

        <Panel title="Recent Comments">
          {comments.error ? (
            <p className="text-sm text-red-700">{commentMessages.fetchFailed}</p>
          ) : !comments.data ? (
            <div className="h-40 animate-pulse rounded bg-slate-100" />
          ) : comments.data.comments.length === 0 ? (
            <p className="text-sm text-slate-600">No comments yet.</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600">{formatNumber(comments.data.pagination.total)} comments in total</p>
              <ul tabIndex={0} aria-label="Recent comments" className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">
                {comments.data.comments.map((c) => (
                  <li key={c.id} className="py-3">
                    <p className="line-clamp-2 text-sm text-slate-800">{c.content}</p>
                    <p className="mt-1 truncate text-xs text-slate-500">
                      {c.author.name} on “{c.article.title}” · <time dateTime={c.createdAt}>{relativeTime(c.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Panel>
      </div>
    </>
  );
}

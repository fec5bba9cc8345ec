import { Link } from 'react-router';
import { paths } from '#client/config/paths';
import { formatShortDate } from '#client/lib/dates';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { useArticles } from '../api/get-articles';

const SHOWN = 5;

/** One list of the overview's review panel: its heading, its rows, and what it says when empty or failing. */
function ReviewList({ title, sentBack }: { title: string; sentBack: boolean }) {
  const list = useArticles(sentBack ? { sentBack: true, limit: SHOWN, offset: 0 } : { status: 'review', limit: SHOWN, offset: 0 });
  const total = list.data?.pagination.total ?? 0;
  return (
    <section aria-labelledby={`review-${sentBack ? 'back' : 'queue'}`} className="mb-6 rounded-xl bg-white p-5 shadow-sm">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`review-${sentBack ? 'back' : 'queue'}`} className="text-lg font-semibold text-slate-900">
          {title}
          {total > 0 && <span className="ml-2 text-sm font-normal text-slate-600">({total})</span>}
        </h2>
        <Link
          to={sentBack ? paths.dashboardPage('articles') : `${paths.dashboardPage('articles')}?status=review`}
          className="text-sm font-medium text-sky-700 underline"
        >
          {sentBack ? 'Your articles' : 'The review queue'}
        </Link>
      </div>
      {list.isError ? (
        <p className="text-sm text-red-700">Failed to fetch articles</p>
      ) : list.isPending ? (
        <div className="h-12 animate-pulse rounded bg-slate-100" />
      ) : total === 0 ? (
        <p className="text-sm text-slate-600">{sentBack ? 'Nothing was sent back to you.' : 'Nothing is waiting for review.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.data.data.map((a) => (
            <li key={a.id} className="py-2 text-sm">
              <p className="font-medium text-slate-900">{a.title}</p>
              {sentBack ? (
                <p className="mt-0.5 whitespace-pre-line text-slate-700">“{a.reviewNote}”</p>
              ) : (
                <p className="text-slate-600">
                  {a.author.name} · waiting since {a.submittedAt ? formatShortDate(a.submittedAt) : '—'}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The overview's part of the review (docs/decisions/058-review.md): editors see what waits, the longest waiting first;
 * authors see what an editor sent back to them, with the note.
 */
export function ReviewInbox() {
  const { can } = useDashboardUser();
  if (can.reviewArticles) return <ReviewList title="Waiting for review" sentBack={false} />;
  if (can.submitArticles) return <ReviewList title="Sent back to you" sentBack />;
  return null;
}

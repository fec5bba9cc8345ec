import { useLocation } from 'react-router';
import { readerPageNumber } from '#shared/page-numbers';
import { ErrorBox } from '#client/components/ui/alert';
import { LongDate } from '#client/components/ui/dates';
import { Link } from '#client/components/ui/link';
import { LoadingText } from '#client/components/ui/page-state';
import { Pager } from '#client/components/ui/pager';
import { paths } from '#client/config/paths';
import { useCorrections } from '#client/features/articles/api/corrections';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';

/**
 * /corrections (docs/decisions/062-corrections.md): every correction the newsroom made to a published article, newest
 * first, with the article it corrects, 'Newer corrections' and 'Older corrections' between the pages (`?page=2`). A
 * chunk of its own: rendered on the server, hydrated once the browser has it.
 */
export function CorrectionsRoute() {
  const page = readerPageNumber(new URLSearchParams(useLocation().search).get('page')) ?? 1;
  const found = useCorrections(page);
  usePageTitle(page > 1 ? `Corrections, page ${page}` : 'Corrections');

  if (found.isPending) return <LoadingText>Loading corrections...</LoadingText>;
  if (found.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorBox>{errorMessage(found.error, 'Failed to load the corrections')}</ErrorBox>
      </div>
    );
  const { data, pagination } = found.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-8 border-b-2 border-slate-900 pb-4">
        <h1 className="font-serif text-3xl font-bold text-slate-900 md:text-4xl">
          {page > 1 ? `Corrections, page ${page}` : 'Corrections'}
        </h1>
        <p className="mt-2 text-slate-700">
          When we get something wrong, we correct the article and say so at its end. These are our corrections, newest first.
        </p>
      </header>
      {data.length === 0 ? (
        <p className="text-slate-600">No corrections yet.</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {data.map((c) => (
            <li key={c.id} className="py-5">
              <p className="text-sm text-slate-600">
                <LongDate value={c.createdAt} />
              </p>
              <h2 className="mt-1 font-serif text-xl font-bold text-slate-900">
                <Link to={paths.article(c.article.id)} className="hover:underline">
                  {c.article.title}
                </Link>
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-800">{c.text}</p>
            </li>
          ))}
        </ol>
      )}
      <Pager
        path={paths.corrections}
        page={page}
        hasMore={pagination.offset + data.length < pagination.total}
        label="Correction pages"
        newerText="Newer corrections"
        moreText="Older corrections"
      />
    </div>
  );
}

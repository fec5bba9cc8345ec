import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { setShortcutOn, shortcutOn } from '#client/lib/search-shortcut';
import { LIMITS, SECTIONS } from '#shared/constants';
import type { SearchResults } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { buttonClasses } from '#client/components/ui/button';
import { Link } from '#client/components/ui/link';
import { LoadingText } from '#client/components/ui/page-state';
import { useSearch } from '#client/features/articles/api/search';
import { SearchResult } from '#client/features/articles/components/search-result';
import { FILTERS, searchParamsOf, searchPath, type Filter, type SearchParams } from '#client/features/articles/lib/search-params';
import { errorDetails, errorMessage } from '#client/lib/errors';
import { usePageTitle, useSite } from '#client/lib/site-settings';

/** The day `daysBack` days before today in the newsroom's time zone, as the date filters write it (2026-11-27). */
function dayBefore(daysBack: number, timeZone: string): string {
  const day = new Date(Date.now() - daysBack * 86_400_000);
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
  } catch {
    return day.toISOString().slice(0, 10);
  }
}

const PERIODS = [
  { label: 'Past week', days: 7 },
  { label: 'Past month', days: 30 },
  { label: 'Past year', days: 365 },
] as const;

const FILTER_NAMES: Record<Filter, string> = { section: 'Section', category: 'Category', author: 'Author', from: 'From', to: 'To' };

const linkClass = 'block rounded px-2 py-1 text-slate-800 hover:bg-slate-100 hover:text-slate-950';

/** One group of the filters: its options as links, each with how many of the matches it holds. */
function FacetGroup({
  title,
  options,
}: {
  title: string;
  options: { key: string; label: string; count?: number; href: string; current: boolean }[];
}) {
  if (options.length === 0) return null;
  return (
    <div>
      <h3 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <ul className="mt-1 text-sm">
        {options.map((o) => (
          <li key={o.key}>
            <Link
              to={o.href}
              aria-current={o.current ? 'true' : undefined}
              className={`${linkClass} flex justify-between gap-2 ${o.current ? 'bg-slate-100 font-semibold' : ''}`}
            >
              <span>{o.label}</span>
              {o.count !== undefined && <span className="text-slate-600">{o.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The filters (docs/decisions/065-search.md): links that work without JavaScript, and a form for a range of days. */
function Filters({ params, results, timeZone }: { params: SearchParams; results: SearchResults; timeZone: string }) {
  const { facets } = results;
  const set = (name: Filter, value: string | undefined) => searchPath({ ...params, [name]: value, page: 1 });
  const sectionName = (value: string) => SECTIONS.find((s) => s.toLowerCase() === value.toLowerCase());
  /** One facet as a link: its name and count, the search narrowed by it, and whether it is the filter in use. */
  const option = (filter: 'section' | 'category' | 'author', f: { id?: string; value: string; name: string; count: number }) => ({
    key: f.id ?? f.value,
    label: f.name,
    count: f.count,
    href: set(filter, f.value),
    current: params[filter] === f.value,
  });
  return (
    <div className="space-y-5">
      <FacetGroup
        title="Section"
        options={facets.sections.map((s) => ({
          ...option('section', s),
          key: s.value,
          current: sectionName(params.section ?? '') === s.value,
        }))}
      />
      <FacetGroup title="Category" options={facets.categories.map((c) => option('category', c))} />
      <FacetGroup title="Author" options={facets.authors.map((a) => option('author', a))} />
      <FacetGroup
        title="Published"
        options={[
          {
            key: 'any',
            label: 'Any time',
            href: searchPath({ ...params, from: undefined, to: undefined, page: 1 }),
            current: !params.from && !params.to,
          },
          ...PERIODS.map((p) => {
            const from = dayBefore(p.days, timeZone);
            return {
              key: p.label,
              label: p.label,
              href: searchPath({ ...params, from, to: undefined, page: 1 }),
              current: params.from === from && !params.to,
            };
          }),
        ]}
      />
      <form action={searchPath({})} method="get" className="space-y-2 px-2 text-sm">
        <input type="hidden" name="q" value={params.q} />
        {FILTERS.filter((f) => f !== 'from' && f !== 'to' && params[f]).map((f) => (
          <input key={f} type="hidden" name={f} value={params[f]} />
        ))}
        <fieldset className="space-y-2">
          <legend className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Between</legend>
          <label className="flex items-center justify-between gap-2">
            <span>From</span>
            <input type="date" name="from" defaultValue={params.from} className="rounded border border-slate-400 px-2 py-1" />
          </label>
          <label className="flex items-center justify-between gap-2">
            <span>To</span>
            <input type="date" name="to" defaultValue={params.to} className="rounded border border-slate-400 px-2 py-1" />
          </label>
        </fieldset>
        <button type="submit" className={buttonClasses('secondary', 'sm')}>
          Apply dates
        </button>
      </form>
    </div>
  );
}

/** The filters in force, each with a link that takes it off. */
function ActiveFilters({ params, results }: { params: SearchParams; results?: SearchResults }) {
  const active = FILTERS.filter((f) => params[f]);
  if (active.length === 0) return null;
  const label = (f: Filter) => {
    const value = params[f]!;
    if (f === 'category') return results?.facets.categories.find((c) => c.value === value)?.name ?? value;
    if (f === 'author') return results?.facets.authors.find((a) => a.value === value)?.name ?? value;
    return value;
  };
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Filters in use">
      {active.map((f) => (
        <li key={f}>
          <Link
            to={searchPath({ ...params, [f]: undefined, page: 1 })}
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-100"
          >
            {FILTER_NAMES[f]}: {label(f)}
            <span aria-hidden="true">×</span>
            <span className="sr-only">(remove this filter)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SearchBox({ q }: { q: string }) {
  return (
    <form role="search" action={searchPath({})} method="get" className="mt-4 flex max-w-2xl gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search articles
      </label>
      <input
        id="search-page-q"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={LIMITS.searchQueryMax}
        enterKeyHint="search"
        data-search-input=""
        placeholder='Words, "a phrase", -leave out'
        className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900"
      />
      <button type="submit" className={buttonClasses('primary')}>
        Search
      </button>
    </form>
  );
}

/** Turns the `/` shortcut off or on (kept on this device): a one-key shortcut must be one a reader can turn off. */
function ShortcutSwitch() {
  // The server renders it on; the islands' header (or, in the app, this state once mounted) shows the stored choice.
  const [on, setOn] = useState(true);
  useEffect(() => setOn(shortcutOn()), []);
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={on}
        data-search-shortcut-toggle=""
        onChange={(e) => {
          setOn(e.target.checked);
          setShortcutOn(e.target.checked);
        }}
      />
      Press <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">/</kbd> on any page to search
    </label>
  );
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${n === 1 ? word : `${word}s`}`;

/**
 * /search (docs/decisions/065-search.md): the search box, the results best first with the passage that matched, the
 * filters as links, and 'Previous results' and 'More results' between the pages. No page of it is indexed (the head
 * says noindex). A chunk of its own: rendered on the server; in the browser a plain page (its links and forms work
 * without JavaScript).
 */
export function SearchRoute() {
  const parsed = searchParamsOf(new URLSearchParams(useLocation().search));
  const params: SearchParams = { ...parsed, q: parsed.q.trim(), page: parsed.page ?? 1 };
  const found = useSearch(params, params.q !== '');
  const timeZone = useSite().data?.timeZone ?? 'UTC';
  const heading = params.q ? `Search results for “${params.q}”` : 'Search';
  usePageTitle(params.page > 1 ? `${heading}, page ${params.page}` : heading);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="border-b-2 border-slate-900 pb-6">
        <h1 className="font-serif text-3xl font-bold text-slate-900 md:text-4xl">{heading}</h1>
        <SearchBox q={params.q} />
        <ActiveFilters params={params} results={found.data} />
      </header>
      {!params.q ? (
        <div className="mt-6 max-w-2xl space-y-4 text-slate-700">
          <p>
            Search every article we have published. Put words in quotes to find them together (“city council”), a minus before a word to
            leave it out (-budget), and “or” between words to find either.
          </p>
          <ShortcutSwitch />
        </div>
      ) : found.isPending ? (
        <LoadingText>Searching...</LoadingText>
      ) : found.isError ? (
        <ErrorBox className="mt-6" details={errorDetails(found.error).slice(1)}>
          {errorMessage(found.error, 'The search failed. Please try again.')}
        </ErrorBox>
      ) : (
        <Results params={params} results={found.data} timeZone={timeZone} />
      )}
    </div>
  );
}

function Results({ params, results, timeZone }: { params: SearchParams; results: SearchResults; timeZone: string }) {
  const { data, pagination, match, didYouMean } = results;
  const hasMore = match === 'words' && pagination.offset + data.length < pagination.total;
  return (
    <div className={match === 'words' ? 'mt-6 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]' : 'mt-6 max-w-3xl'}>
      <section aria-labelledby="search-results" className="min-w-0 lg:order-last">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="search-results" className="text-slate-700">
            {match === 'words'
              ? `${plural(pagination.total, 'article')} found`
              : `No article holds all of “${params.q}”${FILTERS.some((f) => params[f]) ? ' with these filters' : ''}.`}
          </h2>
          {match === 'words' && (
            <a href="#search-filters" className="text-sm text-brand underline lg:hidden">
              Narrow the results
            </a>
          )}
        </div>
        {didYouMean && (
          <p className="mt-3 text-lg">
            Did you mean{' '}
            <Link to={searchPath({ ...params, q: didYouMean, page: 1 })} className="font-semibold text-brand underline">
              {didYouMean}
            </Link>
            ?
          </p>
        )}
        {match === 'similar-titles' && <p className="mt-3 text-slate-700">These titles look like it:</p>}
        {match === 'none' && <p className="mt-3 text-slate-700">Try other words, fewer words, or fewer filters.</p>}
        <ol className="divide-y divide-slate-200">
          {data.map((hit) => (
            <SearchResult key={hit.id} hit={hit} />
          ))}
        </ol>
        {(params.page > 1 || hasMore) && (
          <nav aria-label="Result pages" className="mt-8 flex items-center justify-center gap-4">
            {params.page > 1 && (
              <Link to={searchPath({ ...params, page: params.page - 1 })} rel="prev" className={buttonClasses('secondary')}>
                Previous results
              </Link>
            )}
            {hasMore && params.page < LIMITS.searchPagesMax && (
              <Link to={searchPath({ ...params, page: params.page + 1 })} rel="next" className={buttonClasses('secondary')}>
                More results
              </Link>
            )}
          </nav>
        )}
      </section>
      {match === 'words' && (
        <aside aria-labelledby="search-filters" className="border-t border-slate-200 pt-6 lg:order-first lg:border-t-0 lg:pt-0">
          <h2 id="search-filters" className="mb-3 px-2 font-serif text-lg font-bold text-slate-900">
            Narrow the results
          </h2>
          <Filters params={params} results={results} timeZone={timeZone} />
        </aside>
      )}
    </div>
  );
}

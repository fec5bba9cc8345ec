import type { SearchHit } from '#shared/types';
import { LongDate } from '#client/components/ui/dates';
import { Link } from '#client/components/ui/link';
import { paths } from '#client/config/paths';
import { AuthorLinks } from './card-text';

/** A result's passage: plain text, the words that matched marked. */
export function Snippet({ parts }: { parts: SearchHit['snippet'] }) {
  return (
    <p className="mt-2 text-slate-700">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** One result of a search: its category and date, its title (the link), the passage that matched and its byline. */
export function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <li className="py-5">
      <p className="text-sm text-slate-600">
        <Link to={paths.category(hit.category.slug)} className="font-semibold text-brand hover:underline">
          {hit.category.name}
        </Link>
        <span aria-hidden="true"> · </span>
        <LongDate value={hit.publishedAt ?? hit.updatedAt} />
      </p>
      <h3 className="mt-1 font-serif text-xl font-bold text-slate-900">
        <Link to={paths.article(hit.id)} className="hover:underline">
          {hit.title}
        </Link>
      </h3>
      <Snippet parts={hit.snippet} />
      <p className="mt-2 text-sm text-slate-600">
        By <AuthorLinks article={hit} className="hover:underline" />
      </p>
    </li>
  );
}

import { Link } from './link';
import { readerPagePath } from '#shared/page-numbers';
import { buttonClasses } from './button';

/**
 * The links to the newer and the next page of a reader's list (`?page=2`): real links, so that they work without
 * JavaScript and crawlers follow them; in the app they navigate without reloading. The caller names them ('More news',
 * not 'More'): a search engine reads a link's text, and Lighthouse's SEO audit fails a bare 'More'.
 */
export function Pager({
  path,
  page,
  hasMore,
  label,
  newerText,
  moreText,
}: {
  path: string;
  page: number;
  hasMore: boolean;
  label: string;
  newerText: string;
  moreText: string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 && (
        <Link to={readerPagePath(path, page - 1)} rel="prev" className={buttonClasses('secondary')}>
          {newerText}
        </Link>
      )}
      {hasMore && (
        <Link to={readerPagePath(path, page + 1)} rel="next" className={buttonClasses('secondary')}>
          {moreText}
        </Link>
      )}
    </nav>
  );
}

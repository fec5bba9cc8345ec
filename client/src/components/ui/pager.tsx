import { Link } from 'react-router';
import { readerPagePath } from '#shared/page-numbers';
import { buttonClasses } from './button';

/**
 * 'Newer' and 'More' links between the pages of a reader's list (`?page=2`): real links, so that they work without
 * JavaScript and crawlers follow them; in the app they navigate without reloading.
 */
export function Pager({ path, page, hasMore, label }: { path: string; page: number; hasMore: boolean; label: string }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 && (
        <Link to={readerPagePath(path, page - 1)} rel="prev" className={buttonClasses('secondary')}>
          Newer
        </Link>
      )}
      {hasMore && (
        <Link to={readerPagePath(path, page + 1)} rel="next" className={buttonClasses('secondary')}>
          More
        </Link>
      )}
    </nav>
  );
}

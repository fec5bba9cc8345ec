import { EyeIcon } from '#client/components/ui/icons';
import { useViewStats } from '../api/get-view-stats';
import { formatViews } from '../lib/format-views';

/** The article's view count; '...' until loaded (docs/spec/SPEC.md §2). */
export function ViewCount({ articleId }: { articleId: string }) {
  const { data } = useViewStats(articleId);
  const count = data?.totalViews;
  return (
    <span className="inline-flex items-center gap-1" data-testid="view-count">
      <EyeIcon width={16} height={16} />
      <span data-count="">{count === undefined ? '...' : formatViews(count)}</span>
    </span>
  );
}

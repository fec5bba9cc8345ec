import { logView, toLogViewInput } from '#client/features/views/api/log-view-request';
import { formatViews } from '#client/features/views/lib/format-views';
import { whenIdle } from '#client/lib/when-idle';

/**
 * View counting's island (features/views/hooks/use-view-logging.ts on a hydrated page): the article's view is logged
 * once, when the whole body has been seen (docs/spec/SPEC.md §4), and the new total replaces the shown count; how the page
 * is read goes to the Reports (measure-reading.ts).
 */
export function startViews(): void {
  const body = document.querySelector<HTMLElement>('[data-read-body]');
  const articleId = body?.dataset.readBody;
  if (!body || !articleId) return;
  // Read depth and engaged time for the newsroom's Reports (docs/decisions/068-reports.md), loaded once the page is idle.
  whenIdle(() => void import('#client/features/views/lib/measure-reading').then(({ measureReading }) => measureReading(body, articleId)));
  void import('#client/features/views/lib/watch-read').then(({ watchRead }) =>
    watchRead(body, (progress) => {
      logView(articleId, toLogViewInput(progress)).then(
        (result) => {
          const count = document.querySelector('[data-testid="view-count"] [data-count]');
          if (count && typeof result?.totalViews === 'number') count.textContent = formatViews(result.totalViews);
        },
        (err: unknown) => console.warn('Error logging article view', err),
      );
    }),
  );
}

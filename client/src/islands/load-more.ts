import { getPublishedArticles, type PublishedArticlesFilter } from '#client/features/articles/api/fetch-published-articles';

/**
 * "Load more stories" on a category or section page that is not hydrated: the next page of the list is read, and its
 * cards rendered by React (loaded then, islands/more-stories-root.tsx) at the end of the list's grid. The button names
 * its list (`data-load-more`: the filter) and where the next page starts (`data-next-offset`), and goes once the list
 * is complete.
 */
export function startLoadMore(origin: string): void {
  document.querySelectorAll<HTMLButtonElement>('button[data-load-more]').forEach((button) => {
    const filter = JSON.parse(button.dataset.loadMore ?? '{}') as PublishedArticlesFilter;
    let offset = Number(button.dataset.nextOffset);
    const label = button.textContent;
    const status = document.createElement('p');
    status.setAttribute('role', 'alert');
    status.className = 'mt-2 text-sm text-red-700';
    button.addEventListener('click', async () => {
      button.disabled = true;
      button.textContent = 'Loading...';
      status.remove();
      try {
        const [page, more] = await Promise.all([getPublishedArticles({ ...filter, offset }), import('./more-stories-root')]);
        const grids = document.querySelectorAll('main [data-grid]');
        const holder = document.createElement('div');
        holder.className = 'contents';
        grids[grids.length - 1]?.append(holder);
        more.renderMore(holder, page.data, origin);
        offset += page.data.length;
        if (page.data.length === 0 || offset >= page.pagination.total) return button.parentElement?.remove();
      } catch {
        status.textContent = 'Failed to fetch articles';
        button.after(status);
      }
      button.disabled = false;
      button.textContent = label;
    });
  });
}

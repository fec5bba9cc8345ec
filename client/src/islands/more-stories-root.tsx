import { createRoot } from 'react-dom/client';
import { Router } from 'react-router';
import type { ArticleListItem } from '#shared/types';
import { App } from '#client/app/app';
import { ArticleCard } from '#client/features/articles/components/article-card';
import { createQueryClient } from '#client/lib/query-client';
import { navigator } from './navigator';

/**
 * Renders a further page of a list's cards (islands/load-more.ts) in `container`, an element of the list's grid that
 * lays its children out as its own: the same cards the hydrated page's "Load more stories" adds.
 */
export function renderMore(container: HTMLElement, articles: ArticleListItem[], origin: string): void {
  const { pathname, search, hash } = window.location;
  createRoot(container).render(
    <Router location={{ pathname, search, hash }} navigator={navigator}>
      <App queryClient={createQueryClient()} origin={origin}>
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} variant="compact" />
        ))}
      </App>
    </Router>,
  );
}

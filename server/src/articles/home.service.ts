import type { HomeArticlesQuery } from '#shared/schemas/articles';
import type { ArticleListItem, HomeArticles, ImageInfo } from '#shared/types';
import type { ResponseCache } from '../cache';
import type { Db } from '../db/client';
import { Tags } from '../lib/cache-scope';
import { publishedOnly, toArticleListItem, type ArticleListRow, type ImageIndex } from './article.mapper';
import { readPublishedRows } from './article-reads.repository';

/** docs/spec/SPEC.md §9: Featured shows 4 cards; the Sports and Opinions blocks their first four articles. */
export const HOME_FEATURED = 4;
export const HOME_BLOCK = 4;

/**
 * Keeps the first `count` rows that no block above shows, and marks them shown: the blocks are filled in the order
 * the page shows them (main story, featured, Sports, Opinions), so an article lands in the first block it belongs to.
 */
function takeUnshown(rows: ArticleListRow[], count: number, shown: Set<string>): ArticleListRow[] {
  const kept = rows.filter((row) => !shown.has(row.id)).slice(0, count);
  for (const row of kept) shown.add(row.id);
  return kept;
}

/**
 * The home page (docs/decisions/050-latest-river.md): its blocks with each article in one of them only, and a page
 * of the Latest river, the newest published articles that none of the blocks shows. Each block is read with room for
 * the articles the blocks above it may take from it, so that it still shows its four; the river leaves out, in the
 * query, every article of the blocks, and its total counts the rest. With `counts` (the response cache), the total
 * of published articles is counted once per purge of the articles.
 */
export async function homeArticles(
  db: Db,
  { limit, offset }: HomeArticlesQuery,
  counts?: Pick<ResponseCache, 'remember'>,
): Promise<HomeArticles> {
  const [main, featured, sports, opinions] = await Promise.all([
    readPublishedRows(db, { main: true }, 1, 0),
    readPublishedRows(db, { featured: true }, HOME_FEATURED + 1, 0),
    readPublishedRows(db, { section: 'Sports' }, HOME_BLOCK + 1 + HOME_FEATURED, 0),
    readPublishedRows(db, { section: 'OpinionsEditorials' }, HOME_BLOCK + 1 + HOME_FEATURED, 0),
  ]);
  const shown = new Set<string>();
  const blocks = {
    main: takeUnshown(main.rows, 1, shown),
    featured: takeUnshown(featured.rows, HOME_FEATURED, shown),
    sports: takeUnshown(sports.rows, HOME_BLOCK, shown),
    opinions: takeUnshown(opinions.rows, HOME_BLOCK, shown),
  };
  const count = () => db.article.count({ where: publishedOnly });
  const [published, latest] = await Promise.all([
    counts ? counts.remember('published-count:all', [Tags.articles], count) : count(),
    readPublishedRows(db, { exclude: [...shown] }, limit, offset),
  ]);
  const images: ImageIndex = new Map<string, ImageInfo>(
    [main, featured, sports, opinions, latest].flatMap((read) => [...read.images.entries()]),
  );
  const wire = (rows: ArticleListRow[]): ArticleListItem[] => rows.map((row) => toArticleListItem(row, images));
  return {
    main: wire(blocks.main)[0] ?? null,
    featured: wire(blocks.featured),
    sports: wire(blocks.sports),
    opinions: wire(blocks.opinions),
    latest: { data: wire(latest.rows), pagination: { total: Math.max(0, published - shown.size), limit, offset } },
  };
}

import { decodeHTML } from 'entities';
import { LRUCache } from 'lru-cache';
import { SECTIONS } from '#shared/constants';
import type { SearchQuery } from '#shared/schemas/search';
import type { SearchHit, SearchResults } from '#shared/types';
import type { ResponseCache } from '../cache';
import type { Db } from '../db/client';
import { Tags } from '../lib/cache-scope';
import { toArticleListItem } from './article.mapper';
import { categoryIdOf } from './articles.service';
import { MATCH_END, MATCH_START, readSearchFacets, readSearchPage, readSimilarTitles, type SearchWhere } from './search.repository';

/** Queries searched lately, by their counts' key: a key seen once is not stored (see `search`). ~100 bytes each. */
const seenQueries = new LRUCache<string, true>({ max: 20_000 });

/** Titles offered when no article holds the words. */
const SIMILAR_TITLES = 5;

type Snippet = SearchHit['snippet'];

/** ts_headline's passage as runs of plain text: the marked ones matched; entities decoded, white space collapsed. */
export function snippetParts(headline: string): Snippet {
  const parts: Snippet = [];
  const push = (text: string, match: boolean) => {
    const clean = decodeHTML(text).replace(/\s+/g, ' ');
    if (!clean) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += clean;
    else parts.push({ text: clean, match });
  };
  for (const [i, piece] of headline.split(MATCH_START).entries()) {
    if (i === 0) {
      push(piece.replaceAll(MATCH_END, ''), false);
      continue;
    }
    const end = piece.indexOf(MATCH_END);
    if (end === -1) push(piece, false);
    else {
      push(piece.slice(0, end), true);
      push(piece.slice(end + 1).replaceAll(MATCH_END, ''), false);
    }
  }
  if (parts[0]) parts[0].text = parts[0].text.trimStart();
  const last = parts.at(-1);
  if (last) last.text = last.text.trimEnd();
  return parts;
}

/**
 * The words of a query, as "Did you mean" spells them again: letters and digits, in lower case; not those left out
 * (`-word`) nor the operator `or`.
 */
const wordsOf = (query: string) =>
  query
    .toLowerCase()
    .split(' ')
    .filter((token) => !token.startsWith('-') && token !== 'or')
    .flatMap((token) => token.match(/[\p{L}\p{N}]+/gu) ?? []);

const emptyFacets = (): SearchResults['facets'] => ({ sections: [], categories: [], authors: [] });

/**
 * GET /api/search (docs/decisions/065-search.md): a page of the published articles that hold the query's words, best
 * first, with a passage around what matched, and how the matches divide by section, category and author. When none
 * holds them (a typo), the articles whose titles look most like the query, and the query spelled as in those titles.
 */
export async function search(
  db: Db,
  query: SearchQuery,
  timeZone: string,
  cache?: Pick<ResponseCache, 'remember'>,
): Promise<SearchResults> {
  const { q, limit, offset } = query;
  const nothing = (): SearchResults => ({
    query: q,
    data: [],
    pagination: { total: 0, limit, offset },
    match: 'none',
    didYouMean: null,
    facets: emptyFacets(),
  });
  const where: SearchWhere = { section: query.section, from: query.from, to: query.to, timeZone };
  if (query.category) {
    const categoryId = await categoryIdOf(db, query.category);
    if (!categoryId) return nothing();
    where.categoryId = categoryId;
  }
  if (query.author) {
    const author = await db.user.findUnique({ where: { slug: query.author.toLowerCase() }, select: { id: true } });
    if (!author) return nothing();
    where.authorId = author.id;
  }

  // The counts of a query and its filters are the same on each of its pages: made once, until the articles change (like
  // the published lists' totals, docs/decisions/026).
  const facetKey = `search-facets:${JSON.stringify([q, where.section, where.categoryId, where.authorId, where.from, where.to, timeZone])}`;
  // Kept from a query's second search on, as the response cache admits a query's answer (a query asked once never takes
  // a reader page's place in the store).
  const keep = cache && seenQueries.has(facetKey);
  seenQueries.set(facetKey, true);
  const [page, facetRows] = await Promise.all([
    readSearchPage(db, q, where, limit, offset),
    keep ? cache.remember(facetKey, [Tags.articles, Tags.categories], () => readSearchFacets(db, q, where)) : readSearchFacets(db, q, where),
  ]);
  const facets = emptyFacets();
  for (const row of facetRows) {
    if (row.kind === 'section') facets.sections.push({ value: row.value as (typeof SECTIONS)[number], name: row.value, count: row.count });
    else if (row.kind === 'category') facets.categories.push({ id: row.id!, value: row.value, name: row.name, count: row.count });
    else facets.authors.push({ id: row.id!, value: row.value, name: row.name, count: row.count });
  }
  const byCount = (a: { count: number; name: string }, b: { count: number; name: string }) =>
    b.count - a.count || a.name.localeCompare(b.name);
  facets.sections.sort((a, b) => SECTIONS.indexOf(a.value) - SECTIONS.indexOf(b.value));
  facets.categories.sort(byCount);
  facets.authors.sort(byCount);
  const total = facets.sections.reduce((sum, s) => sum + s.count, 0);
  if (total > 0 || offset > 0)
    return {
      query: q,
      data: page.rows.map((row) => {
        const parts = snippetParts(row.snippet);
        // The body holds none of the words (the title or the summary did): the summary says more than its first words.
        const snippet = parts.some((p) => p.match) ? parts : [{ text: row.summary, match: false }];
        return { ...toArticleListItem(row, page.images), snippet };
      }),
      pagination: { total, limit, offset },
      match: 'words',
      didYouMean: null,
      facets,
    };

  // No article holds the words: titles that look like the query (a typo), and the query spelled as they spell it.
  const words = wordsOf(q);
  const similar = await readSimilarTitles(db, words, where, SIMILAR_TITLES);
  if (similar.rows.length === 0) return nothing();
  const spelled = words.map((word, i) => similar.spelled[i] ?? word);
  const didYouMean = spelled.join(' ') === words.join(' ') ? null : spelled.join(' ');
  return {
    query: q,
    data: similar.rows.map((row) => ({ ...toArticleListItem(row, similar.images), snippet: [{ text: row.summary, match: false }] })),
    pagination: { total: similar.rows.length, limit, offset },
    match: 'similar-titles',
    didYouMean,
    facets,
  };
}

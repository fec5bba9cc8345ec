import { z } from 'zod';
import { SECTIONS } from '../../constants';
import { articleListItemSchema } from './articles';
import { paginationSchema, wireId, wireInt } from './common';

/** A run of a result's snippet: the words that matched the query are `match` (readers see them marked). */
const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });

export const searchHitSchema = articleListItemSchema.extend({
  snippet: z
    .array(snippetPartSchema)
    .describe("A passage of the article's summary and body around what matched, as plain text in runs; the runs with match: true matched"),
});

const facetSchema = z.object({ value: z.string(), name: z.string(), count: wireInt });

/** GET /api/search (docs/decisions/065-search.md). */
export const searchResultsSchema = z
  .object({
    query: z.string().describe('The words searched for, as understood (spaces collapsed)'),
    data: z.array(searchHitSchema),
    pagination: paginationSchema,
    match: z
      .enum(['words', 'similar-titles', 'none'])
      .describe(
        "words: the articles that hold the query's words, best first; similar-titles: none did, these titles look like the query; none: nothing looks like it",
      ),
    didYouMean: z
      .string()
      .nullable()
      .describe('The query with its words spelled as in the closest titles, when none held them; null otherwise'),
    facets: z
      .object({
        sections: z.array(facetSchema.extend({ value: z.enum(SECTIONS) })),
        categories: z.array(facetSchema.extend({ id: wireId })),
        authors: z.array(facetSchema.extend({ id: wireId })),
      })
      .describe('How many of the matches are in each section and category and by each author (the 10 with most): what to narrow by'),
  })
  .meta({ id: 'SearchResults' });

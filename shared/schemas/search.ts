import { z } from 'zod';
import { LIMITS, SECTIONS, type Section } from '../constants';
import { sectionFromParam } from './articles';
import { dayQuery, queryCount } from './query';
import { hasControl, hasVisibleText } from './text';

/**
 * GET /api/search (docs/decisions/065-search.md): what a reader searches for, in the syntax people type into search
 * boxes (PostgreSQL's websearch_to_tsquery): words, "a phrase", -left-out, this or that. One line of visible text, at
 * most LIMITS.searchQueryMax characters: anything else is a 400 that says why.
 */
export const searchTextSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'q is required: the words to search for' : 'q must be text') })
  .refine((s) => !hasControl(s), 'q must be one line of text, without control characters')
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .refine(hasVisibleText, 'q is required: the words to search for')
  .refine((s) => s.length <= LIMITS.searchQueryMax, `q must be at most ${LIMITS.searchQueryMax} characters`);

const slugParam = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(200, `${name} is too long`);

/** The filters a search can be narrowed by, as links and a form carry them (every one optional). */
export const searchFiltersSchema = z.object({
  section: z
    .string({ error: 'section must be text' })
    .transform((v, ctx) => {
      const section = sectionFromParam(v);
      if (!section) ctx.addIssue({ code: 'custom', message: `Unknown section "${v.slice(0, 40)}"; one of: ${SECTIONS.join(', ')}` });
      return section as Section;
    })
    .optional(),
  /** A category's slug. */
  category: slugParam('category').optional(),
  /** An author's slug: what they wrote or co-wrote. */
  author: slugParam('author').optional(),
  /** Published on or after this day. */
  from: dayQuery('from').optional(),
  /** Published on or before this day. */
  to: dayQuery('to').optional(),
});

export const searchQuerySchema = searchFiltersSchema
  .extend({
    q: searchTextSchema,
    limit: queryCount('limit', 1, 20, LIMITS.searchPage),
    offset: queryCount('offset', 0, LIMITS.searchPage * LIMITS.searchPagesMax, 0),
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, { message: 'from must be on or before to', path: ['from'] });
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchFilters = z.output<typeof searchFiltersSchema>;

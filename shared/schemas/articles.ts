import { z } from 'zod';
import { ARTICLE_STATUSES, LIMITS, SECTIONS, type Section } from '../constants';
import { dayQuery, limitOffsetQuery, queryCount } from './query';
import { hasControl, hasVisibleText } from './text';
import { instantSchema } from './time';
import { changesSomething, versionSchema } from './version';

/**
 * Request schemas of the articles API, used by the server's validation and the dashboard's forms.
 * The server additionally sanitises `content` (server/src/lib/sanitize.ts) before storing it.
 */

const plainText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .refine(hasVisibleText, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** An uploaded file of this site (`/uploads/<name>`), never a path that climbs out of the folder. */
export const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

export const articleContentSchema = z
  .string({ error: 'Content must be text' })
  .refine((s) => s.trim().length > 0, 'Content is required')
  .refine((s) => utf8Length(s) <= LIMITS.contentMaxBytes, `Content must be at most ${LIMITS.contentMaxBytes / 1000} kB`);

/** An absolute http(s) URL or a path under /uploads/; '' and null clear it. */
export const articleImageUrlSchema = z.union([
  z.literal('').transform(() => null),
  z.null(),
  z
    .string()
    .trim()
    .max(2048, 'Image URL must be at most 2048 characters')
    .refine(
      (s) => UPLOAD_PATH.test(s) || (/^https?:\/\/[^\s]+$/i.test(s) && URL.canParse(s)),
      'Image URL must be an http(s) URL or an /uploads/ path',
    ),
]);

export const sectionSchema = z.enum(SECTIONS, { error: `Section must be one of: ${SECTIONS.join(', ')}` });

const uuid = (field: string) => z.uuid({ error: `${field} must be a valid id` }).toLowerCase();

/**
 * Who wrote it with its author, in the byline's order (docs/decisions/064-co-authors.md): ids of staff, at most
 * LIMITS.coAuthorsMax, none twice. The server checks that each is a member of staff other than the author.
 */
export const coAuthorIdsSchema = z
  .array(uuid('Co-author'), { error: 'Co-authors must be a list of user ids' })
  .max(LIMITS.coAuthorsMax, `An article has at most ${LIMITS.coAuthorsMax} co-authors`)
  .refine((ids) => new Set(ids).size === ids.length, 'A co-author is named twice');

export const createArticleInputSchema = z.object({
  title: plainText('Title', LIMITS.titleMax),
  summary: plainText('Summary', LIMITS.summaryMax),
  content: articleContentSchema,
  categoryId: uuid('Category'),
  section: sectionSchema.default('General'),
  imageUrl: articleImageUrlSchema.optional(),
  coAuthorIds: coAuthorIdsSchema.optional(),
});
export type CreateArticleInput = z.input<typeof createArticleInputSchema>;

export const updateArticleInputSchema = z
  .object({
    title: plainText('Title', LIMITS.titleMax),
    summary: plainText('Summary', LIMITS.summaryMax),
    content: articleContentSchema,
    categoryId: uuid('Category'),
    section: sectionSchema,
    imageUrl: articleImageUrlSchema,
    coAuthorIds: coAuthorIdsSchema,
    version: versionSchema,
  })
  .partial()
  .refine(changesSomething, 'Send at least one of title, summary, content, categoryId, section, imageUrl, coAuthorIds');
export type UpdateArticleInput = z.input<typeof updateArticleInputSchema>;

/** POST /api/articles/:id/revisions/:revisionId/restore: the version of the article the restore is based on. */
export const restoreRevisionInputSchema = z.object({ version: versionSchema.optional() });

export const STORY_PRIORITY_MAX = 1_000_000;

export const articleStatusInputSchema = z
  .object({
    isStory: z.boolean({ error: 'isStory must be true or false' }),
    isMainStory: z.boolean({ error: 'isMainStory must be true or false' }),
    storyPriority: z
      .number({ error: 'storyPriority must be a number' })
      .int('storyPriority must be a whole number')
      .min(0, 'storyPriority must be at least 0')
      .max(STORY_PRIORITY_MAX, `storyPriority must be at most ${STORY_PRIORITY_MAX}`),
  })
  .partial()
  .refine(
    (v) => v.isStory !== undefined || v.isMainStory !== undefined || v.storyPriority !== undefined,
    'Send at least one of isStory, isMainStory, storyPriority',
  );
export type ArticleStatusInput = z.input<typeof articleStatusInputSchema>;

export const articleFeaturedInputSchema = z.object({
  isFeatured: z.boolean({ error: 'isFeatured must be true or false' }),
});
export type ArticleFeaturedInput = z.input<typeof articleFeaturedInputSchema>;

export const mediaTypeSchema = z.enum(['image', 'video'], { error: 'type must be image or video' });

/** Lowercase section names accepted by the public list (docs/spec/SPEC.md "Section page"), besides the wire names. */
export const SECTION_ALIASES: Record<string, Section> = {
  general: 'General',
  sports: 'Sports',
  editorials: 'Opinions & Editorials',
  opinions: 'Opinions & Editorials',
  business: 'Business',
  technology: 'Technology',
};

/** Maps a wire name (any case) or an alias to the section, or undefined. */
export function sectionFromParam(value: string): Section | undefined {
  const v = value.trim().toLowerCase();
  return SECTION_ALIASES[v] ?? SECTIONS.find((s) => s.toLowerCase() === v);
}

const queryBool = (field: string) => z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');

/** A page size: at least 1; values above `max` are capped rather than refused. */
const pageLimit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .default(fallback)
    .transform((v) => Math.min(v, max));

const pageOffset = queryCount('offset', 0, 1_000_000, 0);

export const publishedArticlesQuerySchema = z.object({
  section: z
    .string({ error: 'section must be text' })
    .transform((v, ctx) => {
      const section = sectionFromParam(v);
      if (!section) ctx.addIssue({ code: 'custom', message: `Unknown section "${v.slice(0, 40)}"` });
      return section as Section;
    })
    .optional(),
  category: z
    .string({ error: 'category must be text' })
    .trim()
    .min(1, 'category must not be empty')
    .max(200, 'category is too long')
    .optional(),
  featured: queryBool('featured').optional(),
  main: queryBool('main').optional(),
  story: queryBool('story').optional(),
  limit: pageLimit(LIMITS.publishedPageDefault, LIMITS.publishedPageMax),
  offset: pageOffset,
});
export type PublishedArticlesQuery = z.output<typeof publishedArticlesQuerySchema>;

/** GET /api/articles/home: the page of the Latest river (docs/decisions/050-latest-river.md). */
export const homeArticlesQuerySchema = z.object({
  limit: pageLimit(LIMITS.latestPage, 50),
  offset: pageOffset.refine(
    (v) => v <= LIMITS.latestPage * LIMITS.readerPageMax,
    `offset must be at most ${LIMITS.latestPage * LIMITS.readerPageMax}`,
  ),
});
export type HomeArticlesQuery = z.output<typeof homeArticlesQuerySchema>;

/** POST /api/articles/:id/send-back: the editor's note to the author, which the author sees on the article and their dashboard. */
export const sendBackInputSchema = z.object({
  note: plainText('Note', LIMITS.reviewNoteMax),
});
export type SendBackInput = z.output<typeof sendBackInputSchema>;

/** POST /api/articles/:id/corrections (docs/decisions/062-corrections.md): what was wrong and what is right, as readers read it. */
export const correctionInputSchema = z.object({
  text: plainText('Correction', LIMITS.correctionMax),
});
export type CorrectionInput = z.output<typeof correctionInputSchema>;

/** GET /api/corrections: a page of the newest corrections. */
export const correctionsQuerySchema = z.object(limitOffsetQuery(LIMITS.correctionsPage, 50, 100_000));
export type CorrectionsQuery = z.output<typeof correctionsQuerySchema>;

/**
 * POST /api/articles/:id/schedule (docs/decisions/059-scheduling.md): when an article that is not published goes live,
 * and when a piece ends (null: no end). An article already published takes `unpublishAt` only. The times' bounds (in
 * the future, in order) are the server's to check, against its own clock. Like an edit, it names the version it
 * approves (428 without, 409 when the article changed since).
 */
export const scheduleInputSchema = z.object({
  publishAt: instantSchema('publishAt').optional(),
  unpublishAt: instantSchema('unpublishAt').nullable().optional(),
  /** The version the editor approved: what goes live is that text, not one changed since (or If-Match). */
  version: versionSchema.optional(),
});
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

export const ARTICLE_LIST_MAX = 500;

/**
 * GET /api/articles: newest first, or with `status=review` the review queue, oldest submission first; `sentBack`
 * keeps the drafts an editor sent back with a note (an author's overview). The dashboard's search (docs/decisions/065-search.md):
 * `q`, a category, an author, a range of days, and a sort (with `q`, the best matches first unless told otherwise).
 */
/** What the dashboard's articles table sorts by (docs/decisions/065-search.md); `-` first: the other way round. */
export const ARTICLE_SORTS = ['relevance', 'title', 'category', 'author', 'status', 'date'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];
const SORT_VALUES = ARTICLE_SORTS.flatMap((s) => [s, `-${s}`]);

export const listArticlesQuerySchema = z
  .object({
    status: z.enum(ARTICLE_STATUSES, { error: `status must be one of: ${ARTICLE_STATUSES.join(', ')}` }).optional(),
    sentBack: z.enum(['true', 'false'], { error: 'sentBack must be true or false' }).optional(),
    /** Words of the title, summary or body (search syntax), or any part of the title. */
    q: z
      .string({ error: 'q must be text' })
      .refine((s) => !hasControl(s), 'q must be one line of text, without control characters')
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .refine((s) => s.length <= LIMITS.searchQueryMax, `q must be at most ${LIMITS.searchQueryMax} characters`)
      .optional(),
    categoryId: uuid('categoryId').optional(),
    /** Written or co-written by this member of staff. */
    authorId: uuid('authorId').optional(),
    /** The article's date (when it goes or went live, else when it was written) on or after this day… */
    from: dayQuery('from').optional(),
    /** …and on or before this one, in the newsroom's time zone. */
    to: dayQuery('to').optional(),
    sort: z
      .string({ error: 'sort must be text' })
      .refine((s) => SORT_VALUES.includes(s), `sort must be one of: ${SORT_VALUES.join(', ')}`)
      .transform((s) => ({ by: s.replace(/^-/, '') as ArticleSort, desc: s.startsWith('-') }))
      .optional(),
    limit: pageLimit(100, ARTICLE_LIST_MAX),
    offset: pageOffset,
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, { message: 'from must be on or before to', path: ['from'] });
export type ListArticlesQuery = z.output<typeof listArticlesQuerySchema>;

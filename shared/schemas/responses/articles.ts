import { z } from 'zod';
import { ARTICLE_STATUSES, SECTIONS } from '../../constants';
import { imageInfoSchema, mediaItemSchema, paginationSchema, wireId, wireInt, wireTime, wireVersion } from './common';

/** The fields of an article in a list (docs/spec/CONTRACT.md §2): everything but the body, which lists do not show. */
export const articleListItemSchema = z
  .object({
    id: wireId,
    title: z.string(),
    summary: z.string(),
    imageUrl: z.string().nullable(),
    /** Optional in the type for the client's fixtures; the server always sends it. */
    image: imageInfoSchema
      .nullable()
      .optional()
      .describe('Variants of imageUrl; null when it is external or before they are made. Always sent'),
    author: z.object({
      id: wireId,
      name: z.string(),
      /** Optional in the type for the client's fixtures; the server always sends it. */
      slug: z.string().optional().describe("The author page's address: /author/<slug>. Always sent"),
    }),
    /** Optional in the type for the client's fixtures; the server always sends it. */
    coAuthors: z
      .array(z.object({ id: wireId, name: z.string(), slug: z.string() }))
      .optional()
      .describe("Who wrote it with its author, in the byline's order (docs/decisions/064-co-authors.md). Always sent"),
    category: z.object({ id: wireId, name: z.string(), slug: z.string() }),
    categoryId: wireId,
    section: z.enum(SECTIONS),
    status: z.enum(ARTICLE_STATUSES),
    isStory: z.boolean(),
    isFeatured: z.boolean(),
    isMainStory: z.boolean(),
    storyPriority: wireInt,
    createdAt: wireTime,
    updatedAt: wireTime,
    publishedAt: wireTime.nullable(),
    /** Optional in the type for the client's fixtures; the server always sends them (docs/decisions/058-review.md). */
    submittedAt: wireTime
      .nullable()
      .optional()
      .describe('When it was submitted for review; null unless it is in review. Staff only: null in public reads. Always sent'),
    reviewNote: z
      .string()
      .nullable()
      .optional()
      .describe(
        'The note of the editor who sent it back to its author; null once it is submitted or published again. Staff only: null in public reads. Always sent',
      ),
    scheduledAt: wireTime
      .nullable()
      .optional()
      .describe('When a scheduled article goes live by itself; null unless it is scheduled. Staff only: null in public reads. Always sent'),
    unpublishAt: wireTime
      .nullable()
      .optional()
      .describe('When it is taken down by itself; null for no end. Staff only: null in public reads. Always sent'),
    trashedAt: wireTime
      .nullable()
      .optional()
      .describe('When it went to the trash (deleted for good 30 days later); null unless it is there. Staff only. Always sent'),
    trashedFrom: z
      .enum(ARTICLE_STATUSES)
      .nullable()
      .optional()
      .describe('The status a restore from the trash gives back; null unless it is there. Staff only. Always sent'),
    totalViews: wireInt,
    media: z.array(mediaItemSchema),
    version: wireVersion,
  })
  .meta({ id: 'ArticleListItem', description: 'An article in a list: every field of Article but content (docs/spec/CONTRACT.md §2)' });

/** A correction of a published article (docs/decisions/062-corrections.md). */
export const correctionSchema = z
  .object({
    id: wireId,
    text: z.string().describe('Plain text'),
    createdAt: wireTime,
  })
  .meta({ id: 'Correction', description: 'A dated correction appended to a published article' });

/** One article with its body: the single-article call, the staff's list and every write answer with it. */
export const articleSchema = articleListItemSchema
  .extend({
    content: z.string().describe('Sanitised HTML'),
    corrections: z
      .array(correctionSchema)
      .optional()
      .describe('Its corrections, oldest first. Sent by the single-article read (GET /api/articles/:id) and by adding one, not by lists'),
  })
  .meta({ id: 'Article', description: 'An article with its body (sanitised HTML)' });

/** POST /api/articles/:id/featured: a fourth featured story unfeatures the oldest, named here. */
export const featuredArticleSchema = articleSchema
  .extend({
    unfeatured: z
      .object({ id: wireId, title: z.string() })
      .nullable()
      .describe('The story unfeatured to make room (at most 3 are featured), or null'),
  })
  .meta({ id: 'FeaturedArticle', description: 'The article, and the story it unfeatured if any' });

/** GET /api/articles/home: the home page's blocks, each article in one of them only, and a page of the Latest river. */
export const homeArticlesSchema = z
  .object({
    main: articleListItemSchema.nullable().describe('The newest main story, or null'),
    featured: z.array(articleListItemSchema).describe('Up to 4 featured stories, newest featured first, without the main story'),
    sports: z.array(articleListItemSchema).describe('Up to 4 Sports articles that no block above shows'),
    opinions: z.array(articleListItemSchema).describe('Up to 4 Opinions & Editorials articles that no block above shows'),
    latest: z
      .object({ data: z.array(articleListItemSchema), pagination: paginationSchema })
      .describe('The Latest river: the newest published articles that none of the blocks shows, one page of it'),
  })
  .meta({ id: 'HomeArticles', description: 'The home page: its blocks without repeats, and a page of the Latest river' });

/** Who saved a revision: a member of staff, or null for the scheduler (or a member of staff deleted since). */
const revisionEditorSchema = z.object({ id: wireId, name: z.string() }).nullable();

/** GET /api/articles/:id/revisions: one saved state of an article, without its body (docs/decisions/060-revisions.md). */
export const revisionSummarySchema = z
  .object({
    id: wireId,
    version: wireVersion.describe("The article's version this revision is"),
    savedAt: wireTime,
    status: z.enum(ARTICLE_STATUSES),
    title: z.string(),
    editor: revisionEditorSchema,
  })
  .meta({ id: 'RevisionSummary', description: 'A revision in the history: who saved it, when, its state and title' });

export const revisionListSchema = z
  .object({ data: z.array(revisionSummarySchema) })
  .meta({ id: 'RevisionList', description: "An article's revisions, newest first" });

/** GET /api/articles/:id/revisions/:revisionId: one revision, whole. */
export const articleRevisionSchema = revisionSummarySchema
  .extend({
    summary: z.string(),
    content: z.string().describe('Sanitised HTML, as it was saved'),
    categoryId: wireId,
    categoryName: z.string().describe('The category as it was named then'),
    section: z.enum(SECTIONS),
    imageUrl: z.string().nullable(),
    media: z.array(z.object({ type: z.enum(['image', 'video']), fileUrl: z.string() })),
  })
  .meta({ id: 'ArticleRevision', description: 'One revision of an article, with its text, category, section, image and media' });

/** GET /api/corrections: the newest corrections of published articles, each with the article it corrects. */
export const correctionListItemSchema = correctionSchema
  .extend({ article: z.object({ id: wireId, title: z.string() }) })
  .meta({ id: 'CorrectionListItem', description: 'A correction with the article it corrects' });

/** Names and limits both sides agree on (docs/spec/CONTRACT.md §2, docs/spec/SPEC.md §9). */
export const ROLES = ['super-admin', 'admin', 'editor', 'author', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['super-admin', 'admin', 'editor', 'author'] as const satisfies readonly Role[];

export const SECTIONS = ['General', 'Sports', 'Opinions & Editorials', 'Business', 'Technology'] as const;
export type Section = (typeof SECTIONS)[number];

/** The /news/{name} path name of each section (docs/spec/SPEC.md §2), for the reader's routes and the server's sitemaps. */
export const SECTION_PATH_NAMES = {
  Sports: 'sports',
  'Opinions & Editorials': 'editorials',
  Business: 'business',
  Technology: 'technology',
  General: 'general',
} as const satisfies Record<Section, string>;

/**
 * An article's states (docs/decisions/058-review.md, 059-scheduling.md): a draft goes to review, and from there back to
 * draft, published, or scheduled to be published by itself at a set minute; `trashed` is deleted, restorable for 30
 * days (061-trash.md).
 */
export const ARTICLE_STATUSES = ['draft', 'review', 'scheduled', 'published', 'unpublished', 'trashed'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const BREAKING_NEWS_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BreakingNewsStatus = (typeof BREAKING_NEWS_STATUSES)[number];

/** What a newsletter's issues hold (docs/decisions/069-newsletters.md). */
export const NEWSLETTER_KINDS = ['daily', 'weekly', 'category', 'breaking'] as const;

export const LIMITS = {
  maxFeatured: 3,
  headlineMax: 100,
  categoryNameMax: 32,
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  otpResendSeconds: 60,
  publishedPageDefault: 20,
  publishedPageMax: 100,
  commentMax: 5000,
  /** Levels of a comment thread, the top-level comment included; a reply to the deepest level joins that level. */
  commentLevelsMax: 8,
  /**
   * Replies a comment carries in a read: its newest; `replyCount` counts them all and the others are paged
   * (GET /api/comments/:id/replies). A read holds at most this many replies per comment asked for, on average.
   */
  commentRepliesShown: 3,
  /**
   * Characters of a reply's parent sent with the reply (`parent.content`): the reader shows 80 of them (docs/spec/SPEC.md §9),
   * so a thread of long comments does not carry each one again under every reply (issue 22).
   */
  commentQuoteChars: 100,
  titleMax: 200,
  summaryMax: 500,
  /** An editor's note when sending an article back to its author (docs/decisions/058-review.md). */
  reviewNoteMax: 2000,
  /** Co-authors of one article, besides its author (docs/decisions/064-co-authors.md). */
  coAuthorsMax: 5,
  /** A correction's text (docs/decisions/062-corrections.md). */
  correctionMax: 1000,
  /** /corrections: corrections a page (`?page=2` continues it). */
  correctionsPage: 20,
  /** How far ahead an article or a headline may be scheduled (docs/decisions/059-scheduling.md). */
  scheduleMaxDaysAhead: 731,
  contentMaxBytes: 500_000,
  nameMax: 100,
  bioMax: 1000,
  /** The home page's Latest river: articles a page (`/?page=2` continues it; docs/decisions/050-latest-river.md). */
  latestPage: 10,
  /** An author page: articles a page (`/author/<slug>?page=2`). */
  authorPage: 12,
  /** A moderator's reason for hiding a comment or banning a reader (docs/decisions/066-comment-moderation.md). */
  moderationNoteMax: 300,
  /** Blocked words of the comment settings: how many, and how long each. */
  blockedWordsMax: 500,
  blockedWordMax: 60,
  /** Search (docs/decisions/065-search.md): the longest query, results a page, and the last page a search answers. */
  searchQueryMax: 200,
  searchPage: 10,
  searchPagesMax: 100,
  /** The last page number a reader's list answers (`?page=`): further is the canonical page. */
  readerPageMax: 1000,
  /** The audit log (docs/decisions/067-audit-log.md): a page of it, how deep it pages, and the rows of one CSV export. */
  auditPage: 50,
  auditPageMax: 100,
  auditOffsetMax: 100_000,
  auditExportMax: 100_000,
  /** bcrypt reads only the first 72 bytes of a password: longer ones are refused, never cut short. */
  passwordMaxBytes: 72,
} as const;

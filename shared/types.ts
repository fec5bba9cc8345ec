import type { z } from 'zod';
import type {
  articleListItemSchema,
  articleRevisionSchema,
  articleSchema,
  correctionListItemSchema,
  correctionSchema,
  homeArticlesSchema,
  revisionSummarySchema,
} from './schemas/responses/articles';
import type { auditActorsSchema, auditEntrySchema } from './schemas/responses/audit';
import type { authResponseSchema } from './schemas/responses/auth';
import type { breakingNewsSchema } from './schemas/responses/breaking-news';
import type { categorySchema } from './schemas/responses/categories';
import type { commentSchema } from './schemas/responses/comments';
import type { pageListItemSchema, pageSchema, publicPageSchema } from './schemas/responses/pages';
import type { searchHitSchema, searchResultsSchema } from './schemas/responses/search';
import type {
  newsletterListSchema,
  newsletterOverviewSchema,
  preferencesSchema,
  subscriberImportResultSchema,
  subscriberListSchema,
  subscriberSchema,
} from './schemas/responses/newsletters';
import type { siteSchema, siteSettingsSchema } from './schemas/responses/settings';
import type {
  articleReportRowSchema,
  articleReportSchema,
  articleReportsSchema,
  reportDaySchema,
  siteReportSchema,
} from './schemas/responses/reports';
import type { apiErrorBodySchema, imageInfoSchema, mediaItemSchema, paginationSchema } from './schemas/responses/common';
import type { activityEventSchema, dashboardStatsSchema } from './schemas/responses/stats';
import type { authorPageSchema, authorSchema, profileSchema, publicUserSchema, staffListSchema } from './schemas/responses/users';
import type { viewLogSchema } from './schemas/responses/views';

/**
 * The JSON shapes on the wire (docs/spec/CONTRACT.md §2), inferred from the response schemas of shared/schemas/responses, which
 * the server checks its answers against and the OpenAPI document is generated from. Timestamps are ISO 8601
 * UTC strings.
 */

/**
 * The resized variants of an uploaded image (URLs from shared/images.ts): the original's intrinsic size
 * and the widths available in every format.
 */
export type ImageInfo = z.output<typeof imageInfoSchema>;

/** An image or a video of an article; `image` is null for a video and for an image without variants (yet). */
export type MediaItem = z.output<typeof mediaItemSchema>;

/** An article as lists carry it: everything but the body, which lists do not show (docs/spec/CONTRACT.md §2). */
export type ArticleListItem = z.output<typeof articleListItemSchema>;

/** One article with its body: the single-article call, the staff's list and every write answer with it. */
export type Article = z.output<typeof articleSchema>;

/** A dated correction of a published article, and the same with the article it corrects (/corrections). */
export type Correction = z.output<typeof correctionSchema>;
export type CorrectionListItem = z.output<typeof correctionListItemSchema>;

/** One revision of an article in its history (docs/decisions/060-revisions.md), and one whole. */
export type RevisionSummary = z.output<typeof revisionSummarySchema>;
export type ArticleRevision = z.output<typeof articleRevisionSchema>;

export type Pagination = z.output<typeof paginationSchema>;

/** One page of a list, as `pageSchema(item)` describes it. */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export type Category = z.output<typeof categorySchema>;
/** What every page shows of the site (GET /api/site). */
export type Site = z.infer<typeof siteSchema>;
/** The site settings an admin edits (GET and PUT /api/settings). */
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
/** A link of the header's or footer's menu (`Site['menus']`). */
export type NavLink = Site['menus']['header'][number];

/** A static page: as the dashboard lists it, with its body, and as readers see it (docs/decisions/057-pages-and-navigation.md). */
export type PageListItem = z.output<typeof pageListItemSchema>;
export type StaticPage = z.output<typeof pageSchema>;
export type PublicPage = z.output<typeof publicPageSchema>;

export type PublicUser = z.output<typeof publicUserSchema>;

/** An author as readers see them (the author page). */
export type Author = z.output<typeof authorSchema>;

export type AuthorPage = z.output<typeof authorPageSchema>;
/** A member of staff who may be named a co-author (GET /api/staff). */
export type StaffMember = z.output<typeof staffListSchema>['data'][number];

/** The signed-in staff member's own profile (the dashboard's Profile page). */
export type Profile = z.output<typeof profileSchema>;

/** The home page's blocks, without repeats, and a page of its Latest river. */
export type HomeArticles = z.output<typeof homeArticlesSchema>;

export type Comment = z.output<typeof commentSchema>;

export type BreakingNews = z.output<typeof breakingNewsSchema>;

export type ViewLog = z.output<typeof viewLogSchema>;

export type AuthResponse = z.output<typeof authResponseSchema>;

export type DashboardStats = z.output<typeof dashboardStatsSchema>;

export type ActivityEvent = z.output<typeof activityEventSchema>;

export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;

/** GET /api/search and one of its results (docs/decisions/065-search.md). */
export type SearchResults = z.output<typeof searchResultsSchema>;
export type SearchHit = z.output<typeof searchHitSchema>;

/** Newsletters (docs/decisions/069-newsletters.md): those readers may subscribe to, and a subscriber's choices. */
export type NewsletterList = z.output<typeof newsletterListSchema>;
export type NewsletterPreferences = z.output<typeof preferencesSchema>;
export type NewsletterOverview = z.output<typeof newsletterOverviewSchema>;
export type NewsletterIssue = NewsletterOverview['issues'][number];
export type Subscriber = z.output<typeof subscriberSchema>;
export type SubscriberList = z.output<typeof subscriberListSchema>;
export type SubscriberImport = z.output<typeof subscriberImportResultSchema>;

/** GET /api/audit's entries, and the people its filter offers (docs/decisions/067-audit-log.md). */
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditActor = z.output<typeof auditActorsSchema>['data'][number];

/** Reports (docs/decisions/068-reports.md): the site's days, the articles' table, one article's report. */
export type SiteReport = z.output<typeof siteReportSchema>;
export type ArticleReports = z.output<typeof articleReportsSchema>;
export type ArticleReportRow = z.output<typeof articleReportRowSchema>;
export type ArticleReport = z.output<typeof articleReportSchema>;
export type ReportDay = z.output<typeof reportDaySchema>;

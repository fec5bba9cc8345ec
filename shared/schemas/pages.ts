import { z } from 'zod';
import { articleContentSchema } from './articles';
import { hasControl, hasVisibleText } from './text';
import { PAGE_SLUG, PAGE_SLUG_MAX } from '../page-slug';
import { versionSchema } from './version';

/**
 * Static pages (About, Contact, Privacy…; docs/decisions/057-pages-and-navigation.md): request schemas for the server's
 * validation and the dashboard's form. The server sanitises `content` as it does an article body.
 */

export const PAGE_LIMITS = { title: 120, summary: 300, slug: PAGE_SLUG_MAX, pages: 200 } as const;

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/**
 * First segments of the addresses the app answers itself, now or by a planned feature (search, newsletters): a page
 * may not take one, or it would never be reached (or would hide the app's own page later).
 */
export const RESERVED_SLUGS = [
  'api',
  'article',
  'articles',
  'assets',
  'auth',
  'author',
  'authors',
  'category',
  'categories',
  'corrections',
  'dashboard',
  'feed',
  'feeds',
  'health',
  'healthz',
  'login',
  'logout',
  'news',
  'newsletter',
  'newsletters',
  'page',
  'pages',
  'preview',
  'public',
  'readyz',
  'reports',
  'rss',
  'search',
  'settings',
  'share',
  'signup',
  'sitemap',
  'sitemaps',
  'static',
  'subscribe',
  'tag',
  'tags',
  'unsubscribe',
  'uploads',
  'user',
  'users',
] as const;

export const pageSlugSchema = z
  .string({ error: 'Address must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'Address is required')
  .max(PAGE_LIMITS.slug, `Address must be at most ${PAGE_LIMITS.slug} characters`)
  .refine((s) => PAGE_SLUG.test(s), 'Address may hold lower-case letters, digits and single hyphens between them')
  .superRefine((s, ctx) => {
    if ((RESERVED_SLUGS as readonly string[]).includes(s))
      ctx.addIssue({ code: 'custom', message: `/${s} is an address the site uses itself: choose another` });
  });

const title = z
  .string({ error: 'Title must be text' })
  .trim()
  .refine(hasVisibleText, 'Title is required')
  .refine((s) => !hasControl(s), 'Title must be one line of text')
  .refine((s) => s.length <= PAGE_LIMITS.title, `Title must be at most ${PAGE_LIMITS.title} characters`);

const summary = z
  .string({ error: 'Description must be text' })
  .trim()
  .refine((s) => !hasControl(s), 'Description must be one line of text')
  .refine((s) => s.length <= PAGE_LIMITS.summary, `Description must be at most ${PAGE_LIMITS.summary} characters`);

const status = z.enum(PAGE_STATUSES, { error: `Status must be one of: ${PAGE_STATUSES.join(', ')}` });

/** POST /api/pages: without a slug, one is made from the title. */
export const createPageInputSchema = z
  .object({
    title,
    slug: pageSlugSchema.optional(),
    summary: summary.default(''),
    content: articleContentSchema,
    status: status.default('draft'),
  })
  .strict();
export type CreatePageInput = z.input<typeof createPageInputSchema>;

/** PUT /api/pages/:id: any of the fields, and the version the edit is based on. */
export const updatePageInputSchema = z
  .object({ title, slug: pageSlugSchema, summary, content: articleContentSchema, status })
  .partial()
  .extend({ version: versionSchema.optional() })
  .strict();
export type UpdatePageInput = z.input<typeof updatePageInputSchema>;

/** The dashboard's form: every field, the address blank for one made from the title (a new page). */
export const pageFormSchema = z.object({
  title,
  slug: z.union([z.literal(''), pageSlugSchema]),
  summary,
  content: articleContentSchema,
  status,
});
export type PageFormValues = z.input<typeof pageFormSchema>;

import { z } from 'zod';
import { wireId, wireTime, wireVersion } from './common';

/** A page as the dashboard's list shows it (GET /api/pages): everything but the body. */
export const pageListItemSchema = z
  .object({
    id: wireId,
    slug: z.string().describe('Its address is /<slug>'),
    title: z.string(),
    summary: z.string(),
    status: z.enum(['draft', 'published']),
    publishedAt: wireTime.nullable().describe('When it was first published'),
    updatedAt: wireTime,
    version: wireVersion,
  })
  .meta({ id: 'PageListItem', description: 'A static page, without its body' });

/** A page with its body (sanitised HTML): the staff's read and every write's answer. */
export const pageSchema = pageListItemSchema
  .extend({ content: z.string().describe('Sanitised HTML') })
  .meta({ id: 'Page', description: 'A static page' });

/** What a reader's page shows (GET /api/pages/by-slug/:slug): a published page. */
export const publicPageSchema = pageSchema
  .omit({ status: true, version: true })
  .meta({ id: 'PublicPage', description: 'A published static page, as readers see it' });

import { z } from 'zod';
import { ROLES } from '../../constants';
import { articleListItemSchema } from './articles';
import { imageInfoSchema, paginationSchema, wireId, wireTime, wireVersion } from './common';

/** A user on the wire: never the password hash (docs/spec/CONTRACT.md §2). */
export const publicUserSchema = z
  .object({
    id: wireId,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    suspended: z.boolean(),
    bio: z.string().nullable(),
    /** Optional in the type for the client's fixtures; the server always sends them. */
    slug: z.string().optional().describe("The author page's address: /author/<slug>. Always sent"),
    avatarUrl: z.string().nullable().optional().describe('The photo of the author page, an /uploads/ path, or null. Always sent'),
    createdAt: wireTime,
    version: wireVersion,
  })
  .meta({ id: 'PublicUser', description: 'A user as the API shows it (never the password hash)' });

/** What a reader sees of an author: never the e-mail address or the role. */
export const authorSchema = z
  .object({
    id: wireId,
    slug: z.string().describe("The author page's address: /author/<slug>"),
    name: z.string(),
    bio: z.string().nullable(),
    avatarUrl: z.string().nullable().describe('An /uploads/ path, or null'),
    avatar: imageInfoSchema.nullable().describe('Variants of avatarUrl; null before they are made or without a photo'),
  })
  .meta({ id: 'Author', description: 'An author as readers see them: name, bio and photo' });

/** GET /api/authors/:slug: the author and a page of their published articles, newest first. */
export const authorPageSchema = z
  .object({
    author: authorSchema,
    articles: z.object({ data: z.array(articleListItemSchema), pagination: paginationSchema }),
  })
  .meta({ id: 'AuthorPage', description: 'An author and one page of their published articles' });

/** GET and PUT /api/profile: the signed-in staff member's own profile. */
export const profileSchema = authorSchema
  .extend({ email: z.string(), role: z.enum(ROLES), version: wireVersion })
  .meta({ id: 'Profile', description: "The signed-in staff member's own author profile, with its version" });

/** GET /api/staff: who may be named a co-author (docs/decisions/064-co-authors.md), by name. */
export const staffListSchema = z
  .object({
    data: z.array(z.object({ id: wireId, name: z.string(), slug: z.string() })),
  })
  .meta({ id: 'StaffList', description: 'The members of staff who write articles and are not suspended, by name' });

import { ARTICLE_STATUSES, BREAKING_NEWS_STATUSES, ROLES, SECTIONS } from '../../../shared/constants';

/**
 * JSON Schemas of the wire types in shared/types.ts, for the OpenAPI document. A route's `returns`
 * that names one of these (`Article`, `Category[]`, `Page<PublicUser>`, `{ news: BreakingNews[] }`)
 * links to it in the reference.
 */
const str = { type: 'string' } as const;
const id = { type: 'string', description: 'Opaque id' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullable = <T extends object>(s: T) => ({ anyOf: [s, { type: 'null' }] });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const obj = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

/** The fields of an article in a list; the single article adds its content. */
const articleListFields = {
  id,
  title: str,
  summary: str,
  imageUrl: nullable(str),
  image: { ...nullable(ref('ImageInfo')), description: 'Variants of imageUrl; null when it is external or before they are made' },
  author: obj({ id, name: str }),
  category: obj({ id, name: str, slug: str }),
  categoryId: id,
  section: { enum: [...SECTIONS] },
  status: { enum: [...ARTICLE_STATUSES] },
  isStory: { type: 'boolean' },
  isFeatured: { type: 'boolean' },
  isMainStory: { type: 'boolean' },
  storyPriority: { type: 'integer' },
  createdAt: time,
  updatedAt: time,
  publishedAt: nullable(time),
  totalViews: { type: 'integer' },
  media: { type: 'array', items: ref('MediaItem') },
  version: { type: 'integer', description: 'Send it back with an edit (If-Match or body); the ETag is "v<version>"' },
};

export const WIRE_SCHEMAS: Record<string, unknown> = {
  ImageInfo: {
    ...obj({
      width: { type: 'integer', description: 'Intrinsic width of the original, in pixels' },
      height: { type: 'integer', description: 'Intrinsic height of the original, in pixels' },
      widths: { type: 'array', items: { type: 'integer' }, description: 'Widths available as AVIF, WebP and JPEG' },
    }),
    description:
      'Resized variants of an uploaded image: for each width w, /uploads/<name>-<w>w.avif, .webp and .jpg next to /uploads/<name>.<ext> (shared/images.ts)',
  },
  MediaItem: obj({
    id,
    type: { enum: ['image', 'video'] },
    fileUrl: str,
    image: { ...nullable(ref('ImageInfo')), description: 'Variants of an image; null for a video or before they are made' },
  }),
  ArticleListItem: {
    ...obj(articleListFields),
    description: 'An article in a list: every field of Article but content (CONTRACT.md §2)',
  },
  Article: obj({ ...articleListFields, content: { type: 'string', description: 'Sanitised HTML' } }),
  Category: obj(
    {
      id,
      name: str,
      slug: str,
      articleCount: { type: 'integer', description: 'Published articles' },
      version: { type: 'integer', description: 'Send it back with an edit (If-Match or body); the ETag is "v<version>"' },
    },
    ['articleCount'],
  ),
  PublicUser: obj({
    id,
    name: str,
    email: str,
    role: { enum: [...ROLES] },
    suspended: { type: 'boolean' },
    bio: nullable(str),
    createdAt: time,
    version: { type: 'integer', description: 'Send it back with an edit (If-Match or body); the ETag is "v<version>"' },
  }),
  Comment: obj({
    id,
    content: str,
    articleId: id,
    author: obj({ id, name: str }),
    createdAt: time,
    updatedAt: time,
    isEdited: { type: 'boolean' },
    parentId: nullable(id),
    parent: nullable(obj({ id, content: str, author: obj({ name: str }) })),
    replies: { type: 'array', items: ref('Comment') },
  }),
  BreakingNews: obj({
    id,
    headline: { type: 'string', maxLength: 100 },
    status: { enum: [...BREAKING_NEWS_STATUSES] },
    author: obj({ id, name: str, role: { enum: [...ROLES] } }),
    createdAt: time,
    updatedAt: time,
    publishedAt: nullable(time),
    version: { type: 'integer', description: 'Send it back with an edit (If-Match or body); the ETag is "v<version>"' },
  }),
  ViewLog: obj({
    id,
    articleId: id,
    viewedAt: time,
    percentViewed: { type: 'number' },
    fullyViewed: { type: 'boolean' },
    topViewed: { type: 'boolean' },
    middleViewed: { type: 'boolean' },
    bottomViewed: { type: 'boolean' },
    durationSeconds: nullable({ type: 'integer' }),
  }),
  Pagination: obj({ total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } }),
  Deleted: obj({ success: { const: true }, message: str }),
  DashboardStats: obj(
    {
      role: { enum: [...ROLES] },
      totalUsers: { type: 'integer', description: 'Admins and super-admins only' },
      totalArticles: { type: 'integer' },
      publishedArticles: { type: 'integer' },
      publishedToday: { type: 'integer', description: 'Published since midnight UTC' },
      pendingReview: { type: 'integer', description: 'Drafts' },
      myArticles: { type: 'integer' },
      myDrafts: { type: 'integer' },
      myComments: { type: 'integer', description: "Comments on the caller's articles" },
      totalComments: { type: 'integer' },
      totalViews: { type: 'integer' },
      publishedBreakingNews: { type: 'integer' },
    },
    ['totalUsers'],
  ),
  ActivityEvent: obj(
    {
      type: { enum: ['article', 'comment', 'breaking-news'] },
      action: { enum: ['created', 'published', 'posted'] },
      id,
      title: { type: 'string', description: 'Article title or headline (for a comment: its article)' },
      actor: { type: 'string', description: 'Name of the author or commenter' },
      at: time,
      articleId: { ...id, description: 'Comments only' },
    },
    ['articleId'],
  ),
};

/**
 * A JSON Schema for a `returns` text when it is written in the small type language the routes use:
 * a schema name, `X[]`, `Page<X>`, or an object literal of such fields (`{ success, data: X[] }`).
 * Anything else (prose) gives undefined and the reference shows the text alone.
 */
export function schemaForReturns(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    const p = new TypeParser(text.trim());
    const schema = p.type();
    // A trailing note in parentheses is prose for the reader: `{ message, token, user: PublicUser } (role user)`.
    return p.done() || /^\s*\(.*\)\s*$/.test(p.rest()) ? schema : undefined;
  } catch {
    return undefined;
  }
}

/** Fields written without a type (`{ success, message }`) whose type the name makes plain. */
const UNTYPED_FIELDS: Record<string, unknown> = {
  success: { type: 'boolean' },
  verified: { type: 'boolean' },
  message: { type: 'string' },
  token: { type: 'string', description: 'Bearer token (JWT)' },
  total: { type: 'integer' },
  limit: { type: 'integer' },
  offset: { type: 'integer' },
  page: { type: 'integer' },
  views: { type: 'integer' },
  totalViews: { type: 'integer' },
  id,
  articleId: id,
  title: str,
};

class TypeParser {
  private i = 0;
  constructor(private readonly s: string) {}

  rest(): string {
    return this.s.slice(this.i);
  }

  done(): boolean {
    this.space();
    return this.i === this.s.length;
  }

  type(): unknown {
    const options = [this.postfix()];
    while (this.eat('|')) options.push(this.postfix());
    const quoted = options.map((o) => (o as { quoted?: string }).quoted);
    if (quoted.every((q) => q !== undefined)) {
      // "image" | "video" is an enum; a lone "YYYY-MM-DD" or "/uploads/<name>" shows the form of a string.
      return options.length === 1 ? { type: 'string', description: `e.g. ${quoted[0]}` } : { enum: quoted };
    }
    return options.length === 1
      ? options[0]
      : { anyOf: options.map((o) => ('quoted' in (o as object) ? { const: (o as { quoted: string }).quoted } : o)) };
  }

  private postfix(): unknown {
    let t = this.primary();
    while (this.eat('[]')) t = { type: 'array', items: t };
    return t;
  }

  private primary(): unknown {
    this.space();
    if (this.eat('{')) return this.object();
    if (this.eat('(')) {
      const t = this.type();
      this.expect(')');
      return t;
    }
    const quoted = /^"([^"]*)"/.exec(this.s.slice(this.i));
    if (quoted) {
      this.i += quoted[0].length;
      return { quoted: quoted[1] };
    }
    const name = this.word();
    if (name === 'true' || name === 'false') return { const: name === 'true' };
    if (name === 'null') return { type: 'null' };
    if (name === 'Page' && this.eat('<')) {
      const item = this.type();
      this.expect('>');
      return obj({ data: { type: 'array', items: item }, pagination: ref('Pagination') });
    }
    if (!(name in WIRE_SCHEMAS)) throw new Error(`unknown type ${name}`);
    let t: unknown = ref(name);
    while (this.eat('&')) {
      const extra = this.primary();
      t = { allOf: [t, extra] };
    }
    return t;
  }

  private object(): unknown {
    const properties: Record<string, unknown> = {};
    while (!this.eat('}')) {
      const key = this.word();
      properties[key] = this.eat(':') ? this.type() : (UNTYPED_FIELDS[key] ?? {});
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
    }
    return obj(properties);
  }

  private word(): string {
    this.space();
    const m = /^[A-Za-z_][\w-]*/.exec(this.s.slice(this.i));
    if (!m) throw new Error(`expected a name at ${this.i}`);
    this.i += m[0].length;
    return m[0];
  }

  private eat(token: string): boolean {
    this.space();
    if (!this.s.startsWith(token, this.i)) return false;
    this.i += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.eat(token)) throw new Error(`expected ${token} at ${this.i}`);
  }

  private space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }
}

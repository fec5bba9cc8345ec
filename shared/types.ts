import type { ArticleStatus, BreakingNewsStatus, Role, Section } from './constants';

/** The JSON shapes on the wire (CONTRACT.md §2). Timestamps are ISO 8601 UTC strings. */

/**
 * The resized variants of an uploaded image (URLs from shared/images.ts): the original's intrinsic size
 * and the widths available in every format.
 */
export interface ImageInfo {
  width: number;
  height: number;
  widths: number[];
}

export interface MediaItem {
  id: string;
  type: 'image' | 'video';
  fileUrl: string;
  /** The variants of an image; null for a video and for an image without variants (yet). Always sent by the server. */
  image?: ImageInfo | null;
}

/** An article as lists carry it: everything but the body, which lists do not show (CONTRACT.md §2). */
export interface ArticleListItem {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  /** The variants of `imageUrl`; null when it is external or has none (yet). Always sent by the server. */
  image?: ImageInfo | null;
  author: { id: string; name: string };
  category: { id: string; name: string; slug: string };
  categoryId: string;
  section: Section;
  status: ArticleStatus;
  isStory: boolean;
  isFeatured: boolean;
  isMainStory: boolean;
  storyPriority: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  totalViews: number;
  media: MediaItem[];
  /** Optimistic-concurrency version: send it back with an edit (docs/decisions/020). */
  version: number;
}

/** One article with its body: the single-article call, the staff's list and every write answer with it. */
export interface Article extends ArticleListItem {
  /** Sanitised HTML. */
  content: string;
}

export interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number };
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  articleCount?: number;
  version: number;
}

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  suspended: boolean;
  bio: string | null;
  createdAt: string;
  version: number;
}

export interface Comment {
  id: string;
  content: string;
  articleId: string;
  author: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
  isEdited: boolean;
  parentId: string | null;
  parent: { id: string; content: string; author: { name: string } } | null;
  replies: Comment[];
}

export interface BreakingNews {
  id: string;
  headline: string;
  status: BreakingNewsStatus;
  author: { id: string; name: string; role: Role };
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  version: number;
}

export interface ViewLog {
  id: string;
  articleId: string;
  viewedAt: string;
  percentViewed: number;
  fullyViewed: boolean;
  topViewed: boolean;
  middleViewed: boolean;
  bottomViewed: boolean;
  durationSeconds: number | null;
}

export interface AuthResponse {
  message: string;
  token: string;
  user: PublicUser;
}

export interface ApiErrorBody {
  error: string;
  message: string;
  details?: string[];
}

import type { Article, ImageInfo, MediaItem } from '#shared/types';

/** docs/spec/SPEC.md §9: the image shown when an article has none, or when its image is broken. */
export const PLACEHOLDER_IMAGE = '/public/placeholder.svg';
/** The site logo, the last fallback of the article page's media. */
export const SITE_LOGO = '/logo.svg';

/** `image`: the resized variants of an image, when the server has made them (shared/images.ts). */
export type ChosenMedia = { kind: 'image'; src: string; image?: ImageInfo } | { kind: 'video'; src: string };
type WithMedia = Pick<Article, 'imageUrl' | 'image'> & { media?: MediaItem[] | null };

const nonEmpty = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const firstOf = (media: MediaItem[], type: MediaItem['type']) => media.find((m) => m.type === type && nonEmpty(m.fileUrl));

/** An image with its variants, when it has any (no `image` key otherwise). */
const imageOf = (src: string, image: ImageInfo | null | undefined): ChosenMedia =>
  image ? { kind: 'image', src, image } : { kind: 'image', src };

/**
 * Media of a story card (docs/spec/SPEC.md §2): the first image of the media list; else the first video (small
 * card only); else the single imageUrl; else the placeholder. The hero card looks in the article's own
 * media list first, then in the list passed in (`fallbackMedia`).
 */
export function chooseCardMedia(article: WithMedia, options: { allowVideo?: boolean; fallbackMedia?: MediaItem[] } = {}): ChosenMedia {
  const own = article.media ?? [];
  const media = own.length > 0 ? own : (options.fallbackMedia ?? []);
  const image = firstOf(media, 'image');
  if (image) return imageOf(image.fileUrl, image.image);
  if (options.allowVideo) {
    const video = firstOf(media, 'video');
    if (video) return { kind: 'video', src: video.fileUrl };
  }
  if (nonEmpty(article.imageUrl)) return imageOf(article.imageUrl, article.image);
  return { kind: 'image', src: PLACEHOLDER_IMAGE };
}

/**
 * The sources an image tries in turn when one fails to load: the chosen one, then the article's
 * imageUrl, then the last resort (the placeholder, or the site logo on the article page).
 */
export function imageFallbacks(primary: string, imageUrl: string | null | undefined, lastResort: string = PLACEHOLDER_IMAGE): string[] {
  return [...new Set([primary, imageUrl, lastResort].filter(nonEmpty))];
}

/** What the article page shows (docs/spec/SPEC.md §2): the first media item, else the imageUrl, else nothing. */
export function chooseArticleMedia(article: WithMedia): ChosenMedia | null {
  const first = (article.media ?? []).find((m) => nonEmpty(m.fileUrl));
  if (first) return first.type === 'video' ? { kind: 'video', src: first.fileUrl } : imageOf(first.fileUrl, first.image);
  if (nonEmpty(article.imageUrl)) return imageOf(article.imageUrl, article.image);
  return null;
}

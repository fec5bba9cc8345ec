/**
 * The Content-Type of a stored media file, by the extension of its name: one table for the S3 uploads that
 * label each object and the feeds that announce each article's image.
 */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const lookUp = (table: Record<string, string>, extension: string) => {
  const key = extension.toLowerCase();
  // Own keys only: an extension such as `.constructor` names no type.
  return Object.hasOwn(table, key) ? table[key] : undefined;
};

/** An image's type by its extension (without the dot, any case), or undefined for anything else. */
export const imageTypeOf = (extension: string): string | undefined => lookUp(IMAGE_TYPES, extension);

/** An image's or a video's type by its extension (without the dot, any case), or undefined for anything else. */
export const mediaTypeOf = (extension: string): string | undefined => imageTypeOf(extension) ?? lookUp(VIDEO_TYPES, extension);

/**
 * Resized variants of uploaded images (docs/decisions/023-image-variants.md): the one place that knows
 * their widths, formats and URLs, used by the server that writes them and the client that asks for them.
 *
 * An original `/uploads/<stem>.<ext>` has, for each of its widths, `/uploads/<stem>-<width>w.avif`,
 * `.webp` and `.jpg` next to it.
 */

/** The widths made, never wider than the original (an original narrower than all of them gets its own width). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Best first: a browser takes the first `<source>` whose type it supports; JPEG is the `<img>` fallback. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** An upload of this site, split into folder, stem and extension. */
const ORIGINAL = /^(\/uploads\/)([A-Za-z0-9][A-Za-z0-9._-]*?)(\.[A-Za-z0-9]+)?$/;
/** The name of a variant or a crop: never itself the original of other variants. */
const VARIANT = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*-(\d+w\.(avif|webp|jpg)|\d+x\d+\.jpg)$/;

/**
 * The crops of an original for structured data (issue 24): Google's article guidelines ask for 16:9, 4:3 and
 * 1:1 images at least 1200 px wide. Each is the largest crop of that ratio, cut around the most salient
 * part of the picture, at most CROP_WIDTH wide (narrower when the original is), as JPEG: `/uploads/<stem>-16x9.jpg`.
 */
export const CROP_RATIOS = [
  { width: 16, height: 9 },
  { width: 4, height: 3 },
  { width: 1, height: 1 },
] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];
export const CROP_WIDTH = 1200;

/** The URL of the crop of `url` to `ratio`. */
export function cropUrl(url: string, ratio: CropRatio): string {
  const match = ORIGINAL.exec(url);
  if (!match || VARIANT.test(url)) throw new Error(`Not an uploaded image: ${url}`);
  return `${match[1]}${match[2]}-${ratio.width}x${ratio.height}.jpg`;
}

/** The size of the crop to `ratio` of an original `original.width` x `original.height` px. */
export function cropSize(original: { width: number; height: number }, ratio: CropRatio): { width: number; height: number } {
  const fitted = Math.min(original.width, (original.height * ratio.width) / ratio.height);
  const width = Math.max(1, Math.floor(Math.min(CROP_WIDTH, fitted)));
  return { width, height: Math.max(1, Math.round((width * ratio.height) / ratio.width)) };
}

/** Whether `url` names a variant (`/uploads/<stem>-<width>w.avif|webp|jpg`) or a crop (`/uploads/<stem>-16x9.jpg`). */
export function isVariantUrl(url: string): boolean {
  return VARIANT.test(url);
}

/** Whether `url` is a file of the uploads folder that can have variants (an upload that is not itself a variant). */
export function hasVariantUrls(url: string): boolean {
  return ORIGINAL.test(url) && !VARIANT.test(url);
}

/** The URL of the `width` px wide variant of `url` in `format`. */
export function variantUrl(url: string, width: number, format: VariantFormat): string {
  const match = ORIGINAL.exec(url);
  if (!match || VARIANT.test(url)) throw new Error(`Not an uploaded image: ${url}`);
  return `${match[1]}${match[2]}-${Math.round(width)}w.${EXTENSION[format]}`;
}

/** A `srcset` of the variants of `url` in `format`, narrowest first. */
export function srcSet(url: string, widths: readonly number[], format: VariantFormat): string {
  return [...widths]
    .sort((a, b) => a - b)
    .map((w) => `${variantUrl(url, w, format)} ${Math.round(w)}w`)
    .join(', ');
}

/** The widths to make for an original `width` px wide: the standard ones it reaches, else its own width. */
export function variantWidths(width: number): number[] {
  const reached = VARIANT_WIDTHS.filter((w) => w <= width);
  return reached.length ? reached : [Math.max(1, Math.round(width))];
}

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
/** The name of a variant: never itself the original of other variants. */
const VARIANT = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*-\d+w\.(avif|webp|jpg)$/;

/** Whether `url` names a variant (`/uploads/<stem>-<width>w.avif|webp|jpg`). */
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

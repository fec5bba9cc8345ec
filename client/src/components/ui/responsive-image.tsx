import type { ImgHTMLAttributes, Ref } from 'react';
import { hasVariantUrls, srcSet, variantUrl } from '#shared/images';
import type { ImageInfo } from '#shared/types';

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding'
>;

export interface ResponsiveImageProps extends ImgProps {
  src: string;
  /** The resized variants of `src` (the `image` of an article or media item); null or absent for a plain img. */
  image?: ImageInfo | null;
  alt: string;
  /** How wide the image is shown, as in the `sizes` attribute: what the browser picks a variant by. */
  sizes: string;
  /** Size attributes when `image` is unknown; with `image`, its intrinsic size is used. */
  width?: number;
  height?: number;
  /** The first visible image (LCP): loaded at once with high priority instead of lazily. */
  priority?: boolean;
  ref?: Ref<HTMLImageElement>;
}

/**
 * An image in the best format the browser takes (AVIF, then WebP, then JPEG) at the width it needs, with its
 * intrinsic size so that the page does not shift while it loads (docs/decisions/023-image-variants.md).
 * Pure (the server renders it too): nothing measured, nothing random.
 */
export function ResponsiveImage({ src, image, alt, sizes, width, height, priority = false, ...img }: ResponsiveImageProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  if (!image?.widths.length || !hasVariantUrls(src)) {
    return (
      <img
        // An empty src would make the browser fetch the page itself.
        src={src || undefined}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        {...img}
      />
    );
  }
  const widest = Math.max(...image.widths);
  return (
    // `contents`: the picture adds no box, so the img sizes itself in its frame as a plain img would.
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(src, image.widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, image.widths, 'webp')} sizes={sizes} />
      <img
        src={variantUrl(src, widest, 'jpeg')}
        srcSet={srcSet(src, image.widths, 'jpeg')}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        {...img}
      />
    </picture>
  );
}

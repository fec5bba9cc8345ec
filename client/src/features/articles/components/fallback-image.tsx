import { useState } from 'react';
import type { ImageInfo } from '#shared/types';
import { ResponsiveImage } from '#client/components/ui/responsive-image';
import { cn } from '#client/lib/cn';

interface FallbackImageProps {
  /** Sources tried in turn when one fails to load (lib/media.ts imageFallbacks). */
  sources: string[];
  /** The resized variants of the first source, when it has any. */
  image?: ImageInfo | null;
  /** How wide the image is shown (the `sizes` attribute), for choosing among the variants. */
  sizes?: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load at once with high priority; the rest lazy-load. */
  eager?: boolean;
}

function Inner({ sources, image, sizes = '100vw', alt, width, height, className, eager }: FallbackImageProps) {
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const src = sources[Math.min(index, sources.length - 1)] ?? '';
  const failed = () => {
    if (index < sources.length - 1) setIndex(index + 1);
    else setLoaded(true);
  };
  return (
    <ResponsiveImage
      src={src}
      // Once the first source has failed, its variants are no help: the next sources are plain images.
      image={index === 0 ? image : null}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      priority={eager}
      ref={(img) => {
        if (!img?.complete || !img.getAttribute('src')) return;
        // A server-rendered image may have failed before React listened: finished with no size is that failure.
        if (img.naturalWidth > 0) setLoaded(true);
        else failed();
      }}
      onLoad={() => setLoaded(true)}
      onError={failed}
      // For the island that does the same on a page that is not hydrated (islands/images.ts): the sources left.
      data-fallbacks={JSON.stringify(sources.slice(index + 1))}
      className={cn('bg-slate-200 object-cover', !loaded && 'animate-pulse', className)}
    />
  );
}

/** An image with a loading skeleton that falls back along `sources` when one is broken (docs/spec/SPEC.md §4). */
export function FallbackImage(props: FallbackImageProps) {
  return <Inner key={props.sources.join('|')} {...props} />;
}

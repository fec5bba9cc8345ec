import { useState } from 'react';
import { cn } from '../../../lib/cn';

interface FallbackImageProps {
  /** Sources tried in turn when one fails to load (lib/media.ts imageFallbacks). */
  sources: string[];
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load at once with high priority; the rest lazy-load. */
  eager?: boolean;
}

function Inner({ sources, alt, width, height, className, eager }: FallbackImageProps) {
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const src = sources[Math.min(index, sources.length - 1)];
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      ref={(img) => {
        if (img?.complete && img.naturalWidth > 0) setLoaded(true);
      }}
      onLoad={() => setLoaded(true)}
      onError={() => {
        if (index < sources.length - 1) setIndex(index + 1);
        else setLoaded(true);
      }}
      className={cn('bg-slate-200 object-cover', !loaded && 'animate-pulse', className)}
    />
  );
}

/** An image with a loading skeleton that falls back along `sources` when one is broken (SPEC.md §4). */
export function FallbackImage(props: FallbackImageProps) {
  return <Inner key={props.sources.join('|')} {...props} />;
}

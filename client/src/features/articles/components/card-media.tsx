import { useState } from 'react';
import type { Article, MediaItem } from '#shared/types';
import { PlayIcon } from '#client/components/ui/icons';
import { cn } from '#client/lib/cn';
import { chooseCardMedia, imageFallbacks } from '../lib/media';
import { FallbackImage } from './fallback-image';

interface CardMediaProps {
  article: Pick<Article, 'imageUrl' | 'image' | 'media' | 'title'>;
  /** Small cards may show a video preview; the hero may not. */
  allowVideo?: boolean;
  fallbackMedia?: MediaItem[];
  /** Aspect and size classes of the frame. */
  className?: string;
  alt?: string;
  eager?: boolean;
  width?: number;
  height?: number;
  /** How wide the frame is on the page (the `sizes` attribute). */
  sizes?: string;
}

/** The picture of a card: image, or a muted video preview with a play icon (docs/spec/SPEC.md §2, §4). */
export function CardMedia({
  article,
  allowVideo,
  fallbackMedia,
  className,
  alt = '',
  eager,
  width = 800,
  height = 600,
  sizes = '100vw',
}: CardMediaProps) {
  const chosen = chooseCardMedia(article, { allowVideo, fallbackMedia });
  const [videoFailed, setVideoFailed] = useState(false);
  const frame = cn('relative overflow-hidden bg-slate-200', className);
  if (chosen.kind === 'video' && !videoFailed) {
    return (
      <div className={frame}>
        <video
          src={chosen.src}
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
          onError={() => setVideoFailed(true)}
          className="h-full w-full object-cover"
        />
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="rounded-full bg-black/60 p-3 text-white">
            <PlayIcon width={24} height={24} />
          </span>
        </span>
        <span className="sr-only">Video</span>
      </div>
    );
  }
  const [primary, image] = chosen.kind === 'image' ? [chosen.src, chosen.image] : [article.imageUrl ?? '', article.image];
  return (
    <div className={frame}>
      <FallbackImage
        sources={imageFallbacks(primary, article.imageUrl)}
        image={image}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        eager={eager}
        className="h-full w-full"
      />
    </div>
  );
}

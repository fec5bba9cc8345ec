import type { ArticleListItem } from '#shared/types';
import { SITE_LOGO, chooseArticleMedia, imageFallbacks } from '../lib/media';
import { FallbackImage } from './fallback-image';

/**
 * The article page's media (docs/spec/SPEC.md §2): the first media item, a video with controls or an image that
 * falls back to the article's image and then the site logo; 16:9, at most 320 px high. The page's first
 * visible image: loaded at once with high priority.
 */
export function ArticleMedia({ article }: { article: ArticleListItem }) {
  const chosen = chooseArticleMedia(article);
  const frame = 'mx-auto aspect-video w-full max-w-[569px] overflow-hidden rounded-lg bg-slate-100';
  if (!chosen) {
    return (
      <div className={`${frame} flex items-center justify-center border border-dashed border-slate-300 text-slate-600`}>
        <p>No media uploaded</p>
      </div>
    );
  }
  if (chosen.kind === 'video') {
    return (
      <div className={frame}>
        <video
          src={chosen.src}
          controls
          playsInline
          preload="metadata"
          className="h-full w-full bg-black"
          aria-label={`Video: ${article.title}`}
        />
      </div>
    );
  }
  return (
    <div className={frame}>
      <FallbackImage
        sources={imageFallbacks(chosen.src, article.imageUrl, SITE_LOGO)}
        image={chosen.image}
        // The frame: at most 569 px wide, else the page's width less its 1 rem margins.
        sizes="(min-width: 601px) 569px, calc(100vw - 2rem)"
        alt={article.title}
        width={1200}
        height={675}
        eager
        className="h-full w-full"
      />
    </div>
  );
}

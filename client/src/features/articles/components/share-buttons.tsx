import type { Article } from '#shared/types';
import { FacebookIcon, LinkIcon, LinkedInIcon, TwitterIcon } from '#client/components/ui/icons';
import { cn } from '#client/lib/cn';
import { COPIED, copyText } from '../lib/copy-text';
import { shareOnPhone } from '../lib/mobile-share';
import { shareLinks } from '../lib/share';
import { useSiteOrigin } from '#client/lib/site';

/** The networks an article is shared on: the key of its link, its name, its colour and its mark. */
const NETWORKS = [
  ['facebook', 'Facebook', 'bg-[#1877f2]', FacebookIcon],
  ['twitter', 'Twitter', 'bg-black', TwitterIcon],
  ['linkedin', 'LinkedIn', 'bg-[#0a66c2]', LinkedInIcon],
] as const;

const itemClass = 'inline-flex h-10 w-10 items-center justify-center rounded-full text-white transition-opacity hover:opacity-85';

/**
 * Share on Facebook, Twitter and LinkedIn through the share page, or copy the link (docs/spec/SPEC.md §2, §4). The
 * three networks are plain links that work with JavaScript off; on a phone a press opens the share sheet, or the
 * network's app with the web page as its fallback (lib/mobile-share.ts). Copying needs JavaScript, and says so in
 * its place.
 */
export function ShareButtons({ article }: { article: Pick<Article, 'id' | 'title'> }) {
  const links = shareLinks(useSiteOrigin(), article);
  return (
    // The data attributes are for the island that does the same on a page that is not hydrated (islands/share.ts).
    <div className="flex flex-wrap items-center gap-2" data-share="" data-article-id={article.id} data-article-title={article.title}>
      <span className="text-sm font-semibold text-slate-700">Share:</span>
      {NETWORKS.map(([network, name, colour, NetworkIcon]) => (
        <a
          key={network}
          href={links[network]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${name}`}
          data-network={network}
          className={`${itemClass} ${colour}`}
          onClick={(e) => {
            if (shareOnPhone(network, links, article.title)) e.preventDefault();
          }}
        >
          <NetworkIcon />
        </a>
      ))}
      <button
        type="button"
        aria-label="Copy link"
        data-copy-link=""
        className={cn(itemClass, 'bg-slate-700 noscript:hidden')}
        onClick={async () => {
          await copyText(links.article);
          window.alert(COPIED);
        }}
      >
        <LinkIcon />
      </button>
      <noscript>
        <span className="text-sm text-slate-600">Turn on JavaScript to copy the link, or copy it from the address bar.</span>
      </noscript>
    </div>
  );
}

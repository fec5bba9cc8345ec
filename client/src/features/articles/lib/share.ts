import type { Article } from '#shared/types';
import * as apiPaths from '#client/config/api-paths';
import { paths } from '#client/config/paths';

export interface ShareLinks {
  share: string;
  article: string;
  facebook: string;
  twitter: string;
  linkedin: string;
}

/**
 * Share targets (docs/spec/SPEC.md §2): the social networks get the server's share page, whose meta tags make the
 * preview and which sends people on to the article; 'copy link' copies the article's own address.
 */
export function shareLinks(origin: string, article: Pick<Article, 'id' | 'title'>): ShareLinks {
  const share = `${origin}${apiPaths.articles.share(article.id)}`;
  const u = encodeURIComponent(share);
  return {
    share,
    article: `${origin}${paths.article(article.id)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(article.title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}

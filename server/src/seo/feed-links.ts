import { categoryFeedUrl, SITE_NAME, siteFeedUrl } from './site';

/** One `<link rel="alternate" type="application/rss+xml" title href>` of a page head. */
export interface FeedLink {
  rel: 'alternate';
  type: 'application/rss+xml';
  title: string;
  href: string;
}

/** A feed's channel title: the publication's, or the publication's and the category's. */
export const feedTitle = (category?: { name: string }) => (category ? `${SITE_NAME}: ${category.name}` : SITE_NAME);

/**
 * The feeds a reader page announces in its head: the site's feed on every page, and on a category page
 * (or an article page, with the article's category) that category's feed too. Values are raw text: the
 * page head builder escapes them.
 */
export function feedLinks(publicUrl: string, category?: { name: string; slug: string }): FeedLink[] {
  const link = (title: string, href: string): FeedLink => ({ rel: 'alternate', type: 'application/rss+xml', title, href });
  const links = [link(feedTitle(), siteFeedUrl(publicUrl))];
  if (category) links.push(link(feedTitle(category), categoryFeedUrl(publicUrl, category.slug)));
  return links;
}

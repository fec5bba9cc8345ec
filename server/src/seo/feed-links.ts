import { authorFeedUrl, authorUrl, categoryFeedUrl, categoryUrl, homeUrl, siteFeedUrl, type Publication } from './site';

/** One `<link rel="alternate" type="application/rss+xml" title href>` of a page head. */
export interface FeedLink {
  rel: 'alternate';
  type: 'application/rss+xml';
  title: string;
  href: string;
}

/** What a feed besides the site's is of: one category's articles, or one author's. */
export type FeedScope = { category: { name: string; slug: string } } | { author: { name: string; slug: string } };

/** A feed's channel: its title (the publication's, or the publication's and the category's or author's), page, own address and description. */
export function feedChannel({ publicUrl, name: siteName }: Publication, scope?: FeedScope) {
  if (scope && 'author' in scope) {
    const { name, slug } = scope.author;
    return {
      title: `${siteName}: ${name}`,
      link: authorUrl(publicUrl, slug),
      self: authorFeedUrl(publicUrl, slug),
      description: `The latest stories by ${name} from ${siteName}`,
    };
  }
  if (scope) {
    const { name, slug } = scope.category;
    return {
      title: `${siteName}: ${name}`,
      link: categoryUrl(publicUrl, slug),
      self: categoryFeedUrl(publicUrl, slug),
      description: `The latest ${name} stories from ${siteName}`,
    };
  }
  return { title: siteName, link: homeUrl(publicUrl), self: siteFeedUrl(publicUrl), description: `The latest stories from ${siteName}` };
}

/**
 * The feeds a reader page announces in its head: the site's feed on every page, and on a category page (or an
 * article page, with the article's category) or an author page that category's or author's feed too. Values are raw
 * text: the page head builder escapes them.
 */
export function feedLinks(site: Publication, scope?: FeedScope): FeedLink[] {
  const link = ({ title, self }: { title: string; self: string }): FeedLink => ({
    rel: 'alternate',
    type: 'application/rss+xml',
    title,
    href: self,
  });
  return [link(feedChannel(site)), ...(scope ? [link(feedChannel(site, scope))] : [])];
}

import FeedParser from 'feedparser';
import { Parser as HtmlParser } from 'htmlparser2';
import RssParser from 'rss-parser';

/**
 * Two third-party feed parsers over one feed, as feed readers use them (issue 24): feedparser (the parser of many
 * Node readers) and rss-parser. Both take a title or a description for HTML (feedparser strips its tags, rss-parser's
 * snippets too), so what a reader shows is that HTML's text: `shownAsHtml`.
 */

/** The text a reader shows for HTML: tags dropped, entities decoded (htmlparser2, as a browser would read it). */
export function shownAsHtml(html: string): string {
  let text = '';
  const parser = new HtmlParser({ ontext: (chunk) => (text += chunk) }, { decodeEntities: true });
  parser.end(html);
  return text;
}

/** One feed as a reader shows it: the channel, its logo, and each item's text, link and enclosure. */
export interface ReadFeed {
  title: string;
  description: string;
  link: string;
  image: { url: string; title: string; link: string } | null;
  items: { title: string; description: string; link: string; enclosure: { url: string; length: string; type: string } | null }[];
}

export async function readWithFeedparser(xml: string): Promise<ReadFeed> {
  const parser = new FeedParser({});
  const items: FeedParser.Item[] = [];
  const meta = await new Promise<FeedParser.Meta>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('readable', () => {
      for (let item = parser.read() as FeedParser.Item | null; item; item = parser.read() as FeedParser.Item | null) items.push(item);
    });
    parser.on('end', () => resolve(parser.meta));
    parser.end(xml);
  });
  const image = meta.image as Partial<FeedParser.Image>;
  // feedparser keeps the image's link only in the raw element it also hands over.
  const rawImage = (meta as unknown as Record<string, { link?: { '#'?: string } } | undefined>)['rss:image'];
  return {
    title: shownAsHtml(meta.title),
    description: shownAsHtml(meta.description),
    link: meta.link,
    image: image?.url ? { url: image.url, title: shownAsHtml(image.title ?? ''), link: rawImage?.link?.['#'] ?? '' } : null,
    items: items.map((item) => {
      const enclosure = item.enclosures[0];
      return {
        title: shownAsHtml(item.title),
        description: shownAsHtml(item.description),
        link: item.link,
        enclosure: enclosure ? { url: enclosure.url, length: String(enclosure.length ?? ''), type: enclosure.type ?? '' } : null,
      };
    }),
  };
}

export async function readWithRssParser(xml: string): Promise<ReadFeed> {
  const feed = await new RssParser().parseString(xml);
  return {
    title: shownAsHtml(feed.title ?? ''),
    description: shownAsHtml(feed.description ?? ''),
    link: feed.link ?? '',
    image: feed.image?.url ? { url: feed.image.url, title: shownAsHtml(feed.image.title ?? ''), link: feed.image.link ?? '' } : null,
    items: feed.items.map((item) => ({
      title: shownAsHtml(item.title ?? ''),
      // rss-parser's own reading of the description as HTML.
      description: item.contentSnippet ?? '',
      link: item.link ?? '',
      enclosure: item.enclosure
        ? { url: item.enclosure.url, length: String(item.enclosure.length ?? ''), type: item.enclosure.type ?? '' }
        : null,
    })),
  };
}

/** The feed as both parsers read it; they must agree, so a test states what it expects once. */
export async function readFeed(xml: string): Promise<{ feedparser: ReadFeed; rssParser: ReadFeed }> {
  return { feedparser: await readWithFeedparser(xml), rssParser: await readWithRssParser(xml) };
}

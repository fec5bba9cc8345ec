import { truncateOnWord } from '../lib/text';
import { SHARE_IMAGE } from './share-image';
import { SITE_LOCALE, type Publication } from '../seo/site';

/** Share preview text length (docs/spec/SPEC.md §9). */
export const SHARE_DESCRIPTION_MAX = 150;

/**
 * The article's teaser wherever one is shown outside its page (docs/decisions/045-one-teaser-and-feed-text.md): the
 * editor's summary, cut at a word with an ellipsis to the share preview's 150 characters; the title when the summary
 * is blank. The article page's meta description, the share page and the JSON-LD all say this, so one story has one
 * teaser.
 */
export const articleTeaser = (article: { summary: string; title: string }) =>
  truncateOnWord(article.summary, SHARE_DESCRIPTION_MAX) || truncateOnWord(article.title, SHARE_DESCRIPTION_MAX);

export interface SharePageArticle {
  id: string;
  title: string;
  summary: string;
  /** Every writer, the author first (docs/decisions/064-co-authors.md): one `article:author` each. */
  authors: string[];
  section: string;
  /** Named by `article:section`, as the article page's JSON-LD names it in `articleSection`. */
  category: string;
  publishedAt: Date | null;
  updatedAt: Date;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The page social networks read (Open Graph and Twitter card tags) and that sends people on to the
 * article in the app. No script (the CSP forbids inline scripts): a meta refresh and a visible link.
 */
/** The 1200x630 preview GET /api/articles/share/:id/image.jpg renders, versioned by the article's last change. */
export function shareImageUrl(publicUrl: string, id: string, updatedAt: Date | string): string {
  const version = new Date(updatedAt).getTime();
  return `${publicUrl}/api/articles/share/${encodeURIComponent(id)}/image.jpg${Number.isNaN(version) ? '' : `?v=${version}`}`;
}

export function renderSharePage(article: SharePageArticle, { publicUrl, name: siteName }: Publication): string {
  const articlePath = `/article/${article.id}`;
  const url = `${publicUrl}${articlePath}`;
  const image = shareImageUrl(publicUrl, article.id, article.updatedAt);
  const description = articleTeaser(article);
  const pageTitle = `${article.title} | ${siteName}`;
  const meta = (attr: 'property' | 'name', key: string, value: string) => `    <meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', SITE_LOCALE),
    meta('property', 'og:title', article.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', article.title),
    ...article.authors.map((name) => meta('property', 'article:author', name)),
    ...(article.publishedAt ? [meta('property', 'article:published_time', article.publishedAt.toISOString())] : []),
    meta('property', 'article:modified_time', article.updatedAt.toISOString()),
    meta('property', 'article:section', article.category),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', article.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(pageTitle)}</title>
${tags.join('\n')}
    <link rel="canonical" href="${escapeHtml(url)}">
    <meta http-equiv="refresh" content="0; url=${escapeHtml(articlePath)}">
  </head>
  <body>
    <main>
      <h1>${escapeHtml(article.title)}</h1>
      <p>${escapeHtml(description)}</p>
      <p><a href="${escapeHtml(articlePath)}">Read the full article on ${escapeHtml(siteName)}</a></p>
    </main>
  </body>
</html>
`;
}

/** Shown for an unknown or unpublished article: a page, since people open this address in a browser. */
export function renderShareNotFound(siteName: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Article Not Found | ${escapeHtml(siteName)}</title>
  </head>
  <body>
    <main>
      <h1>Article Not Found</h1>
      <p><a href="/">Go Back Home</a></p>
    </main>
  </body>
</html>
`;
}

import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { LIMITS } from '#shared/constants';
import { UPLOAD_PATH } from '#shared/schemas/articles';
import { validationFailed } from './errors';

/**
 * Hosts whose video players may be embedded. Kept in step with EMBED_FRAME_HOSTS (the CSP frame-src in
 * app.ts); a test compares the two. Not imported from app.ts, which imports the routes that use this file.
 */
export const EMBED_HOSTNAMES = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'];

const isHttpUrl = (src: string) => /^https?:\/\//i.test(src);

/**
 * The allowlist for article bodies (docs/spec/CONTRACT.md §4): the tags the dashboard editor produces, links and
 * images with safe schemes, and frames only from the video hosts of EMBED_FRAME_HOSTS. Everything else,
 * event handlers, styles and `javascript:` URLs included, is dropped.
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'figure',
    'figcaption',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTNAMES,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel, ...rest } = attribs;
      // Only a new tab is a meaningful target; it must not hand the opener to the linked page.
      if (target === '_blank') return { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } };
      return { tagName, attribs: rel ? { ...rest, rel } : rest };
    },
    img: (tagName, attribs) => {
      // Images come from the web (http/https) or from this site's uploads, nowhere else.
      const kept = Object.entries(attribs).flatMap(([name, value]): [string, string][] => {
        if (name !== 'src') return [[name, value]];
        const src = value.trim();
        return isHttpUrl(src) || UPLOAD_PATH.test(src) ? [[name, src]] : [];
      });
      return { tagName, attribs: Object.fromEntries(kept) };
    },
  },
  // An image or frame whose source was refused is removed rather than left empty.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/**
 * What an article body may hold before any sanitiser or text extraction runs on it. sanitize-html (and
 * the parser beneath it) costs about 20 µs per element and, once elements nest deeply, time that grows
 * with the square of the depth: 160,000 nested <b> (480 kB) took 18 s. A long, richly formatted feature
 * has a few thousand elements nested a dozen deep.
 */
export const ARTICLE_HTML_LIMITS = { maxElements: 5_000, maxDepth: 40 } as const;

class TooComplex extends Error {}

/**
 * Refuses (400) markup past ARTICLE_HTML_LIMITS. The same parser as sanitize-html's counts the elements
 * it opens and the depth of its stack (implied closes included) and stops at the first excess, so the
 * check itself stays linear and small.
 */
export function requireBoundedHtml(html: string): void {
  const { maxElements, maxDepth } = ARTICLE_HTML_LIMITS;
  let depth = 0;
  let elements = 0;
  const parser = new Parser({
    onopentag() {
      elements += 1;
      depth += 1;
      if (elements > maxElements)
        throw new TooComplex(`Content must have at most ${maxElements} HTML elements (tags); split it or simplify its formatting`);
      if (depth > maxDepth) throw new TooComplex(`Content must not nest HTML elements more than ${maxDepth} levels deep`);
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
  } catch (err) {
    if (err instanceof TooComplex) throw validationFailed([err.message]);
    throw err;
  }
}

/** Sanitises an article body for storage; 400 when the markup is past ARTICLE_HTML_LIMITS. */
export function sanitizeArticleHtml(html: string): string {
  requireBoundedHtml(html);
  return sanitizeHtml(html, ARTICLE_HTML).trim();
}

/**
 * A body as stored (an article's, a page's): sanitised, not empty once unsafe markup is gone, and within the size limit
 * as stored too (sanitising closes every open tag and escapes text, so it can more than double a body).
 */
export function cleanBody(html: string): string {
  const clean = sanitizeArticleHtml(html);
  if (!clean) throw validationFailed(['content: nothing is left once unsafe markup is removed']);
  if (Buffer.byteLength(clean, 'utf8') > LIMITS.contentMaxBytes)
    throw validationFailed([
      `Content must be at most ${LIMITS.contentMaxBytes / 1000} kB as stored, once its tags are closed and its text escaped`,
    ]);
  return clean;
}

import type { RequestHandler } from 'express';

/** Paths that are not pages, feeds or sitemaps: the API, files and probes keep their own rules. */
const NOT_PAGES = /^\/(api|uploads|assets|healthz|readyz)(\/|$)/;

/** The first segments of the reader's addresses, feeds and sitemaps, which are written in lower case. */
const FIRST_SEGMENT = /^\/(article|category|news|author|corrections|search|newsletters|auth|dashboard|rss\.xml|sitemap\.xml|sitemaps|robots\.txt)(?=\/|$)/i;

/**
 * The canonical path of `path`, or null when it is canonical already (or is not ours to rewrite): `/index.html` is
 * `/`, a trailing slash (any number of them) goes from every page, feed and sitemap but the home page, and the first
 * segment is in lower case (`/Article/…` is `/article/…`; what follows is the page's to judge, as a category's slug
 * is). A path that starts with `//` (or `/\`, which browsers read alike) is never rewritten: it names no page, and is
 * left to answer 404.
 */
export function canonicalPath(path: string): string | null {
  if (path === '/' || NOT_PAGES.test(path) || /^\/[/\\]/.test(path)) return null;
  let canonical = path.replace(/\/+$/, '') || '/';
  if (canonical === '/index.html') canonical = '/';
  canonical = canonical.replace(FIRST_SEGMENT, (segment) => segment.toLowerCase());
  return canonical === path ? null : canonical;
}

/**
 * One address per page, feed and sitemap (issue 24, defect 5; docs/decisions/046-one-address-and-last-modified.md):
 * every other spelling answers 301 to it, with the request's query string. The Location is absolute from PUBLIC_URL,
 * so no path can turn it into an address on another site.
 */
export function canonicalPaths(publicUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const canonical = canonicalPath(req.path);
    if (canonical === null) return next();
    const at = req.originalUrl.indexOf('?');
    res.redirect(301, `${publicUrl}${canonical}${at === -1 ? '' : req.originalUrl.slice(at)}`);
  };
}

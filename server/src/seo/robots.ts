import { newsSitemapUrl, sitemapIndexUrl } from './site';

/**
 * robots.txt: everything readable, except the staff dashboard, the sign-in screens and the API. The share
 * pages live under /api but are made for link-preview crawlers (some of which obey robots.txt): the longer
 * Allow wins over the shorter Disallow (RFC 9309). A rule is a path prefix, so `/auth` covers the author pages too
 * (`/author/...`): their Allow takes them back.
 */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/articles/share/',
    'Allow: /author/',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /api/',
    '',
    `Sitemap: ${sitemapIndexUrl(publicUrl)}`,
    `Sitemap: ${newsSitemapUrl(publicUrl)}`,
    '',
  ].join('\n');
}

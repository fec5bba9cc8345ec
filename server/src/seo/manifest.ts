import type { Site } from '#shared/types';

/** Home screens show about 12 characters under an icon: the name's first word, or the name cut there. */
const SHORT_NAME_MAX = 12;

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) of the site, from its settings: its name and description,
 * the accent colour as the browser's theme, and the site's icons (client/public). Reading the site in a browser
 * stays what it is; a phone's "Add to Home Screen" gets the newsroom's name.
 */
export function webManifest(site: Pick<Site, 'name' | 'description' | 'accentColor'>) {
  const first = site.name.split(' ')[0] ?? site.name;
  const shortName = site.name.length <= SHORT_NAME_MAX ? site.name : first.slice(0, SHORT_NAME_MAX);
  return {
    name: site.name,
    short_name: shortName,
    description: site.description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.accentColor,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/logo.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}

import { cropSize } from '#shared/images';
import type { Site } from '#shared/types';
import { squareIcon } from '../reader/head';

/** Home screens show about 12 characters under an icon: the name's first word, or the name cut there. */
const SHORT_NAME_MAX = 12;

/** The built-in icons (client/public). */
const BUILT_IN_ICONS = [
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  { src: '/logo.png', sizes: '512x512', type: 'image/png' },
];

/** The site's own icon as the manifest lists it: its square crop and that crop's size, once made. */
function ownIcon(icon: NonNullable<Site['icon']>) {
  const side = icon.crops && icon.width ? cropSize(icon, { width: 1, height: 1 }).width : 0;
  return { src: squareIcon(icon), ...(side ? { sizes: `${side}x${side}` } : {}), ...(icon.crops ? { type: 'image/jpeg' } : {}), purpose: 'any' };
}

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) of the site, from its settings: its name and description,
 * the accent colour as the browser's theme, and its icon (or the built-in ones). Reading the site in a browser stays
 * what it is; a phone's "Add to Home Screen" gets the newsroom's name and icon.
 */
export function webManifest(site: Pick<Site, 'name' | 'description' | 'accentColor' | 'icon'>) {
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
    icons: site.icon ? [ownIcon(site.icon)] : BUILT_IN_ICONS,
  };
}

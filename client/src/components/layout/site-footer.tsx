import { Link } from '#client/components/ui/link';
import { SOCIAL_NETWORKS, type SocialNetwork } from '#shared/schemas/settings';
import type { Category, Site } from '#shared/types';
import { SiteBrand } from './site-brand';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { FacebookIcon, InstagramIcon, LinkedInIcon, TwitterIcon } from '../ui/icons';

const ICONS: Record<SocialNetwork, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  twitter: TwitterIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
};

/**
 * The newsroom's accounts (site settings), in the networks' order; an install that set none links to the networks'
 * home pages, as the footer always did (docs/decisions/056-site-settings.md).
 */
function socialLinks(social: Site['social']) {
  const own = SOCIAL_NETWORKS.filter(({ key }) => social[key]);
  return (own.length ? own : SOCIAL_NETWORKS).map(({ key, name, home }) => ({ name, href: social[key] || home, Icon: ICONS[key] }));
}

const QUICK_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'Sports', to: paths.section('sports') },
  { label: 'Editorials & Opinions', to: paths.section('editorials') },
  { label: 'Business', to: paths.section('business') },
  { label: 'Technology', to: paths.section('technology') },
];

const linkClass = 'text-sm text-slate-300 hover:text-white hover:underline';

/**
 * The footer (docs/spec/SPEC.md §2): blurb, social links, quick links, categories, contact and the copyright year; the
 * name, blurb (the tagline), accounts, contact and the footer menu (after the quick links: the published pages unless
 * the settings choose others) are the site settings'.
 */
export function SiteFooter({ categories, site }: { categories: Category[]; site: Site }) {
  // The server and the hydrating render agree on the UTC year; the reader's own year follows at once.
  const now = new Date();
  const year = useHydrated() ? now.getFullYear() : now.getUTCFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="font-serif text-2xl font-bold break-words text-white">
            <SiteBrand name={site.name} accent="text-brand-on-dark" />
          </p>
          {site.tagline && <p className="text-sm leading-relaxed">{site.tagline}</p>}
          <ul className="flex gap-3" aria-label="Social media">
            {socialLinks(site.social).map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={name}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 hover:bg-slate-700 hover:text-white"
                >
                  <Icon width={18} height={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-semibold tracking-wider text-white uppercase">
            Quick Links
          </h2>
          <ul className="space-y-2">
            {QUICK_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            {site.menus.footer.map((l) => (
              <li key={`${l.kind}:${l.id}`}>
                <Link to={l.path} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Named apart from the header's 'Categories' navigation: two landmarks of one name cannot be told apart. */}
        <nav id="footer-categories" aria-label="Categories (footer)">
          <h2 className="mb-3 text-sm font-semibold tracking-wider text-white uppercase">Categories</h2>
          <ul className="grid grid-cols-2 gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={paths.category(c.slug)} className={linkClass}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <address className="space-y-2 text-sm break-words not-italic">
            {site.address && <p>{site.address}</p>}
            {site.email && (
              <p>
                <a href={`mailto:${site.email}`} className={linkClass}>
                  {site.email}
                </a>
              </p>
            )}
            {site.phone && <p>{site.phone}</p>}
          </address>
          {/* Where readers find what the newsroom corrected (docs/decisions/062-corrections.md). */}
          <p className="mt-3">
            <Link to={paths.corrections} className={linkClass}>
              Corrections
            </Link>
          </p>
          {/* docs/decisions/069-newsletters.md */}
          <p className="mt-1">
            <Link to={paths.newsletters} className={linkClass}>
              Newsletters
            </Link>
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* A page rendered in one year and hydrated in the next differs here alone: the text is corrected after hydration. */}
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400" suppressHydrationWarning>
          {`© ${year}${site.name ? ` ${site.name}` : ''}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}

/**
 * The <head> tags of a reader page rendered on the server (issue 10: per-page head and structured data).
 *
 * After rendering a page the server knows what it rendered and with which data; `buildHead` turns that into
 * the tags crawlers, feed readers and link previews read: the title (the same text the client route sets),
 * meta description, canonical URL, Open Graph and Twitter card, the RSS alternates, and JSON-LD
 * (`NewsArticle` + `BreadcrumbList` on an article, `WebSite` + `Organization` on the home page,
 * `BreadcrumbList` on category and section pages). A page that does not exist gets `noindex` and no canonical.
 *
 * Pure: no database, no Express, no clock. Every URL is absolute, from the configured public URL. Text goes
 * into attributes HTML-escaped; JSON-LD is JSON with `<`, `>` and `&` written as \u escapes, so nothing in
 * a title (`</script>` say) can end the script element. The JSON-LD objects are typed with `schema-dts`
 * (schema.org's vocabulary) and follow Google's article rich result guidelines: headline of at most 110
 * characters, absolute image URLs, ISO dates, authors as a Person with a name only, publisher with a logo.
 */
import type {
  BreadcrumbList,
  CollectionPage,
  CorrectionComment,
  ImageObject,
  ListItem,
  NewsArticle,
  OrganizationLeaf,
  Person,
  ProfilePage,
  Thing,
  WebPage,
  WebSite,
  WithContext,
} from 'schema-dts';
import { accentShades, DEFAULT_ACCENT, isHexColor } from '#shared/colors';
import { CROP_RATIOS, cropSize, cropUrl } from '#shared/images';
import { readerPagePath } from '#shared/page-numbers';
import { sectionPageName, type ReaderPage } from '#shared/reader-page';
import type { Article, ArticleListItem, Author, CorrectionListItem, Site } from '#shared/types';
import { SOCIAL_NETWORKS } from '#shared/schemas/settings';
import { SHARE_IMAGE } from '../articles/share-image';
import { articleTeaser, escapeHtml, shareImageUrl } from '../articles/share-page';
import { truncateOnWord } from '../lib/text';
import { feedLinks, type FeedScope } from '../seo/feed-links';
import { bylineAuthors } from '#shared/byline';
import { SITE_LOCALE, articleUrl, authorUrl, categoryUrl, correctionsUrl, homeUrl, type Publication } from '../seo/site';
import { scriptJson } from './script-json';

export type { ReaderPage };

/** The site as a page's head shows it: where it is, and its settings (server/src/settings). */
export interface SiteInfo extends Publication {
  description: string;
  /** Absolute URL of a raster logo (Google wants one for the publisher). */
  logoUrl: string;
  /** The newsroom's own accounts on social networks: the Organization's `sameAs`. */
  sameAs: string[];
  /** A staging site: every page says `noindex`. */
  noindex: boolean;
  /** The accent colour (#rrggbb): written over the stylesheet's when it is not the stylesheet's own. */
  accentColor: string;
  /** The site's icon (a path under /uploads), or null for the built-in one. */
  iconUrl: string | null;
  /** The preview of pages without an image of their own (absolute), with its size when known; null: the built-in one. */
  shareImage: { url: string; width: number; height: number } | null;
}

/** The head's view of the site settings, at `publicUrl`. */
export function siteInfo(publicUrl: string, site: Site): SiteInfo {
  return {
    publicUrl,
    name: site.name,
    description: site.description,
    logoUrl: site.logo ? `${publicUrl}${site.logo.url}` : `${publicUrl}/logo.png`,
    sameAs: SOCIAL_NETWORKS.flatMap(({ key }) => site.social[key] ?? []),
    noindex: site.noindex,
    accentColor: site.accentColor,
    iconUrl: site.icon ? squareIcon(site.icon) : null,
    shareImage: site.shareImage ? previewOf(site.shareImage, publicUrl) : null,
  };
}

/** A share image as previews take it: its 16:9 JPEG crop once made (what every scraper reads), the original until then. */
function previewOf(image: NonNullable<Site['shareImage']>, publicUrl: string): NonNullable<SiteInfo['shareImage']> {
  if (!image.crops || !image.width) return { url: `${publicUrl}${image.url}`, width: image.width, height: image.height };
  const ratio = { width: 16, height: 9 } as const;
  return { url: `${publicUrl}${cropUrl(image.url, ratio)}`, ...cropSize(image, ratio) };
}

/** The square of an uploaded icon: its 1:1 crop once made (a JPEG at most 1,200 px), the original until then. */
export const squareIcon = (icon: { url: string; crops: boolean }) => (icon.crops ? cropUrl(icon.url, { width: 1, height: 1 }) : icon.url);

/** The icon links of every page: the site's own icon, or the built-in one (client/public/favicon.svg). */
function iconLinks(site: SiteInfo): string[] {
  if (!site.iconUrl) return ['<link rel="icon" type="image/svg+xml" href="/favicon.svg">'];
  const href = escapeHtml(site.iconUrl);
  return [`<link rel="icon" href="${href}">`, `<link rel="apple-touch-icon" href="${href}">`];
}

/**
 * The site's accent colour and its shades as CSS variables, over the stylesheet's (Tailwind's theme variables sit in a
 * layer, so an unlayered rule wins wherever it is); nothing for the stylesheet's own colour. The colour is checked
 * by the settings' schema (#rrggbb), and checked again here: nothing else is ever written into the style element.
 */
export function accentStyle(accentColor: string): string {
  if (!isHexColor(accentColor) || accentColor.toLowerCase() === DEFAULT_ACCENT) return '';
  const { accent, hover, onDark } = accentShades(accentColor);
  return `<style>:root{--color-brand:${accent};--color-brand-hover:${hover};--color-brand-on-dark:${onDark}}</style>`;
}

/** Google shows up to 110 characters of an article headline. */
export const HEADLINE_MAX = 110;
/** Search result snippets show about 160 characters. */
export const DESCRIPTION_MAX = 160;
/** The preview of pages that are not an article (client/public/og-default.png, made by scripts/brand-images.mjs). */
export const DEFAULT_OG_IMAGE = { path: '/og-default.png', type: 'image/png', width: 1200, height: 630 } as const;
/** The login and sign-up page (client/src/config/paths.ts). */
const AUTH_PATH = '/auth';
const LANGUAGE = 'en';

/** An http(s) URL as is, a site path ('/uploads/x.jpg') under the public URL; anything else is not an image we link. */
function absoluteUrl(src: string | null | undefined, publicUrl: string): string | null {
  const s = src?.trim();
  if (!s) return null;
  if (/^https?:\/\//i.test(s)) return URL.canParse(s) ? new URL(s).href : null;
  if (s.startsWith('/') && !s.startsWith('//')) return URL.canParse(`${publicUrl}${s}`) ? `${publicUrl}${s}` : null;
  return null;
}

const isoDate = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

const urls = (site: SiteInfo) => ({
  home: homeUrl(site.publicUrl),
  article: (id: string) => articleUrl(site.publicUrl, encodeURIComponent(id)),
  category: (slug: string) => categoryUrl(site.publicUrl, slug),
  author: (slug: string) => authorUrl(site.publicUrl, slug),
  shareImage: (a: Article) => shareImageUrl(site.publicUrl, a.id, a.updatedAt),
  organizationId: `${site.publicUrl}/#organization`,
  websiteId: `${site.publicUrl}/#website`,
});

/** The article's own images as the article page shows them: its image media first, then its imageUrl. */
function articleImages(article: Article, publicUrl: string): string[] {
  const sources = [...(article.media ?? []).filter((m) => m.type === 'image').map((m) => m.fileUrl), article.imageUrl];
  const absolute = sources.map((s) => absoluteUrl(s, publicUrl)).filter((s): s is string => s !== null);
  return [...new Set(absolute)];
}

/**
 * The 16:9, 4:3 and 1:1 crops (shared/images.ts) of the article's first picture that has them, with their
 * sizes: the three ratios Google's article guidelines ask for. None before the variants job has made them.
 */
function articleCrops(article: Article, publicUrl: string): ImageObject[] {
  const pictures = [
    ...(article.media ?? []).filter((m) => m.type === 'image').map((m) => ({ url: m.fileUrl, info: m.image })),
    { url: article.imageUrl, info: article.image },
  ];
  const first = pictures.find((p) => p.url && p.info?.crops);
  if (!first?.url || !first.info) return [];
  const { url, info } = first;
  // Pixels: UN/CEFACT's unit code E37, as schema.org's QuantitativeValue takes it.
  const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' }) as const;
  return CROP_RATIOS.map((ratio) => {
    const size = cropSize(info, ratio);
    return { '@type': 'ImageObject', url: `${publicUrl}${cropUrl(url, ratio)}`, width: pixels(size.width), height: pixels(size.height) };
  });
}

interface PreviewImage {
  url: string;
  alt: string;
  type?: string;
  width?: number;
  height?: number;
}

interface HeadParts {
  title: string;
  description: string;
  /** Absent for a page that does not exist: it gets noindex instead. */
  canonical: string | null;
  ogType: 'article' | 'website' | 'profile';
  ogTitle: string;
  image: PreviewImage;
  extraMeta: [property: string, content: string][];
  /** A category page announces its category's feed besides the site's, an author page its author's. */
  feed?: FeedScope;
  jsonLd: WithContext<Thing>[];
}

function organization(site: SiteInfo): OrganizationLeaf {
  const u = urls(site);
  return {
    '@type': 'Organization',
    '@id': u.organizationId,
    name: site.name,
    url: u.home,
    logo: { '@type': 'ImageObject', url: site.logoUrl },
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
  };
}

function breadcrumbs(trail: { name: string; url: string }[]): WithContext<BreadcrumbList> {
  const itemListElement: ListItem[] = trail.map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.name,
    item: crumb.url,
  }));
  return { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement };
}

const defaultImage = (site: SiteInfo): PreviewImage =>
  site.shareImage
    ? {
        url: site.shareImage.url,
        alt: site.name,
        ...(site.shareImage.width ? { width: site.shareImage.width, height: site.shareImage.height } : {}),
      }
    : builtInImage(site);

const builtInImage = (site: SiteInfo): PreviewImage => ({
  url: `${site.publicUrl}${DEFAULT_OG_IMAGE.path}`,
  alt: site.name,
  type: DEFAULT_OG_IMAGE.type,
  width: DEFAULT_OG_IMAGE.width,
  height: DEFAULT_OG_IMAGE.height,
});

/** A listing page's description: what it is, then its first headlines, as much as fits. */
function listingDescription(lead: string, articles: Pick<ArticleListItem, 'title'>[]): string {
  const titles = articles.map((a) => a.title.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return truncateOnWord(titles.length ? `${lead}: ${titles.join('; ')}` : `${lead}.`, DESCRIPTION_MAX);
}

function articleParts(article: Article, site: SiteInfo): HeadParts {
  const u = urls(site);
  const canonical = u.article(article.id);
  const own = articleImages(article, site.publicUrl);
  const share = u.shareImage(article);
  // The 1200x630 JPEG made from the article's picture (or the branded card), as on the share page: the upload
  // itself may be a WebP of any size, which some link previews do not show (issue 24).
  const image: PreviewImage = { url: share, alt: article.title, type: 'image/jpeg', width: SHARE_IMAGE.width, height: SHARE_IMAGE.height };
  const description = articleTeaser(article);
  const published = isoDate(article.publishedAt) ?? isoDate(article.createdAt);
  const updated = isoDate(article.updatedAt);
  // An edit saved before publishing must not make the article look modified before it came out.
  const modified = published && (!updated || updated < published) ? published : updated;
  const categoryName = article.category?.name;

  const newsArticle: WithContext<NewsArticle> = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    '@id': `${canonical}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    url: canonical,
    headline: truncateOnWord(article.title, HEADLINE_MAX),
    description,
    // The crops of its picture in Google's three ratios, its own pictures, then the 1200x630 preview made from
    // them (or the branded card).
    image: [...articleCrops(article, site.publicUrl), ...new Set([...own, share])],
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    // The author and the co-authors, in the byline's order (docs/decisions/064-co-authors.md).
    author: bylineAuthors(article).map((person) => ({
      '@type': 'Person',
      name: person.name,
      ...(person.slug ? { url: u.author(person.slug) } : {}),
    })),
    publisher: organization(site),
    ...(categoryName ? { articleSection: categoryName } : {}),
    // Its corrections, dated (docs/decisions/062-corrections.md): the modified date is the newest one's, or later.
    ...(article.corrections?.length
      ? {
          correction: article.corrections.map((c): CorrectionComment => ({
            '@type': 'CorrectionComment',
            text: c.text,
            datePublished: c.createdAt,
          })),
        }
      : {}),
    inLanguage: LANGUAGE,
  };
  const trail = [
    { name: 'Home', url: u.home },
    ...(article.category ? [{ name: article.category.name, url: u.category(article.category.slug) }] : []),
    { name: article.title, url: canonical },
  ];

  return {
    title: `${article.title} | ${site.name}`,
    description,
    canonical,
    ogType: 'article',
    ogTitle: article.title,
    image,
    extraMeta: [
      ...(published ? [['article:published_time', published] as [string, string]] : []),
      ...(modified ? [['article:modified_time', modified] as [string, string]] : []),
      ...(categoryName ? [['article:section', categoryName] as [string, string]] : []),
      ...bylineAuthors(article).map((person): [string, string] => ['article:author', person.name]),
    ],
    jsonLd: [newsArticle, breadcrumbs(trail)],
  };
}

/** A listing's head (a category, a section): '<name> | <site>', what it is and its latest stories, and the trail Home › name. */
function listingParts(site: SiteInfo, name: string, canonical: string, lead: string, articles: ArticleListItem[]): HeadParts {
  return {
    title: `${name} | ${site.name}`,
    description: listingDescription(lead, articles),
    canonical,
    ogType: 'website',
    ogTitle: `${name} | ${site.name}`,
    image: defaultImage(site),
    extraMeta: [],
    jsonLd: [
      breadcrumbs([
        { name: 'Home', url: urls(site).home },
        { name, url: canonical },
      ]),
    ],
  };
}

/** ', page 2' after a title, for the pages of a list past its first. */
const pageSuffix = (page: number) => (page > 1 ? `, page ${page}` : '');

/** An author page (docs/decisions/049-author-pages.md): a ProfilePage whose main entity is the author as a Person. */
function authorParts(author: Author, articles: ArticleListItem[], page: number, site: SiteInfo): HeadParts {
  const u = urls(site);
  const url = u.author(author.slug);
  const canonical = `${site.publicUrl}${readerPagePath(`/author/${encodeURIComponent(author.slug)}`, page)}`;
  const photo = absoluteUrl(author.avatarUrl, site.publicUrl);
  const bio = author.bio?.replace(/\s+/g, ' ').trim();
  const description = bio
    ? truncateOnWord(bio, DESCRIPTION_MAX)
    : listingDescription(`Stories by ${author.name} from ${site.name}`, articles);
  const person: Person = {
    '@type': 'Person',
    '@id': `${url}#person`,
    name: author.name,
    url,
    ...(bio ? { description: bio } : {}),
    ...(photo ? { image: photo } : {}),
    worksFor: { '@id': u.organizationId },
  };
  const profile: WithContext<ProfilePage> = {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    '@id': canonical,
    url: canonical,
    name: `${author.name}${pageSuffix(page)}`,
    inLanguage: LANGUAGE,
    mainEntity: person,
  };
  return {
    title: `${author.name}${pageSuffix(page)} | ${site.name}`,
    description,
    canonical,
    ogType: 'profile',
    ogTitle: author.name,
    image: photo ? { url: photo, alt: author.name } : defaultImage(site),
    extraMeta: [],
    feed: { author },
    jsonLd: [
      profile,
      breadcrumbs([
        { name: 'Home', url: u.home },
        { name: author.name, url },
      ]),
    ],
  };
}

/** /corrections (docs/decisions/062-corrections.md): the newsroom's corrections, newest first, page by page. */
function correctionsParts(corrections: CorrectionListItem[], page: number, site: SiteInfo): HeadParts {
  const u = urls(site);
  const first = correctionsUrl(site.publicUrl);
  const canonical = `${site.publicUrl}${readerPagePath('/corrections', page)}`;
  const name = `Corrections${pageSuffix(page)}`;
  const lead = `Corrections to ${site.name} articles, newest first`;
  const collection: WithContext<CollectionPage> = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': canonical,
    url: canonical,
    name,
    inLanguage: LANGUAGE,
    isPartOf: { '@id': u.websiteId },
    publisher: { '@id': u.organizationId },
  };
  return {
    title: `${name} | ${site.name}`,
    description: listingDescription(
      lead,
      corrections.map((c) => ({ title: c.article.title })),
    ),
    canonical,
    ogType: 'website',
    ogTitle: name,
    image: defaultImage(site),
    extraMeta: [],
    jsonLd: [
      collection,
      breadcrumbs([
        { name: 'Home', url: u.home },
        { name: 'Corrections', url: first },
      ]),
    ],
  };
}

function pageParts(page: ReaderPage, site: SiteInfo): HeadParts {
  const u = urls(site);
  switch (page.kind) {
    case 'article':
      return articleParts(page.article, site);
    case 'home': {
      // The home page previews as the publication, not as the day's main story: the link is to the site.
      const website: WithContext<WebSite> = {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        '@id': u.websiteId,
        url: u.home,
        name: site.name,
        description: site.description,
        inLanguage: LANGUAGE,
        publisher: { '@id': u.organizationId },
      };
      const org: WithContext<OrganizationLeaf> = { '@context': 'https://schema.org', ...organization(site) };
      // A later page of the Latest river is a page of its own: its own title and address, the same preview.
      const river = page.page ?? 1;
      if (river > 1)
        return {
          title: `Latest news${pageSuffix(river)} | ${site.name}`,
          description: truncateOnWord(`The latest stories from ${site.name}, page ${river}.`, DESCRIPTION_MAX),
          canonical: `${site.publicUrl}${readerPagePath('/', river)}`,
          ogType: 'website',
          ogTitle: `Latest news${pageSuffix(river)} | ${site.name}`,
          image: defaultImage(site),
          extraMeta: [],
          jsonLd: [],
        };
      return {
        title: `${site.name}: local and world news`,
        description: truncateOnWord(site.description, DESCRIPTION_MAX),
        canonical: u.home,
        ogType: 'website',
        ogTitle: site.name,
        image: defaultImage(site),
        extraMeta: [],
        jsonLd: [website, org],
      };
    }
    case 'category': {
      const { category, articles } = page;
      const lead = `Stories in the ${category.name} category of ${site.name}, newest first`;
      return { ...listingParts(site, category.name, u.category(category.slug), lead, articles), feed: { category } };
    }
    case 'section': {
      const { section, articles } = page;
      const canonical = `${site.publicUrl}${section.path.startsWith('/') ? section.path : `/${section.path}`}`;
      const lead = `All ${site.name} articles in the ${section.heading} section, newest first`;
      return listingParts(site, sectionPageName(section.heading), canonical, lead, articles);
    }
    case 'author':
      return authorParts(page.author, page.articles.data, page.page, site);
    case 'page': {
      const { page: staticPage } = page;
      const canonical = `${site.publicUrl}/${encodeURIComponent(staticPage.slug)}`;
      const text = staticPage.summary.trim();
      const webPage: WithContext<WebPage> = {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        '@id': canonical,
        url: canonical,
        name: staticPage.title,
        ...(text ? { description: text } : {}),
        inLanguage: LANGUAGE,
        dateModified: staticPage.updatedAt,
        isPartOf: { '@id': u.websiteId },
        publisher: { '@id': u.organizationId },
      };
      return {
        title: `${staticPage.title} | ${site.name}`,
        description: truncateOnWord(text || `${staticPage.title}, from ${site.name}.`, DESCRIPTION_MAX),
        canonical,
        ogType: 'website',
        ogTitle: staticPage.title,
        image: defaultImage(site),
        extraMeta: [],
        jsonLd: [
          webPage,
          breadcrumbs([
            { name: 'Home', url: u.home },
            { name: staticPage.title, url: canonical },
          ]),
        ],
      };
    }
    case 'corrections':
      return correctionsParts(page.corrections, page.page, site);
    case 'search': {
      // No search page is indexed (docs/decisions/065-search.md): no canonical address, so the head says noindex.
      const name = page.query ? `Search results for “${page.query}”${pageSuffix(page.page)}` : 'Search';
      return {
        title: `${name} | ${site.name}`,
        description: truncateOnWord(`Search the articles of ${site.name}.`, DESCRIPTION_MAX),
        canonical: null,
        ogType: 'website',
        ogTitle: name,
        image: defaultImage(site),
        extraMeta: [],
        jsonLd: [],
      };
    }
    case 'newsletters': {
      // The list is a page of the site; a subscriber's choices (a token in the address) are nobody else's: noindex.
      const name = page.view === 'list' ? 'Newsletters' : page.view === 'confirm' ? 'Confirm your subscription' : 'Your newsletters';
      return {
        title: `${name} | ${site.name}`,
        description: truncateOnWord(`The newsletters of ${site.name}: our journalism in your inbox.`, DESCRIPTION_MAX),
        canonical: page.view === 'list' ? `${site.publicUrl}/newsletters` : null,
        ogType: 'website',
        ogTitle: name,
        image: defaultImage(site),
        extraMeta: [],
        jsonLd: [],
      };
    }
    case 'not-found': {
      const title = `${page.title?.trim() || 'Page not found'} | ${site.name}`;
      return {
        title,
        description: "The page you're looking for doesn't exist.",
        canonical: null,
        ogType: 'website',
        ogTitle: title,
        image: defaultImage(site),
        extraMeta: [],
        jsonLd: [],
      };
    }
  }
}

/** JSON for a <script> element: `<`, `>` and `&` as \u escapes (still the same JSON), so no text can close it. */

/** The tags of a reader page's <head>, one a line, to put in the HTML template's head. */
export function buildHead(page: ReaderPage, site: SiteInfo): string {
  return headTags(pageParts(page, site), site);
}

/**
 * The head of a page the browser renders (the app's shell): the login and sign-up page is one to find, with
 * its canonical address; the others (the dashboard, a password reset link) have the site's name and description.
 */
export function buildShellHead(pathname: string, site: SiteInfo): string {
  if (pathname !== AUTH_PATH)
    return [
      `<meta name="description" content="${escapeHtml(site.description)}">`,
      `<title>${escapeHtml(site.name)}</title>`,
      ...iconLinks(site),
      accentStyle(site.accentColor),
    ]
      .filter(Boolean)
      .join('\n');
  const title = `Login | ${site.name}`;
  return headTags(
    {
      title,
      description: `Log in to ${site.name}, or create an account to comment on the news.`,
      canonical: `${site.publicUrl}${AUTH_PATH}`,
      ogType: 'website',
      ogTitle: title,
      image: defaultImage(site),
      extraMeta: [],
      jsonLd: [],
    },
    site,
  );
}

function headTags(p: HeadParts, site: SiteInfo): string {
  const property = (key: string, value: string | number) => `<meta property="${key}" content="${escapeHtml(String(value))}">`;
  const name = (key: string, value: string) => `<meta name="${key}" content="${escapeHtml(value)}">`;
  const feeds = feedLinks(site, p.feed);
  const { image } = p;

  return [
    `<title>${escapeHtml(p.title)}</title>`,
    name('description', p.description),
    ...(p.canonical ? [`<link rel="canonical" href="${escapeHtml(p.canonical)}">`] : []),
    ...(!p.canonical || site.noindex ? [name('robots', 'noindex')] : []),
    ...feeds.map((f) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}">`),
    property('og:site_name', site.name),
    property('og:locale', SITE_LOCALE),
    property('og:type', p.ogType),
    property('og:title', p.ogTitle),
    property('og:description', p.description),
    ...(p.canonical ? [property('og:url', p.canonical)] : []),
    property('og:image', image.url),
    ...(image.type ? [property('og:image:type', image.type)] : []),
    ...(image.width ? [property('og:image:width', image.width)] : []),
    ...(image.height ? [property('og:image:height', image.height)] : []),
    property('og:image:alt', image.alt),
    ...p.extraMeta.map(([key, value]) => property(key, value)),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', p.ogTitle),
    name('twitter:description', p.description),
    name('twitter:image', image.url),
    name('twitter:image:alt', image.alt),
    ...p.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    ...iconLinks(site),
    ...(accentStyle(site.accentColor) ? [accentStyle(site.accentColor)] : []),
  ].join('\n');
}

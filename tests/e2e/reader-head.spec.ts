import { expect, test, type Page } from '@playwright/test';
import { publishedArticles } from './helpers';

/**
 * The page head follows in-app navigation (issue 24, defect 1; docs/decisions/051-head-on-navigation.md):
 * after moving from one page to another in the browser, every tag of the head is the new page's, exactly
 * as a direct load of that page has it, with nothing left of the previous one.
 */

/** The head's page-specific tags, as the document has them now, one line each, in order. */
function headTags(page: Page) {
  return page.evaluate(() =>
    [
      ...document.head.querySelectorAll(
        'title, meta[name], meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]',
      ),
    ]
      .filter((el) => !['viewport', 'theme-color'].includes(el.getAttribute('name') ?? ''))
      .map((el) => {
        if (el.localName === 'title' || el.localName === 'script') return `${el.localName} ${el.textContent}`;
        if (el.localName === 'link') return `link ${el.getAttribute('rel')} ${el.getAttribute('title') ?? ''} ${el.getAttribute('href')}`;
        return `meta ${el.getAttribute('name') ?? el.getAttribute('property')} ${el.getAttribute('content')}`;
      }),
  );
}

/** What a crawler or a share sheet reads: one of each, or a failure. */
async function readHead(page: Page) {
  return page.evaluate(() => {
    const one = (selector: string, attr: string) => {
      const found = [...document.querySelectorAll(selector)];
      return found.length === 1 ? found[0]!.getAttribute(attr) : `${found.length} elements match ${selector}`;
    };
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as { '@type': string; headline?: string },
    );
    return {
      titles: document.querySelectorAll('title').length,
      canonical: one('link[rel="canonical"]', 'href'),
      ogUrl: one('meta[property="og:url"]', 'content'),
      ogTitle: one('meta[property="og:title"]', 'content'),
      ogType: one('meta[property="og:type"]', 'content'),
      twitterTitle: one('meta[name="twitter:title"]', 'content'),
      description: one('meta[name="description"]', 'content'),
      types: jsonLd.map((d) => d['@type']).sort(),
      headline: jsonLd.find((d) => d['@type'] === 'NewsArticle')?.headline ?? null,
    };
  });
}

test('after in-app navigation every head tag is the new page’s, and back again the previous page’s', async ({ page, browser, request }) => {
  const direct = async (path: string) => {
    const other = await browser.newPage();
    await other.goto(path, { waitUntil: 'networkidle' });
    const tags = await headTags(other);
    await other.close();
    return tags;
  };

  await page.goto('/', { waitUntil: 'networkidle' });
  const origin = new URL(page.url()).origin;
  const homeTags = await headTags(page);
  const home = await readHead(page);
  expect(home).toMatchObject({ titles: 1, canonical: `${origin}/`, ogUrl: `${origin}/`, ogType: 'website', headline: null });
  expect(home.types).toEqual(['Organization', 'WebSite']);

  // The first article the home page links to, followed by a click: the browser loads it (docs/decisions/054).
  const link = page.locator('main a[href^="/article/"]').first();
  const href = (await link.getAttribute('href'))!;
  const id = href.split('/').pop()!;
  const { data } = await publishedArticles(request, 'limit=100');
  const article = data.find((a) => a.id === id)!;
  expect(article, 'the linked article is published').toBeTruthy();
  const documents: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && documents.push(f.url()));
  await link.click();
  await expect(page).toHaveURL(`${origin}${href}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/article/${id}`);
  const onArticle = await readHead(page);
  expect(onArticle).toMatchObject({
    titles: 1,
    canonical: `${origin}/article/${id}`,
    ogUrl: `${origin}/article/${id}`,
    ogTitle: article.title,
    twitterTitle: article.title,
    ogType: 'article',
    headline: article.title,
  });
  expect(onArticle.types).toEqual(['BreadcrumbList', 'NewsArticle']);
  for (const key of ['published_time', 'modified_time', 'author', 'section'])
    await expect(page.locator(`meta[property="article:${key}"]`), key).toHaveCount(1);
  // The very tags a direct load of the article has: one source, nothing left over, nothing missing.
  expect(await headTags(page)).toEqual(await direct(href));

  await page.goBack();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
  expect(await readHead(page)).toEqual(home);
  expect(await headTags(page)).toEqual(homeTags);
  // No other page was loaded on the way.
  expect(documents.filter((url) => !url.startsWith(`${origin}/article/`) && url !== `${origin}/`)).toEqual([]);
});

test('the head follows a move to a category and a section page, each with its own canonical and feed links', async ({ page }) => {
  await page.goto('/news/sports', { waitUntil: 'networkidle' });
  const origin = new URL(page.url()).origin;
  await page.locator('header a[href^="/category/"]').first().click();
  await expect(page).toHaveURL(/\/category\//);
  const path = new URL(page.url()).pathname;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${path}`);
  // A category page announces its own feed besides the site's; the section page did not.
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(2);
  expect((await readHead(page)).titles).toBe(1);
});

test('the login page has one title after hydration, and a canonical address', async ({ page }) => {
  await page.goto('/auth', { waitUntil: 'networkidle' });
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await expect(page).toHaveTitle('Login | Chronicle News');
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/auth`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveTitle('Sign Up | Chronicle News');
  await expect(page.locator('title')).toHaveCount(1);
});

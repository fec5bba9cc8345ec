import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { DESKTOP } from './helpers';

/**
 * Speculation Rules as Chromium reads them (docs/decisions/024-speculation-rules.md), watched through the
 * DevTools protocol's Preload domain: the rule set named by the page's header parses, reader links are
 * prerender candidates, everything else same-origin a prefetch candidate, and the private areas neither.
 */

interface Watch {
  ruleSets: { url?: string; errorType?: string; errorMessage?: string }[];
  /** Candidate links by action: the latest list Chromium reported. */
  candidates: { action: string; url: string }[];
  /** URLs for which a prerender attempt started. */
  prerendered: string[];
}

async function watchPreloading(page: Page): Promise<Watch> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const watch: Watch = { ruleSets: [], candidates: [], prerendered: [] };
  cdp.on('Preload.ruleSetUpdated', (e) => watch.ruleSets.push(e.ruleSet));
  cdp.on('Preload.preloadingAttemptSourcesUpdated', (e) => {
    watch.candidates = e.preloadingAttemptSources.map((s) => ({ action: s.key.action, url: s.key.url }));
  });
  cdp.on('Preload.prerenderStatusUpdated', (e) => watch.prerendered.push(e.key.url));
  await cdp.send('Preload.enable');
  return watch;
}

const pathOf = (url: string) => new URL(url).pathname;
const actionFor = (watch: Watch, path: string) => watch.candidates.find((c) => pathOf(c.url) === path)?.action;

test('reader links are prerendered on intent, other same-origin links prefetched, private areas never', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const watch = await watchPreloading(page);
  const response = await page.goto('/');
  expect(response?.headers()['speculation-rules']).toBe('"/speculation-rules.json"');

  await expect.poll(() => watch.ruleSets.length, { message: 'Chromium loads the rule set' }).toBeGreaterThan(0);
  expect(watch.ruleSets.map((r) => ({ url: r.url && pathOf(r.url), errorType: r.errorType, errorMessage: r.errorMessage }))).toEqual([
    { url: '/speculation-rules.json', errorType: undefined, errorMessage: undefined },
  ]);

  // Links a page could carry, added to the home page's own (document rules follow the DOM).
  await page.evaluate(() => {
    const list = document.createElement('nav');
    for (const href of ['/rss.xml', '/auth', '/auth/reset-password', '/dashboard', '/dashboard/articles', '/api/articles/published']) {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = href;
      list.append(a);
    }
    document.body.append(list);
  });

  const hero = page.getByRole('region', { name: 'Main story' }).getByRole('link', { name: /Read Full Story/ });
  const articlePath = (await hero.getAttribute('href'))!;
  await expect.poll(() => actionFor(watch, '/rss.xml'), { message: 'the added links are seen' }).toBe('Prefetch');
  expect(actionFor(watch, articlePath)).toBe('Prerender');
  expect(actionFor(watch, '/')).toBe('Prerender');
  expect(actionFor(watch, '/news/sports')).toBe('Prerender');
  expect(watch.candidates.some((c) => pathOf(c.url).startsWith('/category/') && c.action === 'Prerender')).toBe(true);
  for (const path of ['/auth', '/auth/reset-password', '/dashboard', '/dashboard/articles', '/api/articles/published']) {
    expect(actionFor(watch, path), path).toBeUndefined();
  }
  // Every candidate is on this site.
  expect(watch.candidates.filter((c) => new URL(c.url).origin !== new URL(page.url()).origin)).toEqual([]);

  // 'moderate': resting the pointer on a reader link starts its prerender.
  await hero.hover();
  await expect.poll(() => watch.prerendered.map(pathOf)).toContain(articlePath);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, hydrated, publishedArticles } from './helpers';

/**
 * Issue 10: axe finds no violations on any reader page at 375 and 1280 px, also while the breaking-news
 * ticker moves. Every rule axe runs by default counts (WCAG 2.x A/AA and best practices), at any impact.
 */

async function violations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
}

/** Waits until nothing on the page is still loading: no busy region, no lazy chunk's fallback. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('#root')).not.toBeEmpty();
  await transitionsDone(page);
}

/**
 * A colour mid-transition (a submit button enabled by hydration, fading from its disabled grey) is no colour
 * a reader keeps seeing: transitions are turned off for the scan, so a button that hydration enables during it (on a
 * slow machine, after the wait below) has its final colour at once; and any running one is waited for. The ticker's
 * animations are not transitions.
 */
async function transitionsDone(page: Page) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'));
}

const TICKER = 'section[aria-label="Breaking news"]';

/**
 * Catches the ticker's CSS animation, pauses it and steps it through several moments, scanning the ticker
 * at each. On wide screens the fade runs only while a headline comes in, so it waits for the next one and
 * then holds the pointer over the ticker, which stops the rotation (docs/spec/SPEC.md §4) while the moments are scanned.
 */
async function scanTickerWhileMoving(page: Page) {
  const text = page.locator(`${TICKER} [data-testid="ticker-text"]`);
  await expect(text).toBeVisible();
  // Its island (or React) has taken the ticker over: a wide screen's fading line has replaced the server's scroll.
  await hydrated(page, `${TICKER} button`);
  // Catches a fade and pauses it, then holds the pointer over the ticker, which stops the rotation.
  const catchAndHold = async () => {
    // Off the ticker (which is at the top of the page), so that the rotation runs.
    const size = page.viewportSize()!;
    await page.mouse.move(size.width / 2, size.height - 10);
    await expect
      .poll(
        () =>
          text.evaluate((el) => {
            const animations = el.getAnimations({ subtree: true });
            animations.forEach((a) => a.pause());
            return animations.length;
          }),
        // A headline comes in every 6 s; on a loaded machine the page's timer has fired past 8 s (ci-70): two turns.
        { message: 'the ticker animates', timeout: 15_000, intervals: [50] },
      )
      .toBeGreaterThan(0);
    await text.hover();
  };
  await catchAndHold();
  const found: string[] = [];
  for (const fraction of [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9]) {
    const step = () =>
      text.evaluate((el, f) => {
        const animations = el.getAnimations({ subtree: true });
        for (const animation of animations) {
          const { duration } = animation.effect!.getComputedTiming();
          animation.currentTime = (typeof duration === 'number' ? duration : 0) * f;
        }
        return animations.length;
      }, fraction);
    let stepped = await step();
    // The rotation's timer can swap the headline between the catch and the hover (seen once in CI, at 1280 px):
    // the caught fade is gone with its element. Another is caught, and the moment stepped again.
    for (let tries = 0; stepped === 0 && tries < 3; tries++) {
      await catchAndHold();
      stepped = await step();
    }
    expect(stepped, 'the paused animation is still there').toBeGreaterThan(0);
    const at = `at ${Math.round(fraction * 100)}%`;
    const results = await new AxeBuilder({ page }).include(TICKER).analyze();
    for (const v of results.violations) found.push(`${at}: ${v.id} ${v.nodes.map((n) => n.failureSummary).join(' | ')}`);
    // A contrast axe could not work out would hide a failure. The one allowed reason is the scrolling line's
    // clipped part lying under the label and the pause button ('bgOverlap'): axe does not see the clipping,
    // and the scroll only moves the text, so its colours are those it measured at the other moments.
    for (const v of results.incomplete.filter((r) => r.id === 'color-contrast'))
      for (const n of v.nodes) {
        const reasons = n.any.map((check) => (check.data as { messageKey?: string } | null)?.messageKey);
        if (!reasons.every((r) => r === 'bgOverlap')) found.push(`${at}: contrast not measurable — ${n.failureSummary}`);
      }
  }
  await text.evaluate((el) => el.getAnimations({ subtree: true }).forEach((a) => a.play()));
  expect(found).toEqual([]);
}

test.describe('reader pages: no axe violations', () => {
  let article: { id: string; category: { id: string; slug: string } };

  test.beforeAll(async ({ request }) => {
    const main = await publishedArticles(request, 'main=true&limit=1');
    article = main.data[0]!;
  });

  const pages: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
    {
      name: 'home',
      path: () => '/',
      ready: (page) => expect(page.getByRole('region', { name: 'Main story' }).getByRole('heading')).toBeVisible(),
    },
    {
      name: 'article',
      path: () => `/article/${article.id}`,
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();
        await expect(page.getByTestId('view-count')).toHaveText(/\d+ views?/);
      },
    },
    {
      name: 'category',
      path: () => `/category/${article.category.slug}`,
      ready: (page) => expect(page.getByRole('heading', { name: 'Latest Stories' })).toBeVisible(),
    },
    {
      name: 'section',
      path: () => '/news/sports',
      ready: (page) => expect(page.getByRole('main').getByRole('article').first()).toBeVisible(),
    },
    {
      name: 'not-found',
      path: () => '/no/such/page',
      ready: (page) => expect(page.getByRole('heading', { name: '404' })).toBeVisible(),
    },
    {
      name: 'article not found',
      path: () => '/article/00000000-0000-4000-8000-000000000000',
      ready: (page) => expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible(),
    },
    {
      name: 'category not found',
      path: () => '/category/no-such-category',
      ready: (page) => expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible(),
    },
    {
      name: 'section not found',
      path: () => '/news/weather',
      ready: (page) => expect(page.getByRole('heading', { name: 'Section Not Found' })).toBeVisible(),
    },
  ];

  for (const size of [MOBILE, DESKTOP]) {
    for (const p of pages) {
      test(`${p.name} at ${size.width} px`, async ({ page }) => {
        await page.setViewportSize(size);
        await page.goto(p.path());
        await p.ready(page);
        await settled(page);
        expect(await violations(page)).toEqual([]);
      });
    }

    test(`pages while their content loads at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      // Articles, comments and view counts stay pending until the scan is done, so the skeletons are scanned.
      const held: (() => Promise<void>)[] = [];
      await page.route(/\/api\/(articles|comments|view)\b/, (route) => {
        held.push(() => route.continue().catch(() => {}));
      });
      for (const p of pages.slice(0, 4)) {
        await page.goto(p.path());
        await expect(page.getByRole('region', { name: 'Breaking news' })).toBeVisible();
        await transitionsDone(page);
        expect(await violations(page), `${p.name} while loading`).toEqual([]);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(held.map((release) => release()));
    });

    test(`the breaking-news ticker at ${size.width} px, sampled while it moves`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      await pages[0]!.ready(page);
      await scanTickerWhileMoving(page);
    });
  }

  test('the ticker with reduced motion at both widths', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await pages[0]!.ready(page);
      await settled(page);
      expect(await violations(page), `at ${size.width} px`).toEqual([]);
      // Nothing moves on its own: no running animation on the ticker text.
      const running = await page
        .locator(`${TICKER} [data-testid="ticker-text"]`)
        .evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length);
      expect(running, `at ${size.width} px`).toBe(0);
    }
  });
});

import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Shared helpers of the browser journeys: screenshots, accessibility scans, log-in. */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');
export const DEMO_PASSWORD = 'Chronicle#2026';
export const DEMO = {
  admin: 'admin@demo.chronicle.local',
  editor: 'editor@demo.chronicle.local',
  author: 'author@demo.chronicle.local',
  reader: 'reader@demo.chronicle.local',
} as const;

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Saves a full-page screenshot of the current page at 375 and 1280 px wide, then restores the size. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    // Full-page shots are taken from the top, where the header is in the page flow.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(700);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `reader-${name}-${size.width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/** Fails on any serious or critical WCAG 2 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Logs in through the login form. */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Logs in through the API and stores the session where the app restores it from (localStorage). */
export async function loginWithStorage(page: Page, request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `login of ${email}`).toBeTruthy();
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
      }
    },
    [token, user],
  );
  return { token, user };
}

export interface ArticleSummary {
  id: string;
  title: string;
  section: string;
  isMainStory: boolean;
  category: { id: string; name: string; slug: string };
  author: { name: string; slug?: string };
}

/** Published articles straight from the API, to compare the pages with. */
export async function publishedArticles(
  request: APIRequestContext,
  query = '',
): Promise<{ data: ArticleSummary[]; pagination: { total: number } }> {
  const res = await request.get(`/api/articles/published${query ? `?${query}` : ''}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** A unique e-mail address for one run (the code-send limits count per address). */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;

/**
 * Waits until the element `selector` names works: React has hydrated or rendered it (it carries React's own properties
 * then), or, on a page of islands (docs/decisions/054-reader-islands.md), the islands have started, for an element
 * outside the comments (the comments' island renders them with React once the reader nears them).
 */
export async function hydrated(page: Page, selector: string, timeout = 30_000) {
  await page.waitForFunction(
    (s) => {
      const element = document.querySelector(s);
      if (!element) return false;
      if (Object.keys(element).some((k) => k.startsWith('__react'))) return true;
      return document.documentElement.dataset.islands === 'started' && !element.closest('[data-comments]');
    },
    selector,
    { timeout },
  );
}

/** Clicks the article's 'Copy link' button and expects the alert of docs/spec/SPEC.md §4. */
export async function copyLink(page: Page, timeout?: number) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const alerts: string[] = [];
  page.once('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(() => alerts, { timeout }).toEqual(['Link copied to clipboard!']);
}

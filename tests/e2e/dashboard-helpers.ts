import { expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Helpers of the dashboard journeys (tests/e2e/dashboard-*.spec.ts). */
export const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export const MENUS = {
  'super-admin': [
    'Dashboard',
    'Users',
    'Categories',
    'Articles',
    'Stories',
    'Breaking News',
    'Comments',
    'Pages',
    'Reports',
    'Newsletters',
    'Settings',
    'Audit Log',
    'Profile',
  ],
  admin: [
    'Dashboard',
    'Users',
    'Categories',
    'Articles',
    'Stories',
    'Breaking News',
    'Comments',
    'Pages',
    'Reports',
    'Newsletters',
    'Settings',
    'Audit Log',
    'Profile',
  ],
  editor: ['Dashboard', 'Breaking News', 'Categories', 'Articles', 'Stories', 'Comments', 'Pages', 'Reports', 'Newsletters', 'Profile'],
  author: ['Dashboard', 'Articles', 'Breaking News', 'Reports', 'Profile'],
} as const;

/** A page of its own browser context, signed in as `email` the way the app restores a session (localStorage). */
export async function pageAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `login of ${email}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.goto('/no-such-page-for-sign-in');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user] as const,
  );
  return page;
}

export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

/** The texts of the sidebar menu. */
export async function menuOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

/** A 1280 px screenshot of what is on screen now (modals included). */
export async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(SHOTS, `dashboard-${name}-1280.png`), fullPage, animations: 'disabled' });
}

/** Full-page screenshots at 375 and 1280 px, failing if the page scrolls sideways at either width. */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `dashboard-${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/** The success toast (docs/spec/SPEC.md §8: titled Success) with `text`. */
export async function expectToast(page: Page, title: 'Success' | 'Error', text: string | RegExp) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toContainText(text);
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Opens the editor of the article titled `title` (a pattern, as in a row's name) from the Articles screen at `list`
 * (filtered, say): its row's View, then Edit. The table's rows need the desktop layout.
 */
export async function openArticleEditor(page: Page, title: string, list = '/dashboard/articles') {
  await page.goto(list);
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: /^View/ })
    .click();
  await page.getByRole('dialog', { name: 'Article Details' }).getByRole('button', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Article' });
}
